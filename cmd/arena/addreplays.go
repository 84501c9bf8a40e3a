package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/regfile"
	"github.com/flickarena/flickarena/replay"
)

// humanVersion is the version recorded for a person's seat.
const humanVersion = "person"

// runAddReplays enters the games people played at envserver's /play, from their replays,
// into a tournament of a results database, so that the ratings and the balance count them.
func runAddReplays(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("add-replays", `Enter games that people played (envserver --http, at /play) into a
tournament of a results database, from their replays, so that 'arena ratings',
'arena balance' and the report count them beside the bots' games.

Each replay must be a game that its rules ended, of one of the tournament's
scenarios (the same game and options), between the tournament's bots and at
least one person: a person's seat ("human", or "human:NAME") becomes the bot
human (or human-NAME) with the version "person". Each replay is first proved
by playing its actions again through the engine (as 'replay.Verify' does): a
replay that does not reproduce is refused. A game is entered once, keyed by
its replay's content: entering it again changes nothing. A game that did not
end by its rules (closed, expired) has no result: it is skipped, and said so. The games join the
tournament beside its planned ones (each its own pair): a later 'arena run'
of the tournament counts them among the games of others.

Examples:
  arena add-replays --db results.db --tournament 3f2a --replays replays/
  arena add-replays --db results.db --tournament 3f2a --replays a.jsonl.gz,b.jsonl.gz --scenarios my-town.scn`, stderr)
	db := fs.String("db", "results.db", "results `database`: an SQLite file, or a PostgreSQL URL (postgres://...)")
	tournament := fs.String("tournament", "", "the tournament `id` (or a unique prefix of it) the games join")
	var paths, files []string
	fs.Func("replays", "comma-separated replay `files` (.jsonl, .jsonl.gz), or a directory: its replays that have a person's seat; repeatable", func(v string) error {
		paths = append(paths, splitList(v)...)
		return nil
	})
	fs.Func("scenarios", "Flick 'em Up! scenario `files` (or directories) that the replays' games come from, as 'arena run --scenarios' took them; repeatable", func(v string) error {
		files = append(files, splitList(v)...)
		return nil
	})
	if err := parse(fs, args); err != nil {
		return err
	}
	if *tournament == "" || len(paths) == 0 {
		fmt.Fprintln(stderr, "arena add-replays: --tournament and --replays are required")
		fs.Usage()
		return errUsage
	}
	reg, err := newRegistry()
	if err != nil {
		return fmt.Errorf("add-replays: %w", err)
	}
	fileArgs := make([]scenarioArg, len(files))
	for i, f := range files {
		fileArgs[i] = scenarioArg{name: f}
	}
	if _, err := registerScenarioFiles(reg, fileArgs); err != nil {
		return fmt.Errorf("add-replays: %w", err)
	}
	names, err := personReplays(paths)
	if err != nil {
		return fmt.Errorf("add-replays: %w", err)
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return fmt.Errorf("add-replays: %w", err)
	}
	defer st.Close()
	info, err := findTournament(ctx, st, *tournament)
	if err != nil {
		return fmt.Errorf("add-replays: %w", err)
	}
	cat := newCatalogue(reg)
	added, already, skipped := 0, 0, 0
	for _, name := range names {
		g, err := humanGame(reg, cat, info, name)
		if errors.Is(err, errUnrated) {
			fmt.Fprintf(stdout, "skipped %s: %v\n", name, err)
			skipped++
			continue
		}
		if err != nil {
			return fmt.Errorf("add-replays: %s: %w", name, err)
		}
		ok, err := st.AppendGame(ctx, g)
		if err != nil {
			return fmt.Errorf("add-replays: %s: %w", name, err)
		}
		if ok {
			added++
			fmt.Fprintf(stdout, "added %s: %s, %s (%s)\n", name, g.Scenario.ID, botList(g.Bots), g.Reason)
		} else {
			already++
		}
	}
	fmt.Fprintf(stdout, "%d games added to tournament %s, %d there already, %d skipped\n", added, info.ID, already, skipped)
	return nil
}

