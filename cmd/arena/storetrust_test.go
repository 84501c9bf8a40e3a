package main

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver

	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestRun_DamagedDatabase: 'arena run' of a new tournament on a results file
// whose pages were overwritten fails, naming the file and saying what to do,
// and so does a reading command; nothing is appended to the file.
func TestRun_DamagedDatabase(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "100", "--db", db)
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	pages := len(data) / page
	if pages < 10 {
		t.Fatalf("%d pages: too few to damage", pages)
	}
	for i := pages / 2 * page; i < (pages/2+2)*page; i++ {
		data[i] = byte(i)
	}
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--bots", "random,steady", "--scenarios", "race", "--games", "2", "--seed", "7", "--db", db},
		{"ratings", "--db", db},
	} {
		_, _, err := run(t, args...)
		if err == nil || !strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), db) ||
			!strings.Contains(err.Error(), "backup") {
			t.Errorf("arena %s on a damaged file: %v; want it refused, naming the file and what to do", args[0], err)
		}
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(data) {
		t.Error("the damaged file changed")
	}
}

// TestPostgres_RunRepairsDeletedGames: three games of a finished tournament
// deleted from PostgreSQL by the table owner (the append-only triggers
// disabled) are played again by the same command, which says so on stderr
// and names them; the store then holds every planned game.
func TestPostgres_RunRepairsDeletedGames(t *testing.T) {
	withTestBots(t)
	pg := pgtest.DB(t)
	args := []string{"run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "4", "--seed", "5", "--db", pg}
	mustRun(t, args...)
	all := storedGames(t, pg)
	var keys []string
	for _, i := range []int{0, 5, 10} {
		keys = append(keys, all[i].Key)
	}
	db, err := sql.Open("pgx", pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`ALTER TABLE games DISABLE TRIGGER games_append_only`,
		`ALTER TABLE game_seats DISABLE TRIGGER game_seats_append_only`,
		`DELETE FROM game_seats WHERE game_id IN (SELECT id FROM games WHERE game_key = ANY($1))`,
		`DELETE FROM games WHERE game_key = ANY($1)`,
		`ALTER TABLE games ENABLE TRIGGER games_append_only`,
		`ALTER TABLE game_seats ENABLE TRIGGER game_seats_append_only`,
	} {
		var qargs []any
		if strings.Contains(q, "$1") {
			qargs = []any{keys}
		}
		if _, err := db.Exec(q, qargs...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	out, errOut := mustRun(t, args...)
	wantLines(t, "rerun", out, "This run: 3 played, 9 already recorded")
	wantLines(t, "rerun's stderr", errOut, append([]string{"warning: tournament", "repaired 3 games"}, keys...)...)
	sameGames(t, "games before the deletion and after the repair", all, storedGames(t, pg))
	out, errOut = mustRun(t, args...)
	wantLines(t, "third run", out, "This run: 0 played, 12 already recorded")
	if strings.Contains(errOut, "warning") {
		t.Errorf("third run warns:\n%s", errOut)
	}
}

// TestRead_MalformedGame: a game row with a seat that does not exist,
// written beside the arena, is skipped by the reading commands with a
// warning naming its id; the other games are read, on either store.
func TestRead_MalformedGame(t *testing.T) {
	withTestBots(t)
	for _, db := range []string{filepath.Join(t.TempDir(), "results.db"), pgtest.DB(t)} {
		mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "4", "--db", db)
		victim := storedGames(t, db)[2]
		driver := "sqlite"
		if store.IsPostgresURL(db) {
			driver = "pgx"
		}
		raw, err := sql.Open(driver, db)
		if err != nil {
			t.Fatal(err)
		}
		_, err = raw.Exec(fmt.Sprintf(`INSERT INTO game_seats (game_id, seat, bot, bot_version, rank, points) VALUES (%d, 7, 'ghost', '1', 1, 0)`, victim.ID))
		raw.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"ratings"}, {"balance"}, {"export", "csv"}} {
			out, errOut, err := run(t, append(cmd, "--db", db)...)
			if err != nil {
				t.Errorf("%s: arena %s: %v", store.RedactURL(db), cmd[0], err)
				continue
			}
			wantLines(t, "arena "+cmd[0]+"'s stderr", errOut,
				fmt.Sprintf("warning: skipped game %d (key %s", victim.ID, victim.Key), "seat 7")
			if cmd[0] == "export" && strings.Count(out, "\n") != 1+11*2 {
				t.Errorf("export csv wrote %d lines, want a header and the 11 readable games' 22 seats", strings.Count(out, "\n"))
			}
		}
	}
}

// TestRedactArgs_TrickyPasswords: the command line recorded with a run keeps
// no password of a PostgreSQL URL or key=value string, whatever characters
// it holds.
func TestRedactArgs_TrickyPasswords(t *testing.T) {
	got := strings.Join(redactArgs([]string{"--db", "postgres://u@h/a?password=pw;1", "--db=postgres://u:pw#2@h/a",
		"--db=postgresql://u:pw/3@h/a", "--db", "host=h password='pw 4'", "--games", "4"}), " ")
	for _, secret := range []string{"pw;1", "pw#2", "pw/3", "pw 4"} {
		if strings.Contains(got, secret) {
			t.Errorf("redactArgs kept %q: %s", secret, got)
		}
	}
	if !strings.HasSuffix(got, "--games 4") {
		t.Errorf("redactArgs changed the other arguments: %s", got)
	}
}

// TestExportCSV_FormulaNames: 'arena export csv' writes a bot whose name a
// spreadsheet would take for a formula (+evil) with a single quote before
// it, and says so in its help.
func TestExportCSV_FormulaNames(t *testing.T) {
	withTestBots(t)
	addTestBots(t, testBot{"+evil", steady.act})
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "+evil,steady", "--scenarios", "race", "--games", "2", "--db", db)
	out, _ := mustRun(t, "export", "csv", "--db", db)
	if !strings.Contains(out, ",'+evil,") || strings.Contains(out, ",+evil,") {
		t.Errorf("export csv does not neutralise the name +evil:\n%s", out)
	}
	_, help, _ := run(t, "export", "csv", "-h")
	if !strings.Contains(help, "single quote") {
		t.Errorf("export csv -h does not say how formulas are written:\n%s", help)
	}
}
