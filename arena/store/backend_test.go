package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestMain stops the PostgreSQL server that the tests of both backends
// share (pgtest.DB starts it on first use).
func TestMain(m *testing.M) { pgtest.Main(m) }

// backend is a store backend the store's behaviour suite runs on.
type backend struct {
	// name names the subtest.
	name string
	// newDB returns the path of a new, empty results database.
	newDB func(t testing.TB) string
}

// The store backends: an SQLite file, a PostgreSQL database on a private
// server (skipped, or failed under FLICKARENA_REQUIRE_POSTGRES, without
// PostgreSQL).
var (
	sqliteBackend   = backend{"SQLite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "results.db") }}
	postgresBackend = backend{"PostgreSQL", pgtest.DB}
	// backends are both, SQLite first.
	backends = []backend{sqliteBackend, postgresBackend}
)

// TestStore_SQLite runs the store's behaviour suite on an SQLite file.
func TestStore_SQLite(t *testing.T) { storeSuite(t, sqliteBackend) }

// TestStore_PostgreSQL runs the store's behaviour suite on PostgreSQL.
func TestStore_PostgreSQL(t *testing.T) { storeSuite(t, postgresBackend) }

// storeSuite is the behaviour every store backend shares: each test, a
// subtest, on new databases of b.
func storeSuite(t *testing.T, b backend) {
	for _, tc := range []struct {
		name string
		test func(t *testing.T, b backend)
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

// open opens a store on a new database of b, closed at the end of the test.
// It returns the store and its path.
func (b backend) open(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := b.newDB(t)
	return reopen(t, path), path
}

// checkIntegrity checks the database at path with SQLite's integrity check;
// PostgreSQL keeps its own.
func (b backend) checkIntegrity(t testing.TB, path string) {
	t.Helper()
	if store.IsPostgresURL(path) {
		return
	}
	if err := store.CheckIntegrity(path); err != nil {
		t.Error(err)
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
	s := reopen(t, u)
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
	if got := games(t, ro, "t1"); len(got) != 1 {
		t.Errorf("read-only store reads %d games, want 1", len(got))
	}
	if _, err := ro.AppendGame(ctx, record("t1", "k2")); err == nil {
		t.Error("AppendGame succeeded on a read-only store")
	}
	if err := ro.RecordTournament(ctx, arena.TournamentInfo{ID: "t9", Kind: arena.RoundRobin}); err == nil {
		t.Error("RecordTournament succeeded on a read-only PostgreSQL store")
	}
}
