package arena_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// rescueBot is a fake Player for the rescue test.
type rescueBot string

func (b rescueBot) Name() string    { return string(b) }
func (b rescueBot) Version() string { return "1" }

// TestRunner_LeasedRescue: a worker claimed a set and died (its lease is
// never renewed). A live worker plays every other set, waits for the dead
// worker's lease to run out, rescues its set and plays it: every game is
// recorded. On either backend.
func TestRunner_LeasedRescue(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) { testLeasedRescue(t, filepath.Join(t.TempDir(), "r.db")) })
	t.Run("PostgreSQL", func(t *testing.T) { testLeasedRescue(t, pgtest.DB(t)) })
}

func testLeasedRescue(t *testing.T, path string) {
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sched, err := arena.NewSchedule(arena.Tournament{Bots: []arena.Player{rescueBot("a"), rescueBot("b"), rescueBot("c")},
		Scenarios: []arena.Scenario{{ID: "s", Version: "1"}}, GamesPerPairing: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RecordTournament(ctx, sched.Info); err != nil {
		t.Fatal(err)
	}
	if err := s.PlanLeases(ctx, sched); err != nil {
		t.Fatal(err)
	}
	const ttl = 600 * time.Millisecond
	// The lease's expiry is stamped inside ClaimSet, so the time before the call is a lower
	// bound of it: the set must not be played before claimed+ttl.
	claimed := time.Now()
	dead, ok, err := s.ClaimSet(ctx, sched.Info.ID, "dead", nil, ttl, nil)
	if err != nil || !ok || dead != sched.Fixtures[0].PairID {
		t.Fatalf("the dead worker's claim: %q, %v, %v; want the first set", dead, ok, err)
	}

	var deadPlayedAt time.Time
	ref := arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		if m.Key == sched.Fixtures[0].Key && deadPlayedAt.IsZero() {
			deadPlayedAt = time.Now()
		}
		return arena.Outcome{Termination: arena.TermNormal, Ranks: []int{1, 2}, Turns: 1}, nil
	})
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency, cfg.LeaseTTL, cfg.Worker = 2, ttl, "live"
	r, err := arena.NewRunner(ref, s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(ctx, sched)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != len(sched.Fixtures) {
		t.Errorf("played %d games, want all %d", sum.Played, len(sched.Fixtures))
	}
	if d := deadPlayedAt.Sub(claimed); d < ttl {
		t.Errorf("the dead worker's set was played %v after its claim, before its lease of %v ran out", d, ttl)
	}
	if n, err := s.UnfinishedSets(ctx, sched.Info.ID, nil); err != nil || n != 0 {
		t.Errorf("%d sets unfinished, %v; want none", n, err)
	}
}
