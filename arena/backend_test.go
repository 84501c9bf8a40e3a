package arena_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestMain stops the PostgreSQL server that the runner's tests on both
// store backends share (pgtest.DB starts it on first use).
func TestMain(m *testing.M) { pgtest.Main(m) }

// backend is a store backend the runner's tests run on.
type backend struct {
	// name names the subtest.
	name string
	// newDB returns the path of a new, empty results database.
	newDB func(t testing.TB) string
}

// backends are every store backend: an SQLite file, a PostgreSQL database
// on a private server (skipped, or failed under FLICKARENA_REQUIRE_POSTGRES,
// without PostgreSQL).
var backends = []backend{
	{"SQLite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "results.db") }},
	{"PostgreSQL", pgtest.DB},
}

// eachBackend runs test once per backend, as subtests named after them.
func eachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

// open opens a store on a new database of b, closed at the end of the test.
// It returns the store and its path.
func (b backend) open(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := b.newDB(t)
	return reopen(t, path), path
}

// checkIntegrity runs SQLite's integrity check on the database at path (the
// driver is the store's).
func checkIntegrity(path string) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return errors.New("integrity check: " + res)
	}
	return nil
}
