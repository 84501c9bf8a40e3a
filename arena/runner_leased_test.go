package arena_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/arena"
)

// sameRecords fails the test unless got and want are the same games, game
// for game (row ids and times aside).
func sameRecords(t *testing.T, want, got []arena.GameRecord) {
	t.Helper()
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(arena.GameRecord{}, "ID", "StartedAt", "EndedAt")); diff != "" {
		t.Errorf("games differ (-want +got):\n%s", diff)
	}
}

// TestRunner_LeasedWorkers: four workers (four stores: four connection
// pools, as four processes have) play one tournament on one database at
// once, PostgreSQL or an SQLite file (where each used to play every game).
// Every planned game is played once, by one of them, and the games are
// those of one runner alone.
func TestRunner_LeasedWorkers(t *testing.T) { eachBackend(t, testLeasedWorkers) }

func testLeasedWorkers(t *testing.T, b backend) {
	ctx := context.Background()
	sched := mustSchedule(t, arena.Tournament{Bots: bots("random", "aimer", "planner", "oracle"),
		Scenarios: scenarios("showdown", "bank-job"), GamesPerPairing: 6, Seed: 11})
	single, _ := backends[0].open(t)
	if _, err := mustRunner(t, fairReferee, single, testConfig(3)).Run(ctx, sched); err != nil {
		t.Fatal(err)
	}
	want := games(t, single, sched.Info.ID)

	u := b.newDB(t)
	const workers = 4
	sums := make([]arena.Summary, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		s := reopen(t, u)
		if !s.Leased() {
			t.Fatalf("a %s store is not leased", b.name)
		}
		cfg := testConfig(2)
		cfg.Worker = fmt.Sprintf("w%d", w)
		r := mustRunner(t, fairReferee, s, cfg)
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
	pg := reopen(t, u)
	sameRecords(t, want, games(t, pg, sched.Info.ID))

	// The same command again plays nothing.
	sum, err := mustRunner(t, fairReferee, pg, testConfig(2)).Run(ctx, sched)
	if err != nil || sum.Played != 0 || sum.Skipped != len(sched.Fixtures) {
		t.Errorf("rerun: %+v, %v; want everything skipped", sum, err)
	}
}

// TestRunner_LeasedFailedSet: a set whose game fails every attempt is given
// up by the run (ErrGameFailed) and left free: a later run plays it.
func TestRunner_LeasedFailedSet(t *testing.T) { eachBackend(t, testLeasedFailedSet) }

func testLeasedFailedSet(t *testing.T, b backend) {
	ctx := context.Background()
	sched := mustSchedule(t, arena.Tournament{Bots: bots("random", "aimer", "planner"), Scenarios: scenarios("showdown"),
		GamesPerPairing: 2, Seed: 5})
	bad := sched.Fixtures[3].Key
	broken := arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		if m.Key == bad {
			return arena.Outcome{}, errors.New("env server down")
		}
		return fakeOutcome(m), nil
	})
	s, _ := b.open(t)
	sum, err := mustRunner(t, broken, s, testConfig(2)).Run(ctx, sched)
	if !errors.Is(err, arena.ErrGameFailed) || len(sum.Failed) != 1 || sum.Failed[0].Key != bad {
		t.Fatalf("run with a broken game: %+v, %v; want it failed", sum, err)
	}
	if got := len(games(t, s, sched.Info.ID)); got != len(sched.Fixtures)-1 {
		t.Errorf("%d games recorded, want all but the broken one, %d", got, len(sched.Fixtures)-1)
	}
	sum, err = mustRunner(t, fairReferee, s, testConfig(2)).Run(ctx, sched)
	if err != nil || sum.Played != 1 {
		t.Errorf("second run: %+v, %v; want the broken game played", sum, err)
	}
}
