package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer"
)

// reportReplays returns the report's section of replays: up to n of the games recs that
// have a sound replay in dir, in the games' order, in one viewer. A replay that cannot be
// used (not a regular file, larger than maxReplayFileBytes, unreadable, or refused by
// replay.Verify, which replays it through the engine of reg) is skipped with a warning
// through warn, so that one corrupt file does not cost the report. It returns false when
// there is no replay to show.
func reportReplays(dir string, reg *env.Registry, recs []arena.GameRecord, n int, warn func(error)) (report.Section, bool, error) {
	var named []viewer.Named
	for _, g := range recs {
		if len(named) >= n {
			break
		}
		path := filepath.Join(dir, arena.ReplayFileName(g.TournamentID, g.Key))
		if _, err := os.Lstat(path); err != nil {
			continue
		}
		r, err := readReplay(path, reg)
		if err != nil {
			warn(fmt.Errorf("skipped the replay of game %s: %w", g.Key, err))
			continue
		}
		names := make([]string, len(g.Bots))
		for i, b := range g.Bots {
			names[i] = arena.SafeBotName(b.Name)
		}
		name := fmt.Sprintf("%s: %s, %s", g.Scenario.ID, strings.Join(names, " vs "), gameResult(g))
		named = append(named, viewer.Named{Name: name, Replay: r})
	}
	if len(named) == 0 {
		return report.Section{}, false, nil
	}
	html, err := viewer.Section(named...)
	if err != nil {
		return report.Section{}, false, err
	}
	return report.Section{Title: "Replays", HTML: html}, true, nil
}

// readReplay reads the replay file at path, a regular file of at most maxReplayFileBytes,
// and verifies it with the engine of its game.
func readReplay(path string, reg *env.Registry) (*replay.Replay, error) {
	data, err := readCapped(path, "replay file", maxReplayFileBytes)
	if err != nil {
		return nil, err
	}
	r, err := replay.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if _, err := reg.Lookup(r.Header.Game); err != nil && strings.HasPrefix(r.Header.Game, flickemup.FilePrefix) {
		return nil, fmt.Errorf("%s: the game %s is played from a scenario file: name the file with --scenario-files", path, r.Header.Game)
	}
	if err := replay.Verify(reg, r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// printReplays says what the run's replays came to.
func printReplays(w io.Writer, sum arena.ReplaySummary) {
	switch {
	case !sum.Upsets:
		fmt.Fprintf(w, "Replays: %d of this tournament in %s (open them with the viewer: envserver --http ADDR --replays %s).\n", sum.Files, sum.Dir, sum.Dir)
	case sum.FitErr != nil:
		fmt.Fprintf(w, "Replays: no ratings to judge upsets (%v); the recorded games wait in %s.\n", explainFit(sum.FitErr), filepath.Join(sum.Dir, arena.PendingDir))
	default:
		fmt.Fprintf(w, "Replays: %d upsets kept in %s, %d other games dropped.\n", sum.Kept, sum.Dir, sum.Dropped)
	}
}

// gameResult describes how game g came out: X, Y or draw for two seats,
// else the places of its seats ("places 1, 3, 1").
func gameResult(g arena.GameRecord) string {
	if r := g.Result(); r.Valid() {
		return r.String()
	}
	places := make([]string, len(g.Ranks))
	for i, r := range g.Ranks {
		places[i] = strconv.Itoa(r)
	}
	return "places " + strings.Join(places, ", ")
}
