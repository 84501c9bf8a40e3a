package arenatest

import (
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// Backend is a store backend a test runs on.
type Backend struct {
	// Name names the subtest.
	Name string
	// NewDB returns the path of a new, empty results database.
	NewDB func(t testing.TB) string
}

// The store backends: an SQLite file, a PostgreSQL database on a private
// server (skipped, or failed under FLICKARENA_REQUIRE_POSTGRES, without
// PostgreSQL; the test binary's TestMain calls pgtest.Main).
var (
	SQLite     = Backend{"SQLite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "results.db") }}
	PostgreSQL = Backend{"PostgreSQL", pgtest.DB}
	// Backends are both, SQLite first.
	Backends = []Backend{SQLite, PostgreSQL}
)

// EachBackend runs test once per backend, as subtests named after them.
func EachBackend(t *testing.T, test func(t *testing.T, b Backend)) {
	for _, b := range Backends {
		t.Run(b.Name, func(t *testing.T) { test(t, b) })
	}
}

// Open opens a store on a new database of b, closed at the end of the test.
// It returns the store and its path.
func (b Backend) Open(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := b.NewDB(t)
	return Reopen(t, path), path
}

// CheckIntegrity checks the database at path with SQLite's integrity check;
// PostgreSQL keeps its own.
func (b Backend) CheckIntegrity(t testing.TB, path string) {
	t.Helper()
	if store.IsPostgresURL(path) {
		return
	}
	if err := CheckIntegrity(path); err != nil {
		t.Error(err)
	}
}
