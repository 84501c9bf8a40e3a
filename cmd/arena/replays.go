package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer"
)

// The --record policies.
const (
	recordAll    = "all"
	recordFirst  = "first"
	recordUpsets = "upsets"
)

// pendingDir is the subdirectory of the replay directory that holds the replays of games
// whose fate waits for the final ratings (--record upsets).
const pendingDir = ".pending"

// replayKeeper is the arena.ReplayKeeper of `arena run --record`: it writes the replays of
// the chosen games into a directory, one gzipped JSON-lines file per game.
//
//   - all: every game, with its flicks' trajectories;
//   - first=K: the first K games of each pairing on each scenario (pair rounds in order, the
//     two legs of a pair one after the other), with trajectories;
//   - upsets: the games won by the bot with the lower rating in the joint fit of the whole
//     tournament once the run is over (normal ends only: a win by the opponent's fault is
//     not an upset). Every game is recorded without trajectories (actions and views, a few
//     kB) into .pending/; at the end, the upsets are rebuilt with their trajectories by
//     replaying their actions through the engine (which checks every state hash on the way)
//     and the others are deleted. An interrupted run leaves .pending/ for the next one.
type replayKeeper struct {
	dir    string
	mode   string
	first  int
	mu     sync.Mutex     // guards rounds and tid
	rounds map[string]int // fixture key → position among its bots' games on its scenario
	tid    string         // the tournament id
}

// newReplayKeeper parses the --record value; it returns nil for "" or "none".
func newReplayKeeper(policy, dir string) (*replayKeeper, error) {
	k := &replayKeeper{dir: dir}
	switch {
	case policy == "" || policy == "none":
		return nil, nil
	case policy == recordAll || policy == recordUpsets:
		k.mode = policy
	case strings.HasPrefix(policy, recordFirst+"="):
		n, err := strconv.Atoi(strings.TrimPrefix(policy, recordFirst+"="))
		if err != nil || n < 1 || n > 2*maxGames {
			return nil, fmt.Errorf("--record %s: K must be a number of games in [1, %d]", policy, 2*maxGames)
		}
		k.mode, k.first = recordFirst, n
	default:
		return nil, fmt.Errorf("--record %q: want all, first=K or upsets", policy)
	}
	sub := dir
	if k.mode == recordUpsets {
		sub = filepath.Join(dir, pendingDir)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, fmt.Errorf("replays: %w", err)
	}
	return k, nil
}

// defaultReplayDir is the replay directory beside a database: results.db → results-replays;
// for a PostgreSQL database, "replays" in the current directory.
func defaultReplayDir(db string) string {
	if arena.IsPostgresURL(db) {
		return "replays" // a server's database has no directory: the current one
	}
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	return filepath.Join(filepath.Dir(db), base+"-replays")
}

// plan tells the keeper the tournament's fixtures, before the run.
func (k *replayKeeper) plan(s arena.Schedule) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.tid = s.Info.ID
	k.rounds = make(map[string]int, len(s.Fixtures))
	for _, f := range s.Fixtures {
		k.rounds[f.Key] = f.Round*len(f.Players) + f.Leg
	}
}

// Record implements arena.ReplayKeeper.
func (k *replayKeeper) Record(m arena.Match) (bool, bool) {
	switch k.mode {
	case recordAll:
		return true, true
	case recordFirst:
		k.mu.Lock()
		pos, ok := k.rounds[m.Key]
		k.mu.Unlock()
		return ok && pos < k.first, true
	case recordUpsets:
		return true, false
	}
	return false, false
}

// Keep implements arena.ReplayKeeper.
func (k *replayKeeper) Keep(m arena.Match, _ arena.Outcome, r *replay.Replay) error {
	dir := k.dir
	if k.mode == recordUpsets {
		dir = filepath.Join(k.dir, pendingDir)
	}
	if err := replay.WriteFile(filepath.Join(dir, k.fileName(m.Key)), r); err != nil {
		return fmt.Errorf("replays: %w", err)
	}
	return nil
}

// fileName is the replay file of game key of the tournament.
func (k *replayKeeper) fileName(key string) string { return replayFileName(k.tid, key) }

// replayFileName is the replay file of game key of tournament tid: the id's first 8 digits
// and the key, with every character but letters, digits, '.', '-' and '_' replaced by '_'.
func replayFileName(tid, key string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, key)
	return tid[:min(8, len(tid))] + "-" + safe + replay.GzipExt
}

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
		path := filepath.Join(dir, replayFileName(g.TournamentID, g.Key))
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
	if err := replay.Verify(reg, r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// settle finishes the run's replays and prints what was kept: with upsets, it judges the
// pending games of this tournament with the final ratings, rebuilds the upsets with their
// trajectories and deletes the rest.
func (k *replayKeeper) settle(w io.Writer, reg *env.Registry, recs []arena.GameRecord, cfg rating.Config) error {
	if k.mode != recordUpsets {
		names, _ := filepath.Glob(filepath.Join(k.dir, k.tid[:min(8, len(k.tid))]+"-*"+replay.GzipExt))
		fmt.Fprintf(w, "Replays: %d of this tournament in %s (open them with the viewer: envserver --http ADDR --replays %s).\n", len(names), k.dir, k.dir)
		return nil
	}
	m, err := rating.Fit(arena.RatingGames(recs), cfg)
	if err != nil {
		fmt.Fprintf(w, "Replays: no ratings to judge upsets (%v); the recorded games wait in %s.\n", explainFit(err), filepath.Join(k.dir, pendingDir))
		return nil
	}
	var kept, dropped int
	var errs []error
	for _, g := range recs {
		pending := filepath.Join(k.dir, pendingDir, k.fileName(g.Key))
		if _, err := os.Stat(pending); err != nil {
			continue
		}
		if !upset(m, g) {
			errs = append(errs, os.Remove(pending))
			dropped++
			continue
		}
		thin, err := replay.ReadFile(pending)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		full := thin
		if tracesFlicks(reg, thin) {
			if full, err = replay.Rebuild(reg, thin, env.Options{replay.RecordOption: "true"}); err != nil {
				errs = append(errs, fmt.Errorf("rebuild %s: %w", g.Key, err))
				continue
			}
		}
		if err := replay.WriteFile(filepath.Join(k.dir, k.fileName(g.Key)), full); err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, os.Remove(pending))
		kept++
	}
	fmt.Fprintf(w, "Replays: %d upsets kept in %s, %d other games dropped.\n", kept, k.dir, dropped)
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("replays: %w", err)
	}
	return nil
}

// tracesFlicks reports whether the game of r accepts the option that records trajectories.
func tracesFlicks(reg *env.Registry, r *replay.Replay) bool {
	opts := env.Options{replay.RecordOption: "true"}
	for k, v := range r.Header.Options {
		opts[k] = v
	}
	_, err := reg.New(r.Header.Game, opts)
	return err == nil
}

// upset reports whether game g, ended by the rules, was won by the bot rated lower in m.
func upset(m *rating.Model, g arena.GameRecord) bool {
	w, ok := g.Result().Winner()
	if !ok || g.Termination != arena.TermNormal {
		return false
	}
	win, ok1 := m.Bot(g.Bots[w].Name)
	lose, ok2 := m.Bot(g.Bots[w.Other()].Name)
	return ok1 && ok2 && win.Elo < lose.Elo
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
