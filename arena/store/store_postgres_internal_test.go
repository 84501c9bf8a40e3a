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
	for _, stmt := range []string{
		"UPDATE games SET turns = 3", "DELETE FROM games", "TRUNCATE games CASCADE",
		"UPDATE game_seats SET rank = 2", "DELETE FROM game_seats",
		"UPDATE faults SET error = ''", "DELETE FROM faults",
		"UPDATE runs SET command = ''", "DELETE FROM runs",
		"UPDATE tournaments SET seed = 0", "DELETE FROM tournaments",
		"UPDATE scenario_seats SET name = 'z'", "DELETE FROM scenario_seats", "TRUNCATE scenario_seats",
		"UPDATE run_labels SET value = 'z'", "DELETE FROM run_labels", "TRUNCATE run_labels",
	} {
		if _, err := s.db.ExecContext(ctx, stmt); err == nil {
			t.Errorf("%s succeeded on an append-only table", stmt)
		}
	}
	if got, err := s.Games(ctx, arena.GameFilter{}); err != nil || len(got) != 1 {
		t.Errorf("after the refused writes: %d games, %v; want 1", len(got), err)
	}
}
