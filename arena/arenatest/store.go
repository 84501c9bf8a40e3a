package arenatest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// OpenStore opens a store in a new temporary directory and closes it at the
// end of the test. It returns the store and its path.
func OpenStore(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "results.db")
	return Reopen(t, path), path
}

// Reopen opens the store at path and closes it at the end of the test.
func Reopen(t testing.TB, path string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("store.Open(%q): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// MustSchedule plans tour or fails the test.
func MustSchedule(t testing.TB, tour arena.Tournament) arena.Schedule {
	t.Helper()
	s, err := arena.NewSchedule(tour)
	if err != nil {
		t.Fatalf("NewSchedule: %v", err)
	}
	return s
}

// MustRunner returns a runner or fails the test.
func MustRunner(t testing.TB, ref arena.Referee, s *store.Store, cfg arena.RunnerConfig) *arena.Runner {
	t.Helper()
	r, err := arena.NewRunner(ref, s, cfg)
	if err != nil {
		t.Fatalf("NewRunner: %v", err)
	}
	return r
}

// Games returns the games of tournament id or fails the test.
func Games(t testing.TB, s *store.Store, id string) []arena.GameRecord {
	t.Helper()
	g, err := s.Games(context.Background(), arena.GameFilter{TournamentID: id})
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	return g
}

// SameRecords fails the test unless got and want are the same games, game
// for game (row ids and times aside).
func SameRecords(t testing.TB, want, got []arena.GameRecord) {
	t.Helper()
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(arena.GameRecord{}, "ID", "StartedAt", "EndedAt")); diff != "" {
		t.Errorf("games differ (-want +got):\n%s", diff)
	}
}

// CheckIntegrity runs SQLite's integrity check on the SQLite file at path
// (the driver is the store's).
func CheckIntegrity(path string) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	var res string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&res); err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	if res != "ok" {
		return errors.New("integrity check: " + res)
	}
	return nil
}
