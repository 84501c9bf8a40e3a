package arena

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestMigrate_V1ToV2: a database of schema version 1 (two-seat games, as
// the release before seats wrote it) is read as it is by a read-only store,
// and migrated by OpenStore to one row per seat and game: the same games,
// side X on seat 0, a win of X ranked 1 and 2, a draw 1 and 1.
func TestMigrate_V1ToV2(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
		migrations[0],
		`INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO tournaments VALUES ('t', '2026-01-01T00:00:00.000000000Z', 1, 'round-robin', '', 5, 2, '[]', '[]', 4)`,
	} {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%.60s: %v", stmt, err)
		}
	}
	for i, row := range []string{
		`'k|0', 'p', 0, 0, 0, 'race', '1', 'h', -2, 'a', '1', 'b', '2', 'X', 'X', 1, 'normal', 'a won', 10, 1.5, 0.5`,
		`'k|1', 'p', 1, 0, 1, 'race', '1', 'h', -2, 'b', '2', 'a', '1', 'Y', 'draw', 0.5, 'turn-limit', '', 12, 0, 0`,
		`'l|0', 'q', 2, 1, 0, 'race', '1', 'h', 7, 'a', '1', 'b', '2', 'Y', 'Y', 0, 'timeout', 'a (side X, turn 3): slow', 3, 0, 0`,
	} {
		if _, err := db.ExecContext(ctx, `INSERT INTO games (tournament_id, game_key, pair_id, seq, round, leg,
scenario_id, scenario_version, scenario_hash, seed, bot_x, bot_x_version, bot_y, bot_y_version, first_mover, result,
score_x, termination, reason, turns, points_x, points_y, attempt, arena_version, started_at, ended_at)
VALUES ('t', `+row+`, 1, 'v', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:01.000000000Z')`); err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	ro, err := OpenStoreReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	before, err := ro.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	byBot, err := ro.Games(ctx, GameFilter{Bot: "b", TournamentID: "t"})
	if err != nil || len(byBot) != 3 {
		t.Fatalf("v1 games of bot b: %d, %v", len(byBot), err)
	}
	ro.Close()
	if len(before) != 3 {
		t.Fatalf("%d games read from version 1, want 3", len(before))
	}
	want := []struct {
		bots   []BotInfo
		ranks  []int
		first  int
		points []float64
	}{
		{[]BotInfo{{"a", "1"}, {"b", "2"}}, []int{1, 2}, 0, []float64{1.5, 0.5}},
		{[]BotInfo{{"b", "2"}, {"a", "1"}}, []int{1, 1}, 1, []float64{0, 0}},
		{[]BotInfo{{"a", "1"}, {"b", "2"}}, []int{2, 1}, 1, []float64{0, 0}},
	}
	for i, w := range want {
		g := before[i]
		if !reflect.DeepEqual(g.Bots, w.bots) || !reflect.DeepEqual(g.Ranks, w.ranks) || g.FirstMover != w.first ||
			!reflect.DeepEqual(g.Points, w.points) || g.Validate() != nil {
			t.Errorf("v1 game %d read as %+v (valid: %v)", i, g, g.Validate())
		}
	}

	s, err := OpenStore(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != SchemaVersion {
		t.Fatalf("schema version %d after migration, %v", v, err)
	}
	after, err := s.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("games changed by the migration:\nbefore %+v\nafter  %+v", before, after)
	}
	var fk string
	if err := s.db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE name = 'game_seats'`).Scan(&fk); err != nil ||
		!strings.Contains(fk, "REFERENCES \"games\"") {
		t.Errorf("game_seats after the migration: %s (%v); want it to reference games", fk, err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO game_seats VALUES (999, 0, 'x', '1', 1, 0)`); err == nil {
		t.Error("a seat of no game was stored (foreign key not enforced)")
	}
}