// personReplays lists the replay files that paths name: a file as it is, a directory's replays
// that have a person's seat (the others are the arena's or a pool's), sorted.
func personReplays(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			n := e.Name()
			if !e.Type().IsRegular() || !strings.HasSuffix(n, replay.Ext) && !strings.HasSuffix(n, replay.GzipExt) {
				continue
			}
			full := filepath.Join(p, n)
			r, err := replay.ReadFile(full)
			if err == nil && slices.ContainsFunc(r.Header.Players, isPerson) {
				out = append(out, full)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no replay with a person's seat in %s", strings.Join(paths, ", "))
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// isPerson reports whether a replay's player is a person ("human", "human:NAME").
func isPerson(name string) bool { return name == "human" || strings.HasPrefix(name, "human:") }

// findTournament returns the tournament of st whose id is or begins with id, when one does.
func findTournament(ctx context.Context, st *store.Store, id string) (arena.TournamentInfo, error) {
	all, err := st.Tournaments(ctx)
	if err != nil {
		return arena.TournamentInfo{}, err
	}
	var found []arena.TournamentInfo
	for _, t := range all {
		if strings.HasPrefix(t.ID, id) {
			found = append(found, t)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return arena.TournamentInfo{}, fmt.Errorf("no tournament %q in the database (it holds %d)", id, len(all))
	}
	return arena.TournamentInfo{}, fmt.Errorf("%d tournaments begin with %q: give more of the id", len(found), id)
}

// errUnrated is the error of a replay whose game has no result to rate: it is skipped.
var errUnrated = errors.New("no result to rate")

// humanGame reads, proves and converts the replay in file name into a game of tournament t.
func humanGame(reg *env.Registry, cat catalogue, t arena.TournamentInfo, name string) (arena.GameRecord, error) {
	data, err := regfile.ReadFile(name, replay.MaxBytes)
	if err != nil {
		return arena.GameRecord{}, err
	}
	r, err := replay.ReadFile(name)
	if err != nil {
		return arena.GameRecord{}, err
	}
	h := r.Header
	switch {
	case r.End == nil || r.End.Status != env.Terminated.String() || len(r.End.Outcome) != len(h.Players):
		return arena.GameRecord{}, fmt.Errorf("%w: the game did not end by its rules (closed, expired, a limit or a fault)", errUnrated)
	case h.Seed == nil:
		return arena.GameRecord{}, errors.New("the replay does not say how the game was seeded")
	case !slices.ContainsFunc(h.Players, isPerson):
		return arena.GameRecord{}, errors.New("no seat is a person's: the bots' games are played by 'arena run'")
	}
	if err := replay.Verify(reg, r); err != nil {
		return arena.GameRecord{}, fmt.Errorf("the replay does not reproduce: %w", err)
	}
	sc, err := scenarioOf(cat, t, h.Game, h.Options)
	if err != nil {
		return arena.GameRecord{}, err
	}
	bots := make([]arena.BotInfo, len(h.Players))
	for i, p := range h.Players {
		if isPerson(p) {
			bots[i] = arena.BotInfo{Name: strings.Replace(p, ":", "-", 1), Version: humanVersion}
			if err := arena.CheckBotName(bots[i].Name); err != nil {
				return arena.GameRecord{}, fmt.Errorf("seat %d: %w", i, err)
			}
			continue
		}
		k := slices.IndexFunc(t.Bots, func(b arena.BotInfo) bool { return b.Name == p })
		if k < 0 {
			return arena.GameRecord{}, fmt.Errorf("seat %d: the bot %s is not one of the tournament's (%s)", i, p, botList(t.Bots))
		}
		bots[i] = t.Bots[k]
	}
	vals := make([]float64, len(r.End.Outcome))
	for i, v := range r.End.Outcome {
		vals[i] = float64(v)
	}
	sum := sha256.Sum256(data)
	key := "human|" + hex.EncodeToString(sum[:8])
	fi, err := os.Stat(name)
	if err != nil {
		return arena.GameRecord{}, err
	}
	first := 0
	if len(r.Steps) > 0 {
		first = r.Steps[0].Player
	}
	points, endKind, err := finalState(reg, r)
	if err != nil {
		return arena.GameRecord{}, err
	}
	g := arena.GameRecord{TournamentID: t.ID, Key: key, PairID: key, Seq: t.Planned, Scenario: sc, Seed: h.Seed.Key, Points: points, EndKind: endKind,
		Bots: bots, FirstMover: first, Ranks: arena.RanksOf(vals), Termination: arena.TermNormal, Reason: r.End.Note,
		Turns: r.End.Steps, Attempt: 1, ArenaVersion: arenaVersion() + " add-replays", StartedAt: fi.ModTime().UTC(), EndedAt: fi.ModTime().UTC()}
	if err := g.Validate(); err != nil {
		return arena.GameRecord{}, err
	}
	return g, nil
}

// finalState plays the replay's actions again and returns, as the arena records them, each
// seat's points at the end when the game keeps points (env.Scorer; else nil), and the kind of
// its end when the game names it (env.Ender; else "").
func finalState(reg *env.Registry, r *replay.Replay) (points []float64, kind string, err error) {
	g, err := reg.New(r.Header.Game, r.Header.Options)
	if err != nil {
		return nil, "", err
	}
	if err := g.Reset(env.EpisodeRand(r.Header.Seed.Key, r.Header.Seed.Episode)); err != nil {
		return nil, "", err
	}
	for _, st := range r.Steps {
		if _, err := g.Step(env.Action{Discrete: st.Action.Discrete, Continuous: st.Action.Continuous}); err != nil {
			return nil, "", fmt.Errorf("step %d: %w", st.Index, err)
		}
	}
	if e, ok := g.(env.Ender); ok {
		kind = e.EndKind()
	}
	if s, ok := g.(env.Scorer); ok {
		p := s.Scores(nil)
		if len(p) == g.Spec().NumPlayers && !slices.ContainsFunc(p, func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }) {
			points = p
		}
	}
	return points, kind, nil
}

// scenarioOf returns the scenario of tournament t that plays game with opts (the recording
// option aside), as 'arena run' resolved it.
func scenarioOf(cat catalogue, t arena.TournamentInfo, game string, opts env.Options) (arena.Scenario, error) {
	want := maps.Clone(opts)
	delete(want, replay.RecordOption)
	want = cat.canonicalOptions(game, want)
	var ids []string
	for _, s := range t.Scenarios {
		ids = append(ids, s.ID)
		a, err := parseScenario(s.ID)
		if err != nil {
			continue
		}
		_, setup, err := cat.resolveArg(a)
		if err != nil || setup.Game != game {
			continue
		}
		if len(setup.Options) == 0 && len(want) == 0 || maps.Equal(setup.Options, want) {
			return s, nil
		}
	}
	return arena.Scenario{}, fmt.Errorf("the game %s (options %v) is none of the tournament's scenarios (%s)", game, want, strings.Join(ids, ", "))
}

// botList names bots for a message.
func botList(bots []arena.BotInfo) string {
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = b.Name
	}
	return strings.Join(names, ", ")
}
