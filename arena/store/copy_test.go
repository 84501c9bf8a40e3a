package store_test

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// testCopyStore copies an SQLite results file with a played tournament (its
// runs and their labels, a voided attempt, its games, its scenario's seat
// names) into a store of backend b: every record arrives as recorded; a
// second copy adds nothing.
func testCopyStore(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	src, srcPath := arenatest.SQLite.Open(t)
	named := arenatest.Scenarios("showdown")
	named[0].SeatNames = []string{"lawmen", "outlaws"}
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: named,
		GamesPerPairing: 4, Seed: 7})
	var calls atomic.Int64
	flaky := arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		if calls.Add(1) == 3 {
			return arena.Outcome{}, errors.New("env server hiccup")
		}
		return arenatest.FakeOutcome(m), nil
	})
	for i := range 2 {
		cfg := arenatest.TestConfig(1)
		if i == 1 {
			cfg.Labels = map[string]string{"tune.search": "3f2a", "tune.value": "town-hall"}
		}
		if _, err := arenatest.MustRunner(t, flaky, src, cfg).Run(ctx, sched); err != nil {
			t.Fatal(err)
		}
	}
	ro, err := store.OpenReadOnly(ctx, srcPath)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()

	dst, _ := b.Open(t)
	sum, err := store.Copy(ctx, dst, ro)
	if err != nil {
		t.Fatal(err)
	}
	want := store.CopySummary{Tournaments: 1, Runs: 2, Faults: 1, Games: len(sched.Fixtures)}
	if sum != want {
		t.Errorf("first copy: %+v, want %+v", sum, want)
	}
	ignoreIDs := cmp.Options{
		cmpopts.IgnoreFields(arena.GameRecord{}, "ID"),
		cmpopts.IgnoreFields(arena.RunRecord{}, "ID"),
		cmpopts.IgnoreFields(arena.FaultRecord{}, "ID"),
	}
	id := sched.Info.ID
	for _, c := range []struct {
		what     string
		got, src func(*store.Store) (any, error)
	}{
		{"tournaments", func(s *store.Store) (any, error) { return s.Tournaments(ctx) }, nil},
		{"runs", func(s *store.Store) (any, error) { return s.Runs(ctx, id) }, nil},
		{"faults", func(s *store.Store) (any, error) { return s.Faults(ctx, id) }, nil},
		{"games", func(s *store.Store) (any, error) { return s.Games(ctx, arena.GameFilter{}) }, nil},
	} {
		w, err1 := c.got(src)
		g, err2 := c.got(dst)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(w, g, ignoreIDs); diff != "" {
			t.Errorf("copied %s differ (-source +copy):\n%s", c.what, diff)
		}
	}

	if got := arenatest.Games(t, dst, id); len(got) == 0 || !cmp.Equal(got[0].Scenario.SeatNames, named[0].SeatNames) {
		t.Errorf("copied games name their seats %q, want %q", got[0].Scenario.SeatNames, named[0].SeatNames)
	}

	again, err := store.Copy(ctx, dst, ro)
	if err != nil {
		t.Fatal(err)
	}
	if want := (store.CopySummary{Merged: 1, Skipped: len(sched.Fixtures)}); again != want {
		t.Errorf("second copy: %+v, want %+v", again, want)
	}
	if got := arenatest.Games(t, dst, id); len(got) != len(sched.Fixtures) {
		t.Errorf("%d games after two copies, want %d", len(got), len(sched.Fixtures))
	}
	if _, err := store.Copy(ctx, ro, dst); err == nil {
		t.Error("Copy into a read-only store succeeded")
	}
}

// TestCopyStore_WriterDuringRead: a closed SQLite source is read as
// immutable (no -wal or -shm file appears beside it); a writer that opens
// it before the copy has read it all makes the copy fail with
// ErrChangedWhileRead, copying nothing, rather than copy a mix of two states.
func TestCopyStore_WriterDuringRead(t *testing.T) {
	ctx := context.Background()
	src, srcPath := arenatest.SQLite.Open(t)
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 4, Seed: 7})
	if _, err := arenatest.MustRunner(t, arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		return arenatest.FakeOutcome(m), nil
	}), src, arenatest.TestConfig(1)).Run(ctx, sched); err != nil {
		t.Fatal(err)
	}
	if err := src.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := store.OpenReadOnly(ctx, srcPath)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Games(ctx, arena.GameFilter{}); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(srcPath + ext); err == nil {
			t.Errorf("reading the closed source created %s", srcPath+ext)
		}
	}
	if err := ro.CheckSnapshot(); err != nil {
		t.Errorf("CheckSnapshot with no writer: %v", err)
	}
	arenatest.Reopen(t, srcPath) // a writer opens the file: its -wal appears
	dst, _ := arenatest.SQLite.Open(t)
	if _, err := store.Copy(ctx, dst, ro); !errors.Is(err, store.ErrChangedWhileRead) {
		t.Errorf("copy while a writer has the source open: %v, want ErrChangedWhileRead", err)
	}
	if got := arenatest.Games(t, dst, sched.Info.ID); len(got) != 0 {
		t.Errorf("the failed copy copied %d games", len(got))
	}
}
