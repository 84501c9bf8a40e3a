package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
)

func TestMigrations_Count(t *testing.T) {
	if len(migrations) != SchemaVersion {
		t.Errorf("%d migrations, SchemaVersion %d", len(migrations), SchemaVersion)
	}
}

func TestStore_Pragmas(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tests := []struct{ pragma, want string }{
		{"journal_mode", "wal"},
		{"busy_timeout", "30000"},
		{"synchronous", "2"}, // FULL
		{"foreign_keys", "1"},
	}
	for _, tc := range tests {
		var got string
		if err := s.db.QueryRowContext(ctx, "PRAGMA "+tc.pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("PRAGMA %s = %q, want %q", tc.pragma, got, tc.want)
		}
	}
}

func TestStore_AppendOnlyTriggers(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkAppendOnly(t, s)
}

// checkAppendOnly records one row of every kind in s, then fails the test
// if any update or delete of a store table, or any of the extra statements,
// succeeds.
func checkAppendOnly(t *testing.T, s *Store, extra ...string) {
	t.Helper()
	ctx := context.Background()
	if err := s.RecordTournament(ctx, arena.TournamentInfo{ID: "t", Kind: arena.RoundRobin,
		Scenarios: []arena.Scenario{{ID: "s", SeatNames: []string{"x", "y"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordRun(ctx, arena.RunRecord{TournamentID: "t", Labels: map[string]string{"tune.value": "town-hall"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendFault(ctx, arena.FaultRecord{TournamentID: "t", Key: "k", Attempt: 1, Error: "boom"}); err != nil {
		t.Fatal(err)
	}
	g := arena.GameRecord{TournamentID: "t", Key: "k", PairID: "p", Scenario: arena.Scenario{ID: "s"},
		Bots: []arena.BotInfo{{Name: "a"}, {Name: "b"}}, Ranks: []int{1, 1}, Points: []float64{0, 0}, Termination: arena.TermNormal, Attempt: 1}
	if _, err := s.AppendGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range append([]string{
		"UPDATE games SET turns = 3", "DELETE FROM games",
		"UPDATE game_seats SET rank = 2", "DELETE FROM game_seats",
		"UPDATE faults SET error = ''", "DELETE FROM faults",
		"UPDATE runs SET command = ''", "DELETE FROM runs",
		"UPDATE tournaments SET seed = 0", "DELETE FROM tournaments",
		"UPDATE scenario_seats SET name = 'z'", "DELETE FROM scenario_seats",
		"UPDATE run_labels SET value = 'z'", "DELETE FROM run_labels",
	}, extra...) {
		if _, err := s.db.ExecContext(ctx, stmt); err == nil {
			t.Errorf("%s succeeded on an append-only table", stmt)
		}
	}
}

func TestOpenStore_SchemaTooNew(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, "INSERT INTO schema_migrations VALUES (?, ?)", SchemaVersion+1,
		formatTime(time.Now())); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(ctx, path); !errors.Is(err, ErrSchemaTooNew) {
		if err == nil {
			s.Close()
		}
		t.Errorf("Open of a newer database: %v, want ErrSchemaTooNew", err)
	}
}

func TestOpenStore_Reopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	for range 3 {
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != SchemaVersion {
			t.Errorf("%d migration rows, want %d", n, SchemaVersion)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenStoreReadOnly_NeverWrites: a read-only store reads the games of a
// database and cannot write it, through SQLite's read-only mode: a write
// statement fails with SQLITE_READONLY, and the file's bytes do not change.
func TestOpenStoreReadOnly_NeverWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "results.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := ro.SchemaVersion(ctx); err != nil || v != SchemaVersion {
		t.Errorf("schema version %d, %v", v, err)
	}
	_, err = ro.db.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (99, 'x')`)
	if err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Errorf("a write through the read-only store: err %v, want a read-only error", err)
	}
	if err := ro.RecordTournament(ctx, arena.TournamentInfo{ID: "t"}); err == nil {
		t.Error("RecordTournament succeeded on a read-only store")
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the read-only store changed the file")
	}
	if _, err := OpenReadOnly(ctx, filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("a missing file opened read-only")
	}
}

// TestLeases_ReadOnly: an SQLite store has a work queue, as a PostgreSQL
// store has (it used to have none, and two runs of one tournament on one
// file both played every game); a read-only store has none.
func TestLeases_ReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Leased() {
		t.Error("an SQLite store is not leased")
	}
	if err := s.PlanLeases(ctx, arena.Schedule{}); err != nil {
		t.Errorf("PlanLeases on SQLite: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if ro.Leased() {
		t.Error("a read-only store is leased")
	}
	if err := ro.PlanLeases(ctx, arena.Schedule{}); !errors.Is(err, ErrNoLeases) {
		t.Errorf("PlanLeases on a read-only store: %v, want ErrNoLeases", err)
	}
}
