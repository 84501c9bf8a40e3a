package store

import (
	"context"
	"sync"
	"testing"

	"github.com/flickarena/flickarena/internal/pgtest"

	"github.com/flickarena/flickarena/arena"
)

// TestPgMigrations_Cover: every schema version past the PostgreSQL baseline
// has its PostgreSQL migration (a new SQLite migration needs one too).
func TestPgMigrations_Cover(t *testing.T) {
	for v := pgBaselineVersion + 1; v <= SchemaVersion; v++ {
		if _, ok := pgMigrations[v]; !ok {
			t.Errorf("schema version %d has no PostgreSQL migration in pgMigrations", v)
		}
	}
	for v := range pgMigrations {
		if v <= pgBaselineVersion || v > SchemaVersion {
			t.Errorf("pgMigrations has version %d outside (%d, %d]", v, pgBaselineVersion, SchemaVersion)
		}
	}
}

func TestDialect_Rebind(t *testing.T) {
	q := "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING"
	if got := sqlite.rebind(q); got != q {
		t.Errorf("SQLite rebind changed %q to %q", q, got)
	}
	if got, want := postgres.rebind(q), "INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT DO NOTHING"; got != want {
		t.Errorf("PostgreSQL rebind = %q, want %q", got, want)
	}
}

// TestPostgres_AppendOnlyAndMigration: several arenas open one new
// PostgreSQL database at once (one migration, recorded once); then every
// update, delete or truncate of a store table fails.
func TestPostgres_AppendOnlyAndMigration(t *testing.T) {
	ctx := context.Background()
	u := pgtest.DB(t)
	stores := make([]*Store, 4)
	errs := make([]error, len(stores))
	var wg sync.WaitGroup
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, u) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("store %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	s := stores[0]
	var n, v int
	if err := s.db.QueryRowContext(ctx, "SELECT COUNT(*), MAX(version) FROM schema_migrations").Scan(&n, &v); err != nil {
		t.Fatal(err)
	}
	if n != 1+SchemaVersion-pgBaselineVersion || v != SchemaVersion {
		t.Errorf("%d migration rows up to version %d, want %d up to %d", n, v, 1+SchemaVersion-pgBaselineVersion, SchemaVersion)
	}
	checkAppendOnly(t, s, "TRUNCATE games CASCADE", "TRUNCATE scenario_seats", "TRUNCATE run_labels")
	if got, err := s.Games(ctx, arena.GameFilter{}); err != nil || len(got) != 1 {
		t.Errorf("after the refused writes: %d games, %v; want 1", len(got), err)
	}
}
