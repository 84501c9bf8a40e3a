package store_test

import (
	"context"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestMain stops the PostgreSQL server that the tests of both backends
// share (pgtest.DB starts it on first use).
func TestMain(m *testing.M) { pgtest.Main(m) }

// TestStore_SQLite runs the store's behaviour suite on an SQLite file.
func TestStore_SQLite(t *testing.T) { storeSuite(t, arenatest.SQLite) }

// TestStore_PostgreSQL runs the store's behaviour suite on PostgreSQL.
func TestStore_PostgreSQL(t *testing.T) { storeSuite(t, arenatest.PostgreSQL) }

// storeSuite is the behaviour every store backend shares: each test, a
// subtest, on new databases of b.
func storeSuite(t *testing.T, b arenatest.Backend) {
	for _, tc := range []struct {
		name string
		test func(t *testing.T, b arenatest.Backend)
	}{
		{"RoundTrip", testStoreRoundTrip},
		{"AppendOnce", testStoreAppendOnce},
		{"AppendGame_Invalid", testStoreAppendGameInvalid},
		{"Games_Filter", testStoreGamesFilter},
		{"ConcurrentWriters", testStoreConcurrentWriters},
		{"Runs", testStoreRuns},
		{"Copy", testCopyStore},
		{"MalformedGames", testStoreMalformedGames},
		{"Runner_IncompleteAfterRun", testRunnerIncompleteAfterRun},
		{"Runner_LeasedRepairsDeletedGames", testRunnerLeasedRepairsDeletedGames},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.test(t, b) })
	}
}

// TestIsPostgresURL: only postgres:// and postgresql:// URLs leave SQLite.
func TestIsPostgresURL(t *testing.T) {
	for db, want := range map[string]bool{
		"results.db": false, "postgres.db": false, "file:x.db": false, "/tmp/postgres://x": false,
		"postgres://u@h/arena": true, "postgresql:///arena?host=/run/postgresql": true,
	} {
		if got := store.IsPostgresURL(db); got != want {
			t.Errorf("IsPostgresURL(%q) = %v, want %v", db, got, want)
		}
	}
	for in, want := range map[string]string{
		"postgres://u:secret@h/arena":              "postgres://u:xxxxx@h/arena",
		"postgres://u@h/arena?password=secret&x=1": "postgres://u@h/arena?password=xxxxx&x=1",
		"postgresql:///arena?host=/run/postgresql": "postgresql:///arena?host=/run/postgresql",
		"results.db": "results.db",
	} {
		if got := store.RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOpenStore_PostgresReadOnly: a read-only PostgreSQL store reads and
// refuses to write; a database the arena never wrote is refused read-only.
func TestOpenStore_PostgresReadOnly(t *testing.T) {
	ctx := context.Background()
	u := pgtest.DB(t)
	if _, err := store.OpenReadOnly(ctx, u); err == nil {
		t.Error("an empty database opened read-only")
	}
	s := arenatest.Reopen(t, u)
	if err := s.RecordTournament(ctx, testTournament); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendGame(ctx, record("t1", "k1")); err != nil {
		t.Fatal(err)
	}
	ro, err := store.OpenReadOnly(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if got := arenatest.Games(t, ro, "t1"); len(got) != 1 {
		t.Errorf("read-only store reads %d games, want 1", len(got))
	}
	if _, err := ro.AppendGame(ctx, record("t1", "k2")); err == nil {
		t.Error("AppendGame succeeded on a read-only store")
	}
	if err := ro.RecordTournament(ctx, arena.TournamentInfo{ID: "t9", Kind: arena.RoundRobin}); err == nil {
		t.Error("RecordTournament succeeded on a read-only PostgreSQL store")
	}
}
