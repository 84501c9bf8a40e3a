package store_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// damageFile overwrites the middle pages of the SQLite file at path (a
// tenth of its pages, from its middle on) with a byte pattern, as a failing
// disk or a stray write would, leaving its header intact.
func damageFile(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096 // SQLite's default page size
	pages := len(data) / page
	if pages < 20 {
		t.Fatalf("%s has %d pages: too few to damage some and keep the schema", path, pages)
	}
	for p := pages / 2; p < pages/2+pages/10; p++ {
		for i := range page {
			data[p*page+i] = byte(0xa5 ^ i)
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpenStore_DamagedFile: a results file whose pages were overwritten is
// refused, written or read, with an error wrapping ErrDamaged that names the
// file and says what to do; no game of a new tournament goes into it.
func TestOpenStore_DamagedFile(t *testing.T) {
	ctx := context.Background()
	s, path := arenatest.OpenStore(t)
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner", "oracle"),
		Scenarios: arenatest.Scenarios("showdown", "bank-job"), GamesPerPairing: 20, Seed: 3})
	if _, err := arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(ctx, sched); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	damageFile(t, path)

	check := func(what string, err error) {
		t.Helper()
		switch {
		case err == nil:
			t.Errorf("%s: the damaged file opened", what)
		case !errors.Is(err, store.ErrDamaged):
			t.Errorf("%s: %v, want ErrDamaged", what, err)
		case !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "backup"):
			t.Errorf("%s: %v, want the file named and what to do", what, err)
		}
	}
	w, err := store.Open(ctx, path)
	if err == nil {
		// Today's arena: a new tournament goes into the damaged file.
		next := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer"), Scenarios: arenatest.Scenarios("showdown"),
			GamesPerPairing: 2, Seed: 4})
		sum, runErr := arenatest.MustRunner(t, arenatest.FairReferee, w, arenatest.TestConfig(1)).Run(ctx, next)
		t.Logf("a new tournament on the damaged file: %+v, %v", sum, runErr)
		w.Close()
	}
	check("Open", err)
	r, err := store.OpenReadOnly(ctx, path)
	if err == nil {
		r.Close()
	}
	check("OpenReadOnly", err)
}
