package store_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// ownerExec runs stmts on the database at path as its owner: beside the
// store, with no append-only rule of the arena's.
func ownerExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	driver, dsn := "pgx", path
	if !store.IsPostgresURL(path) {
		driver, dsn = "sqlite", path+"?_pragma=busy_timeout(10000)"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// testStoreMalformedGames: a game with a seat that does not exist and one
// with NaN points, written beside the store, are left out of ReadGames and
// listed (row id, key, what is wrong); the other games read. Games, strict,
// fails naming one.
func testStoreMalformedGames(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, path := b.Open(t)
	if err := s.RecordTournament(ctx, testTournament); err != nil {
		t.Fatal(err)
	}
	keys := []string{"a", "extra-seat", "nan-points", "d"}
	for _, k := range keys {
		if _, err := s.AppendGame(ctx, record(testTournament.ID, k)); err != nil {
			t.Fatal(err)
		}
	}
	all := arenatest.Games(t, s, testTournament.ID)
	id := map[string]int64{}
	for _, g := range all {
		id[g.Key] = g.ID
	}
	nan := `UPDATE game_seats SET points = 'NaN' WHERE game_id = (SELECT id FROM games WHERE game_key = 'nan-points') AND seat = 1`
	stmts := []string{
		`INSERT INTO game_seats (game_id, seat, bot, bot_version, rank, points)
SELECT id, 5, 'ghost', '1', 1, 0 FROM games WHERE game_key = 'extra-seat'`,
		`DROP TRIGGER game_seats_no_update`, nan,
		`CREATE TRIGGER game_seats_no_update BEFORE UPDATE ON game_seats BEGIN SELECT RAISE(ABORT, 'game_seats is append-only'); END`,
	}
	if store.IsPostgresURL(path) {
		stmts = []string{stmts[0], `ALTER TABLE game_seats DISABLE TRIGGER game_seats_append_only`,
			strings.Replace(nan, "'NaN'", "'NaN'::float8", 1), `ALTER TABLE game_seats ENABLE TRIGGER game_seats_append_only`}
	}
	ownerExec(t, path, stmts...)

	list, err := s.ReadGames(ctx, arena.GameFilter{TournamentID: testTournament.ID})
	if err != nil {
		t.Fatalf("ReadGames: %v", err)
	}
	var read []string
	for _, g := range list.Games {
		read = append(read, g.Key)
	}
	if strings.Join(read, ",") != "a,d" {
		t.Errorf("read games %q, want a and d", read)
	}
	if len(list.Skipped) != 2 {
		t.Fatalf("skipped %v, want the two malformed games", list.Skipped)
	}
	for i, want := range []struct{ key, problem string }{{"extra-seat", "seat 5"}, {"nan-points", "NaN"}} {
		g := list.Skipped[i]
		if g.Key != want.key || g.ID != id[want.key] || g.TournamentID != testTournament.ID || !strings.Contains(g.Problem, want.problem) {
			t.Errorf("skipped %d: %+v, want game %d, %s, a problem naming %q", i, g, id[want.key], want.key, want.problem)
		}
		if desc := g.String(); !strings.Contains(desc, want.key) || !strings.Contains(desc, want.problem) {
			t.Errorf("skipped %d is described as %q", i, desc)
		}
	}
	if _, err := s.Games(ctx, arena.GameFilter{}); !errors.Is(err, arena.ErrMalformedGame) || !strings.Contains(err.Error(), "extra-seat") {
		t.Errorf("Games: %v, want ErrMalformedGame naming extra-seat", err)
	}
}
