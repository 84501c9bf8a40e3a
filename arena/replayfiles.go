package arena

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// The record policies of [ReplayFiles], as 'arena run --record' names them.
const (
	// RecordAll keeps every game, with its flicks' trajectories.
	RecordAll = "all"
	// RecordFirst ("first=K") keeps the first K games of each set of bots on each scenario
	// (rounds in order, the games of a rotation set one after the other), with trajectories.
	RecordFirst = "first"
	// RecordUpsets keeps the games won by the bot rated lower once the run is over.
	RecordUpsets = "upsets"
)

// PendingDir is the subdirectory of a replay directory that holds the replays of games whose
// fate waits for the final ratings ([RecordUpsets]).
const PendingDir = ".pending"

// ReplayFiles is a [ReplayKeeper] that writes the replays of the games its policy chooses into
// a directory, one gzipped JSON-lines file per game ([ReplayFileName]):
//
//   - all: every game, with its flicks' trajectories;
//   - first=K: the first K games of each set of bots on each scenario, with trajectories;
//   - upsets: the two-seat games won by the bot with the lower rating in the joint fit of the
//     whole tournament once the run is over (normal ends only: a win by the opponent's fault
//     is not an upset). Every game is recorded without trajectories (actions and views, a
//     few kB) into .pending/; [ReplayFiles.Settle] rebuilds the upsets with their
//     trajectories by replaying their actions through the engine (which checks every state
//     hash on the way) and deletes the others. An interrupted run leaves .pending/ for the
//     next one.
//
// It is safe for concurrent use.
type ReplayFiles struct {
	dir    string
	mode   string
	first  int
	mu     sync.Mutex     // guards rounds and tid
	rounds map[string]int // fixture key → position among its bots' games on its scenario
	tid    string         // the tournament id
}

// NewReplayFiles parses a record policy (all, first=K with K in [1, maxFirst], upsets; "" or
// none for no replays, and a nil ReplayFiles) and creates the directory dir (and its
// .pending/ for upsets).
func NewReplayFiles(policy, dir string, maxFirst int) (*ReplayFiles, error) {
	k := &ReplayFiles{dir: dir}
	switch {
	case policy == "" || policy == "none":
		return nil, nil
	case policy == RecordAll || policy == RecordUpsets:
		k.mode = policy
	case strings.HasPrefix(policy, RecordFirst+"="):
		n, err := strconv.Atoi(strings.TrimPrefix(policy, RecordFirst+"="))
		if err != nil || n < 1 || n > maxFirst {
			return nil, fmt.Errorf("arena: record policy %s: K must be a number of games in [1, %d]", policy, maxFirst)
		}
		k.mode, k.first = RecordFirst, n
	default:
		return nil, fmt.Errorf("arena: record policy %q: want all, first=K or upsets", policy)
	}
	sub := dir
	if k.mode == RecordUpsets {
		sub = filepath.Join(dir, PendingDir)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, fmt.Errorf("arena: replays: %w", err)
	}
	return k, nil
}

// Plan tells the keeper the tournament's fixtures; call it before the run.
func (k *ReplayFiles) Plan(s Schedule) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.tid = s.Info.ID
	k.rounds = make(map[string]int, len(s.Fixtures))
	for _, f := range s.Fixtures {
		k.rounds[f.Key] = f.Round*len(f.Players) + f.Leg
	}
}

// Record implements [ReplayKeeper].
func (k *ReplayFiles) Record(m Match) (bool, bool) {
	switch k.mode {
	case RecordAll:
		return true, true
	case RecordFirst:
		k.mu.Lock()
		pos, ok := k.rounds[m.Key]
		k.mu.Unlock()
		return ok && pos < k.first, true
	case RecordUpsets:
		return true, false
	}
	return false, false
}

// Keep implements [ReplayKeeper].
func (k *ReplayFiles) Keep(m Match, _ Outcome, r *replay.Replay) error {
	dir := k.dir
	if k.mode == RecordUpsets {
		dir = filepath.Join(k.dir, PendingDir)
	}
	if err := replay.WriteFile(filepath.Join(dir, k.fileName(m.Key)), r); err != nil {
		return fmt.Errorf("arena: replays: %w", err)
	}
	return nil
}

// fileName is the replay file of game key of the tournament.
func (k *ReplayFiles) fileName(key string) string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return ReplayFileName(k.tid, key)
}

// ReplayFileName is the replay file of game key of tournament tid: the id's first 8 digits
// and the key, with every character but letters, digits, '.', '-' and '_' replaced by '_'.
func ReplayFileName(tid, key string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, key)
	return tid[:min(8, len(tid))] + "-" + safe + replay.GzipExt
}

// ReplaySummary says what [ReplayFiles.Settle] kept.
type ReplaySummary struct {
	// Dir is the replay directory.
	Dir string
	// Upsets reports the upsets policy, whose counts are Kept and Dropped.
	Upsets bool
	// Kept counts the upsets kept, with their trajectories (upsets only).
	Kept int
	// Dropped counts the other pending games, deleted (upsets only).
	Dropped int
	// Files counts the tournament's replay files (the other policies).
	Files int
	// FitErr, with upsets, is why no rating could judge the games: they wait in .pending/.
	FitErr error
}

// Settle finishes the run's replays: with upsets, it judges the pending games of this
// tournament, recs, with the final ratings (fitted with cfg), rebuilds the upsets with
// their trajectories (the engines of reg replay them) and deletes the rest.
func (k *ReplayFiles) Settle(reg *env.Registry, recs []GameRecord, cfg rating.Config) (ReplaySummary, error) {
	sum := ReplaySummary{Dir: k.dir, Upsets: k.mode == RecordUpsets}
	if !sum.Upsets {
		names, _ := filepath.Glob(filepath.Join(k.dir, k.tid[:min(8, len(k.tid))]+"-*"+replay.GzipExt))
		sum.Files = len(names)
		return sum, nil
	}
	m, err := rating.Fit(RatingGames(recs), cfg)
	if err != nil {
		sum.FitErr = err
		return sum, nil
	}
	var errs []error
	for _, g := range recs {
		pending := filepath.Join(k.dir, PendingDir, k.fileName(g.Key))
		if _, err := os.Stat(pending); err != nil {
			continue
		}
		if !upset(m, g) {
			errs = append(errs, os.Remove(pending))
			sum.Dropped++
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
		sum.Kept++
	}
	if err := errors.Join(errs...); err != nil {
		return sum, fmt.Errorf("arena: replays: %w", err)
	}
	return sum, nil
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

// upset reports whether game g, a two-seat game ended by the rules, was won by the bot rated
// lower in m.
func upset(m *rating.Model, g GameRecord) bool {
	w, ok := g.Result().Winner()
	if !ok || g.Termination != TermNormal {
		return false
	}
	win, ok1 := m.Bot(g.Bots[w].Name)
	lose, ok2 := m.Bot(g.Bots[w.Other()].Name)
	return ok1 && ok2 && win.Elo < lose.Elo
}
