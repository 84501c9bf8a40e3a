package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
)

// writeDB creates the SQLite database at path with the statements, as an
// older arena left it.
func writeDB(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range stmts {
		if _, err := db.ExecContext(context.Background(), stmt); err != nil {
			t.Fatalf("%.60s: %v", stmt, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestMigrate_V1ToV2: a database of schema version 1 (two-seat games, as
// the release before seats wrote it) is read as it is by a read-only store,
// and migrated by Open to one row per seat and game: the same games,
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

	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	before, err := ro.Games(ctx, arena.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	byBot, err := ro.Games(ctx, arena.GameFilter{Bot: "b", TournamentID: "t"})
	if err != nil || len(byBot) != 3 {
		t.Fatalf("v1 games of bot b: %d, %v", len(byBot), err)
	}
	ro.Close()
	if len(before) != 3 {
		t.Fatalf("%d games read from version 1, want 3", len(before))
	}
	want := []struct {
		bots   []arena.BotInfo
		ranks  []int
		first  int
		points []float64
	}{
		{[]arena.BotInfo{{Name: "a", Version: "1"}, {Name: "b", Version: "2"}}, []int{1, 2}, 0, []float64{1.5, 0.5}},
		{[]arena.BotInfo{{Name: "b", Version: "2"}, {Name: "a", Version: "1"}}, []int{1, 1}, 1, []float64{0, 0}},
		{[]arena.BotInfo{{Name: "a", Version: "1"}, {Name: "b", Version: "2"}}, []int{2, 1}, 1, []float64{0, 0}},
	}
	for i, w := range want {
		g := before[i]
		if !reflect.DeepEqual(g.Bots, w.bots) || !reflect.DeepEqual(g.Ranks, w.ranks) || g.FirstMover != w.first ||
			!reflect.DeepEqual(g.Points, w.points) || g.Validate() != nil {
			t.Errorf("v1 game %d read as %+v (valid: %v)", i, g, g.Validate())
		}
	}

	s := openMigrated(t, ctx, path)
	defer s.Close()
	after, err := s.Games(ctx, arena.GameFilter{})
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

// TestMigrate_V2ToV3: a database of schema version 2 is read as it is by a
// read-only store (no ending kinds, no recorded priors), and migrated by
// Open (to the current version) without changing a game; the runs and games written afterwards
// keep their prior and ending kind.
func TestMigrate_V2ToV3(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v2.db")
	writeDB(t, path,
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
		migrations[0], migrations[1],
		`INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000000000Z'), (2, '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO tournaments VALUES ('t', '2026-01-01T00:00:00.000000000Z', 1, 'round-robin', '', 5, 3, '[]', '[]', 3)`,
		`INSERT INTO runs (tournament_id, started_at, command, concurrency, max_attempts, arena_version)
VALUES ('t', '2026-01-01T00:00:00.000000000Z', 'arena run --prior 400', 2, 3, 'v')`,
		`INSERT INTO games (id, tournament_id, game_key, pair_id, seq, round, leg, seats, scenario_id, scenario_version,
scenario_hash, seed, first_mover, termination, reason, turns, attempt, arena_version, started_at, ended_at)
VALUES (1, 't', 'k|0', 'p', 0, 0, 0, 3, 'race:players=3', '1', 'h', 9, 2, 'normal', 'c won', 15, 1, 'v',
'2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:01.000000000Z')`,
		`INSERT INTO game_seats VALUES (1, 0, 'a', '1', 2, 3.5), (1, 1, 'b', '1', 3, 1), (1, 2, 'c', '1', 1, 7)`,
	)
	read := func(s *Store) ([]arena.GameRecord, []arena.RunRecord) {
		t.Helper()
		gs, err := s.Games(ctx, arena.GameFilter{})
		if err != nil {
			t.Fatal(err)
		}
		rs, err := s.Runs(ctx, "t")
		if err != nil {
			t.Fatal(err)
		}
		return gs, rs
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	before, runs := read(ro)
	ro.Close()
	if len(before) != 1 || !reflect.DeepEqual(before[0].Ranks, []int{2, 3, 1}) || before[0].EndKind != "" ||
		before[0].Validate() != nil {
		t.Fatalf("v2 games read as %+v", before)
	}
	if len(runs) != 1 || runs[0].HasRatingPrior {
		t.Fatalf("v2 runs read as %+v; want one without a recorded prior", runs)
	}

	s := openMigrated(t, ctx, path)
	defer s.Close()
	after, runsAfter := read(s)
	if !reflect.DeepEqual(before, after) || !reflect.DeepEqual(runs, runsAfter) {
		t.Errorf("changed by the migration:\nbefore %+v %+v\nafter  %+v %+v", before, runs, after, runsAfter)
	}
	if err := s.RecordRun(ctx, arena.RunRecord{TournamentID: "t", Command: "c", Concurrency: 1, MaxAttempts: 1,
		RatingPrior: 250, HasRatingPrior: true}); err != nil {
		t.Fatal(err)
	}
	g := after[0]
	g.Key, g.EndKind = "k|1", "the race is over"
	if _, err := s.AppendGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	games, runs := read(s)
	if len(runs) != 2 || !runs[1].HasRatingPrior || runs[1].RatingPrior != 250 {
		t.Errorf("new run read as %+v; want its prior 250", runs[len(runs)-1])
	}
	if len(games) != 2 || games[1].EndKind != "the race is over" {
		t.Errorf("new game read as %+v; want its ending kind", games[len(games)-1])
	}
}

// TestMigrate_V3ToV4: a database of schema version 3 has no seat names: a
// read-only store reads its games without them, and the migration adds the
// table without changing a game or a tournament. Recording the tournament
// again (a run resuming it) records its scenarios' names, which the games
// and the tournament then carry; a later recording keeps the first names.
func TestMigrate_V3ToV4(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	writeDB(t, path,
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
		migrations[0], migrations[1], migrations[2],
		`INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000000000Z'), (2, '2026-01-01T00:00:00.000000000Z'),
(3, '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO tournaments VALUES ('t', '2026-01-01T00:00:00.000000000Z', 1, 'round-robin', '', 5, 2,
'[{"name":"a","version":"1"},{"name":"b","version":"1"}]', '[{"id":"my-town","version":"2","hash":"h"}]', 2)`,
		`INSERT INTO games (id, tournament_id, game_key, pair_id, seq, round, leg, seats, scenario_id, scenario_version,
scenario_hash, seed, first_mover, termination, reason, turns, attempt, arena_version, started_at, ended_at)
VALUES (1, 't', 'k|0', 'p', 0, 0, 0, 2, 'my-town', '2', 'h', 9, 0, 'normal', 'a won', 15, 1, 'v',
'2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:01.000000000Z')`,
		`INSERT INTO game_seats VALUES (1, 0, 'a', '1', 1, 1), (1, 1, 'b', '1', 2, 0)`,
	)
	read := func(s *Store) ([]arena.GameRecord, []arena.TournamentInfo) {
		t.Helper()
		gs, err := s.Games(ctx, arena.GameFilter{})
		if err != nil {
			t.Fatal(err)
		}
		ts, err := s.Tournaments(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return gs, ts
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	before, tours := read(ro)
	ro.Close()
	if len(before) != 1 || before[0].Scenario.SeatNames != nil || len(tours) != 1 || tours[0].Scenarios[0].SeatNames != nil {
		t.Fatalf("v3 database read as %+v, %+v; want one game and tournament without seat names", before, tours)
	}

	s := openMigrated(t, ctx, path)
	defer s.Close()
	after, toursAfter := read(s)
	if !reflect.DeepEqual(before, after) || !reflect.DeepEqual(tours, toursAfter) {
		t.Errorf("changed by the migration:\nbefore %+v %+v\nafter  %+v %+v", before, tours, after, toursAfter)
	}

	info := tours[0]
	info.Scenarios = []arena.Scenario{{ID: "my-town", Version: "2", Hash: "h", SeatNames: []string{"lawmen", "outlaws"}}}
	if err := s.RecordTournament(ctx, info); err != nil {
		t.Fatal(err)
	}
	info.Scenarios[0].SeatNames = []string{"white", "black"}
	if err := s.RecordTournament(ctx, info); err != nil {
		t.Fatal(err)
	}
	games, toursNamed := read(s)
	want := []string{"lawmen", "outlaws"}
	if len(games) != 1 || !reflect.DeepEqual(games[0].Scenario.SeatNames, want) {
		t.Errorf("game after the names were recorded: %+v; want seats %q", games, want)
	}
	if len(toursNamed) != 1 || toursNamed[0].ID != "t" || !reflect.DeepEqual(toursNamed[0].Scenarios[0].SeatNames, want) {
		t.Errorf("tournament after the names were recorded: %+v; want seats %q", toursNamed, want)
	}
	if got, err := s.Games(ctx, arena.GameFilter{TournamentID: "other"}); err != nil || len(got) != 0 {
		t.Errorf("games of another tournament: %+v, %v", got, err)
	}

	bad := info
	bad.Scenarios = []arena.Scenario{{ID: "my-town", SeatNames: []string{"lawmen"}}}
	if err := s.RecordTournament(ctx, bad); err == nil || !strings.Contains(err.Error(), "1 seat names for 2 seats") {
		t.Errorf("one name for two seats: %v, want an error", err)
	}
}

// TestMigrate_V4ToV5: a database of schema version 4 has no run labels: a
// read-only store reads its runs without them, and the migration adds the
// table without changing a run. A run recorded afterwards keeps its labels,
// and the older run still has none.
func TestMigrate_V4ToV5(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v4.db")
	writeDB(t, path,
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
		migrations[0], migrations[1], migrations[2], migrations[3],
		`INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000000000Z'), (2, '2026-01-01T00:00:00.000000000Z'),
(3, '2026-01-01T00:00:00.000000000Z'), (4, '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO tournaments VALUES ('t', '2026-01-01T00:00:00.000000000Z', 1, 'round-robin', '', 5, 2,
'[{"name":"a","version":"1"},{"name":"b","version":"1"}]', '[{"id":"my-town","version":"2","hash":"h"}]', 2)`,
		`INSERT INTO runs (tournament_id, started_at, command, concurrency, max_attempts, arena_version, rating_prior)
VALUES ('t', '2026-01-01T00:00:00.000000000Z', 'arena tune --knob start.hour', 2, 3, 'v', 0)`,
	)
	runsOf := func(s *Store) []arena.RunRecord {
		t.Helper()
		rs, err := s.Runs(ctx, "t")
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	before := runsOf(ro)
	ro.Close()
	if len(before) != 1 || before[0].Labels != nil || before[0].Command != "arena tune --knob start.hour" {
		t.Fatalf("v4 runs read as %+v; want one without labels", before)
	}

	s := openMigrated(t, ctx, path)
	defer s.Close()
	if after := runsOf(s); !reflect.DeepEqual(before, after) {
		t.Errorf("changed by the migration:\nbefore %+v\nafter  %+v", before, after)
	}
	labels := map[string]string{"tune.search": "3f2a", "tune.value": "town-hall"}
	if err := s.RecordRun(ctx, arena.RunRecord{TournamentID: "t", Command: "c", Concurrency: 1, MaxAttempts: 1, Labels: labels}); err != nil {
		t.Fatal(err)
	}
	runs := runsOf(s)
	if len(runs) != 2 || runs[0].Labels != nil || !reflect.DeepEqual(runs[1].Labels, labels) {
		t.Errorf("runs after a labelled one: %+v; want the old one without labels, the new one with %q", runs, labels)
	}
}

// openMigrated opens the database at path for writing, which migrates it, and checks that it
// is then at SchemaVersion.
func openMigrated(t *testing.T, ctx context.Context, path string) *Store {
	t.Helper()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil || v != SchemaVersion {
		s.Close()
		t.Fatalf("schema version %d after migration, %v", v, err)
	}
	return s
}
