package arena_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
)

// TestRunner_LeasedWorkers: four workers (four stores: four connection
// pools, as four processes have) play one tournament on one database at
// once, PostgreSQL or an SQLite file (where each used to play every game).
// Every planned game is played once, by one of them, and the games are
// those of one runner alone.
func TestRunner_LeasedWorkers(t *testing.T) { arenatest.EachBackend(t, testLeasedWorkers) }

func testLeasedWorkers(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner", "oracle"),
		Scenarios: arenatest.Scenarios("showdown", "bank-job"), GamesPerPairing: 6, Seed: 11})
	single, _ := arenatest.SQLite.Open(t)
	if _, err := arenatest.MustRunner(t, arenatest.FairReferee, single, arenatest.TestConfig(3)).Run(ctx, sched); err != nil {
		t.Fatal(err)
	}
	want := arenatest.Games(t, single, sched.Info.ID)

	u := b.NewDB(t)
	const workers = 4
	sums := make([]arena.Summary, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		s := arenatest.Reopen(t, u)
		if !s.Leased() {
			t.Fatalf("a %s store is not leased", b.Name)
		}
		cfg := arenatest.TestConfig(2)
		cfg.Worker = fmt.Sprintf("w%d", w)
		r := arenatest.MustRunner(t, arenatest.FairReferee, s, cfg)
		wg.Go(func() { sums[w], errs[w] = r.Run(ctx, sched) })
	}
	wg.Wait()
	played := 0
	for w := range workers {
		if errs[w] != nil {
			t.Fatalf("worker %d: %v", w, errs[w])
		}
		played += sums[w].Played
		if got := sums[w].Skipped + sums[w].Played + sums[w].Others; got != len(sched.Fixtures) {
			t.Errorf("worker %d: %+v accounts for %d games, want %d", w, sums[w], got, len(sched.Fixtures))
		}
		if sums[w].Duplicates != 0 {
			t.Errorf("worker %d played %d games another had recorded: the leases overlap", w, sums[w].Duplicates)
		}
	}
	if played != len(sched.Fixtures) {
		t.Errorf("workers played %d games in all, want %d", played, len(sched.Fixtures))
	}
	pg := arenatest.Reopen(t, u)
	arenatest.SameRecords(t, want, arenatest.Games(t, pg, sched.Info.ID))

	// The same command again plays nothing.
	sum, err := arenatest.MustRunner(t, arenatest.FairReferee, pg, arenatest.TestConfig(2)).Run(ctx, sched)
	if err != nil || sum.Played != 0 || sum.Skipped != len(sched.Fixtures) {
		t.Errorf("rerun: %+v, %v; want everything skipped", sum, err)
	}
}

// TestRunner_LeasedFailedSet: a set whose game fails every attempt is given
// up by the run (ErrGameFailed) and left free: a later run plays it.
func TestRunner_LeasedFailedSet(t *testing.T) { arenatest.EachBackend(t, testLeasedFailedSet) }

func testLeasedFailedSet(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 2, Seed: 5})
	bad := sched.Fixtures[3].Key
	broken := arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		if m.Key == bad {
			return arena.Outcome{}, errors.New("env server down")
		}
		return arenatest.FakeOutcome(m), nil
	})
	s, _ := b.Open(t)
	sum, err := arenatest.MustRunner(t, broken, s, arenatest.TestConfig(2)).Run(ctx, sched)
	if !errors.Is(err, arena.ErrGameFailed) || len(sum.Failed) != 1 || sum.Failed[0].Key != bad {
		t.Fatalf("run with a broken game: %+v, %v; want it failed", sum, err)
	}
	if got := len(arenatest.Games(t, s, sched.Info.ID)); got != len(sched.Fixtures)-1 {
		t.Errorf("%d games recorded, want all but the broken one, %d", got, len(sched.Fixtures)-1)
	}
	sum, err = arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(ctx, sched)
	if err != nil || sum.Played != 1 {
		t.Errorf("second run: %+v, %v; want the broken game played", sum, err)
	}
}
