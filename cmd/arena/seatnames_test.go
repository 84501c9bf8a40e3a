package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
)

// tournamentIDs returns the ids of the tournaments of the database at path,
// sorted, reading it without migrating it.
func tournamentIDs(t *testing.T, path string) []string {
	t.Helper()
	store, err := arena.OpenStoreReadOnly(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ts, err := store.Tournaments(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tr := range ts {
		ids = append(ids, tr.ID)
	}
	slices.Sort(ids)
	return ids
}

// wantInPage fails the test unless page contains every want (the page is
// not printed: it is long).
func wantInPage(t *testing.T, what, page string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

// readReport writes the report of db and returns it.
func readReport(t *testing.T, db string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "report.html")
	mustRun(t, "report", "--db", db, "--out", out, "--embed-replays", "0")
	return string(must(os.ReadFile(out)))
}

// TestRelease_V3FileScenario: a database written by the arena of commit
// a44daa7 (testdata/release-v3.README: schema 3, a tournament on a
// designer's file "my dir/my-town.scn" and the showdown, and a tune of the
// file, its command holding the path with a space) is read as that arena
// read it: the file's seats are player 1 and 2 (nothing says otherwise),
// the showdown's lawmen and outlaws, and the report finds the tune although
// its recorded command splits the path at the space. Rerun with the same
// commands, the tournaments resume under the same ids, nothing replayed,
// and their seat names are recorded: balance, export and report then say
// lawmen and outlaws for the file and each tuned value too.
func TestRelease_V3FileScenario(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.db")
	copyFile(t, filepath.Join("testdata", "release-v3.db"), old)
	if err := os.Mkdir(filepath.Join(dir, "my dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "my dir", "my-town.scn")
	copyFile(t, filepath.Join("testdata", "release-v3.scn"), file)
	ids := tournamentIDs(t, old)
	if len(ids) != 3 {
		t.Fatalf("the release's database has tournaments %q, want 3", ids)
	}

	// As the release read it.
	out, _ := mustRun(t, "balance", "--db", old, "--scenario", "my-town")
	wantLines(t, "balance of the file, old database", out, "  player 1 ", "  player 2 ")
	out, _ = mustRun(t, "balance", "--db", old, "--scenario", "showdown")
	wantLines(t, "balance of the showdown, old database", out, "  lawmen ", "  outlaws ")
	page := readReport(t, old)
	wantInPage(t, "report of the old database", page, `id="tune-plot-1"`, "my dir/my-town.scn: cowboy.hp[id=lawmen:2]")

	// Resumed by this arena: the same tournaments, their names recorded.
	db := filepath.Join(dir, "resumed.db")
	copyFile(t, old, db)
	out, _ = mustRun(t, "run", "--bots", "aimer", "--scenarios", file+",showdown", "--games", "2", "--seed", "3",
		"--concurrency", "2", "--db", db)
	wantLines(t, "resumed run", out, "Tournament 0f9cd24e6819f3f5996bccfc58158cb9:",
		"This run: 0 played, 4 already recorded")
	mustRun(t, "tune", "--scenario", file, "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "aimer", "--look", "2",
		"--max-games", "2", "--db", db)
	if got := tournamentIDs(t, db); !slices.Equal(got, ids) {
		t.Errorf("tournaments after the reruns %q, want the release's %q", got, ids)
	}
	if n := len(storedGames(t, db)); n != 8 {
		t.Errorf("%d games after the reruns, want the release's 8", n)
	}
	out, _ = mustRun(t, "balance", "--db", db)
	if strings.Contains(out, "player ") || strings.Count(out, "  lawmen ") != 4 || strings.Count(out, "  outlaws ") != 4 {
		t.Errorf("balance of the resumed database: want the 4 scenarios' seats named lawmen and outlaws:\n%s", out)
	}
	csv, _ := mustRun(t, "export", "csv", "--db", db)
	if strings.Contains(csv, "player ") || strings.Count(csv, ",lawmen,") != 8 || strings.Count(csv, ",outlaws,") != 8 {
		t.Errorf("export of the resumed database: want every seat named lawmen or outlaws:\n%s", csv)
	}
	page = readReport(t, db)
	if strings.Contains(page, "player 1") || !strings.Contains(page, "lawmen") || !strings.Contains(page, `id="tune-plot-1"`) {
		t.Errorf("report of the resumed database: want lawmen, no player 1, and the tune")
	}
}

// TestDesignerPath_SeatNames follows the README's designer path with a
// scenario file in a directory whose name has a space: run, balance, tune,
// report and export all name the sides lawmen and outlaws, and the report
// finds the tune; balance takes the file's path as arena run did.
func TestDesignerPath_SeatNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my town's files")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	mustRun(t, "validate", file)
	db := filepath.Join(dir, "results.db")
	mustRun(t, "run", "--bots", "random", "--scenarios", file, "--games", "2", "--max-turns", "30", "--db", db)
	out, _ := mustRun(t, "balance", "--db", db)
	if strings.Contains(out, "player ") || !strings.Contains(out, "  lawmen ") || !strings.Contains(out, "  outlaws ") {
		t.Errorf("balance after arena run: want lawmen and outlaws:\n%s", out)
	}
	out, _ = mustRun(t, "balance", "--db", db, "--scenario", file) // the file as arena run named it
	wantLines(t, "balance of the file by its path", out, "my-town-v3: 2 games", "  lawmen ")
	if _, _, err := run(t, "balance", "--db", db, "--scenario", filepath.Join(dir, "nope.scn")); err == nil ||
		!strings.Contains(err.Error(), "--scenario: scenario files:\n  stat ") {
		t.Errorf("balance of a missing file: %v, want its stat error", err)
	}
	tuned := filepath.Join(dir, "tune.db")
	mustRun(t, "tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--look", "2",
		"--max-games", "2", "--max-turns", "30", "--db", tuned)
	out, _ = mustRun(t, "balance", "--db", tuned)
	if strings.Contains(out, "player ") || strings.Count(out, "  lawmen ") != 2 {
		t.Errorf("balance after arena tune: want each value's lawmen and outlaws:\n%s", out)
	}
	page := readReport(t, tuned)
	if strings.Contains(page, "player 1") || !strings.Contains(page, "lawmen") {
		t.Errorf("report of the tune: want lawmen, no player 1")
	}
	wantInPage(t, "report of the tune", page, `id="tune-plot-1"`, "my town&#39;s files/my-town.scn: start.hour")
	csv, _ := mustRun(t, "export", "csv", "--db", db)
	if strings.Contains(csv, "player ") || strings.Count(csv, ",lawmen,") != 2 {
		t.Errorf("export: want the seats named lawmen and outlaws:\n%s", csv)
	}
}

// TestReport_ScenarioFileReplays: the replays of a game played from a file
// are embedded in the report when the file is named (--scenario-files); else
// the warning says to name it.
func TestReport_ScenarioFileReplays(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s })
	db := filepath.Join(dir, "results.db")
	mustRun(t, "run", "--bots", "random", "--scenarios", file, "--games", "2", "--max-turns", "30", "--record", "all", "--db", db)
	out := filepath.Join(dir, "report.html")
	_, stderr := mustRun(t, "report", "--db", db, "--out", out)
	wantLines(t, "report without the file", stderr, "is played from a scenario file: name the file with --scenario-files")
	if page := string(must(os.ReadFile(out))); strings.Contains(page, "my-town: random vs random-mirror") {
		t.Error("a replay embedded without its file")
	}
	_, stderr = mustRun(t, "report", "--db", db, "--out", out, "--scenario-files", dir)
	if stderr != "" {
		t.Errorf("report with the file warns:\n%s", stderr)
	}
	wantInPage(t, "report with the file", string(must(os.ReadFile(out))), "my-town: random vs random-mirror")
	if _, _, err := run(t, "report", "--db", db, "--out", out, "--scenario-files", "showdown"); err == nil ||
		!strings.Contains(err.Error(), `--scenario-files: "showdown" is neither a .scn file nor a directory`) {
		t.Errorf("a name that is no file: %v", err)
	}
}
