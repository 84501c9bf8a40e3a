package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestMain stops the PostgreSQL server of the tests (pgtest.DB starts it on
// first use). With envWorkerArgs set, the test binary is an arena worker of
// the chaos test instead (see workerMain).
func TestMain(m *testing.M) {
	if args := os.Getenv(envWorkerArgs); args != "" {
		os.Exit(workerMain(args))
	}
	pgtest.Main(m)
}

// sameGames fails the test unless a and b hold the same games, game for
// game (row ids, times and the arena version aside).
func sameGames(t *testing.T, what string, a, b []arena.GameRecord) {
	t.Helper()
	if len(a) == 0 {
		t.Fatalf("%s: no games", what)
	}
	if diff := cmp.Diff(a, b, cmpopts.IgnoreFields(arena.GameRecord{}, "ID", "StartedAt", "EndedAt")); diff != "" {
		t.Errorf("%s differ (-a +b):\n%s", what, diff)
	}
}

// TestPostgres_RunAndRead plays one tournament on SQLite and on PostgreSQL
// with the same command: the same games are recorded, and every reading
// command prints the same from either store; 'arena copy' brings the SQLite
// file's games into another PostgreSQL database, identical again.
func TestPostgres_RunAndRead(t *testing.T) {
	withTestBots(t)
	file := filepath.Join(t.TempDir(), "results.db")
	pg := pgtest.DB(t)
	args := []string{"run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "4",
		"--seed", "3", "--concurrency", "2"}
	outFile, _ := mustRun(t, append(args, "--db", file)...)
	outPG, _ := mustRun(t, append(args, "--db", pg)...)
	if outFile != outPG {
		t.Errorf("arena run prints differently on PostgreSQL:\nSQLite:\n%s\nPostgreSQL:\n%s", outFile, outPG)
	}
	wantLines(t, "run on PostgreSQL", outPG, "This run: 12 played, 0 already recorded")
	sameGames(t, "games of SQLite and PostgreSQL", storedGames(t, file), storedGames(t, pg))
	again, _ := mustRun(t, append(args, "--db", pg)...)
	wantLines(t, "rerun on PostgreSQL", again, "This run: 0 played, 12 already recorded")

	for _, cmd := range [][]string{{"ratings", "--prior", "400"}, {"balance"}, {"export", "pgn"}} {
		a, _ := mustRun(t, append(cmd, "--db", file)...)
		b, _ := mustRun(t, append(cmd, "--db", pg)...)
		if a != b || a == "" {
			t.Errorf("arena %s prints differently on PostgreSQL:\nSQLite:\n%s\nPostgreSQL:\n%s", strings.Join(cmd, " "), a, b)
		}
	}
	report := filepath.Join(t.TempDir(), "report.html")
	mustRun(t, "report", "--db", pg, "--out", report)

	copied := pgtest.DB(t)
	out, _ := mustRun(t, "copy", "--from", file, "--to", copied)
	wantLines(t, "copy", out, "Copied 1 tournament (1 runs, 0 voided attempts) and 12 games; 0 tournaments merged, 0 games there already.")
	sameGames(t, "games of the SQLite file and its copy", storedGames(t, file), storedGames(t, copied))
	out, _ = mustRun(t, "copy", "--from", file, "--to", copied)
	wantLines(t, "second copy", out, "Copied 0 tournaments (0 runs, 0 voided attempts) and 0 games; 1 tournaments merged, 12 games there already.")
}

func TestCopy_BadCommandLines(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"copy", "--to", "x.db"}, "--from is required"},
		{[]string{"copy", "--from", "x.db"}, "--to is required"},
		{[]string{"copy", "--from", "x.db", "--to", "x.db"}, "same database"},
		{[]string{"copy", "--from", filepath.Join(dir, "none.db"), "--to", filepath.Join(dir, "y.db")}, "no results database"},
	} {
		_, _, err := run(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("arena %s: %v, want an error with %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

func TestRedactArgs(t *testing.T) {
	got := redactArgs([]string{"--db", "postgres://u:pw@h/a", "--db=postgresql://u:pw@h/a", "--games", "4"})
	want := []string{"--db", "postgres://u:xxxxx@h/a", "--db=postgresql://u:xxxxx@h/a", "--games", "4"}
	if !cmp.Equal(got, want) {
		t.Errorf("redactArgs = %q, want %q", got, want)
	}
}

func TestRun_BadLease(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "r.db")
	for _, lease := range []string{"10ms", "2h"} {
		_, _, err := run(t, "run", "--bots", "steady,sharp", "--scenarios", "race", "--games", "2", "--lease", lease, "--db", db)
		if err == nil || !strings.Contains(err.Error(), "--lease must lie in") {
			t.Errorf("--lease %s: %v, want an error naming --lease", lease, err)
		}
	}
	out, _, _ := run(t, "help", "copy")
	_, errOut, _ := run(t, "copy", "-h")
	if !strings.Contains(errOut+out, "--from") {
		t.Errorf("arena copy -h does not document --from:\n%s%s", out, errOut)
	}
}

// TestPostgres_TuneReport: a tune of a choice knob played on SQLite and on PostgreSQL, and
// the SQLite file copied into another PostgreSQL database, report the same search from
// their recorded labels, its values as the file writes them (town-hall).
func TestPostgres_TuneReport(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "pardon", func(s string) string {
		return s + "tune token kind=documents in=town-hall|saloon\n"
	})
	args := []string{"tune", "--scenario", file, "--knob", "token.in[kind=documents]", "--bots", "random", "--look", "2",
		"--max-games", "2", "--max-turns", "30"}
	sqlite, pg, copied := filepath.Join(dir, "tune.db"), pgtest.DB(t), pgtest.DB(t)
	mustRun(t, append(args, "--db", sqlite)...)
	mustRun(t, append(args, "--db", pg)...)
	mustRun(t, "copy", "--from", sqlite, "--to", copied)
	var want string
	for i, db := range []string{sqlite, pg, copied} {
		blocks := tuneBlocks(t, reportOf(t, db))
		if len(blocks) != 1 {
			t.Fatalf("%s: %d tune blocks, want 1", db, len(blocks))
		}
		if i == 0 {
			want = blocks[0]
			if v := verdictsOf(want); v != "token.in[kind=documents]: town-hall undecided, saloon undecided." {
				t.Errorf("SQLite: values %q, want town-hall and saloon", v)
			}
		} else if blocks[0] != want {
			t.Errorf("%s: the tune section differs from SQLite's:\n%s\nSQLite's:\n%s", db, blocks[0], want)
		}
	}
}
