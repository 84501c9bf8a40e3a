package arena_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// countingStore counts the runner's calls of UnfinishedSets, and closes first at the first.
type countingStore struct {
	arena.RunStore
	mu    sync.Mutex
	calls int
	first chan struct{}
}

func (s *countingStore) UnfinishedSets(ctx context.Context, id string, skip []string) (int, error) {
	s.mu.Lock()
	s.calls++
	if s.calls == 1 {
		close(s.first)
	}
	s.mu.Unlock()
	return s.RunStore.UnfinishedSets(ctx, id, skip)
}

// TestRunner_IdleGoroutineEnds: a goroutine of a run that finds no set to claim while the only
// unfinished set is held by its sibling ends at once rather than polling the queue (it used to
// sleep a poll, up to a second, at the end of every run: a short tournament at concurrency 2
// was no faster than at 1). One set of two games, two goroutines: the sibling's game waits
// until the idle goroutine has looked; the queue is then looked at twice in all (the idle
// goroutine, and the sibling once its set is done), not a third time after a poll.
func TestRunner_IdleGoroutineEnds(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sched, err := arena.NewSchedule(arena.Tournament{Bots: []arena.Player{rescueBot("a"), rescueBot("b")},
		Scenarios: []arena.Scenario{{ID: "s", Version: "1"}}, GamesPerPairing: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	cs := &countingStore{RunStore: st, first: make(chan struct{})}
	ref := arena.RefereeFunc(func(ctx context.Context, m arena.Match) (arena.Outcome, error) {
		select {
		case <-cs.first:
		case <-ctx.Done():
			return arena.Outcome{}, ctx.Err()
		case <-time.After(time.Minute): // a hang guard, not a measurement
			t.Error("the idle goroutine never looked at the queue")
		}
		return arena.Outcome{Termination: arena.TermNormal, Ranks: []int{1, 2}, Turns: 1}, nil
	})
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency, cfg.LeaseTTL, cfg.Worker = 2, time.Hour, "w"
	r, err := arena.NewRunner(ref, cs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := r.Run(ctx, sched)
	if err != nil || sum.Played != len(sched.Fixtures) {
		t.Fatalf("run: %+v, %v; want all %d games played", sum, err, len(sched.Fixtures))
	}
	if cs.calls != 2 {
		t.Errorf("the queue was looked at %d times, want 2 (the idle goroutine waited a poll and looked again)", cs.calls)
	}
}
