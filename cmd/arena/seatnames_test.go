package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env/flickemup"
)

// tournamentIDs returns the ids of the tournaments of the database at path,
// sorted, reading it without migrating it.
func tournamentIDs(t *testing.T, path string) []string {
	t.Helper()
	st, err := store.OpenReadOnly(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts, err := st.Tournaments(context.Background())
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
// its recorded command splits the path at the space. That release played
// Flick 'em Up! version 2; this arena plays flickemup.RulesVersion (9), and the
// game's version is part of a tournament's identity and of its rating names
// (my-town-v2 is not my-town-v9): rerun with the same commands, the arena
// starts new tournaments beside the release's, which keep their games
// untouched, and records the new ones' seat names. Balance, export and
// report then say lawmen and outlaws for the v9 file and tuned values, and
// still player 1 and 2 for the release's v2 ones (nothing recorded them,
// and this build no longer plays a v2 file); the release's showdown keeps
// lawmen and outlaws, as its scenario is named by its short name, which
// this build's showdown (every version of which names its seats so)
// answers. Resuming a tournament of an older schema, which records its
// seat names, is TestMigrate_V3ToV4 in package arena; databases of schema
// versions 4 and 5 are TestRelease_FlickemupV5 and TestRelease_FlickemupV8.
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

	// Rerun by this arena, at Flick 'em Up! flickemup.RulesVersion: new tournaments beside
	// the release's, whose games are untouched.
	db := filepath.Join(dir, "rerun.db")
	copyFile(t, old, db)
	oldGames := storedGames(t, old)
	out, _ = mustRun(t, "run", "--bots", "aimer", "--scenarios", file+",showdown", "--games", "2", "--seed", "3",
		"--concurrency", "2", "--db", db)
	wantLines(t, "rerun", out, "This run: 4 played, 0 already recorded")
	if strings.Contains(out, "Tournament "+ids[0]) || strings.Contains(out, "Tournament "+ids[1]) || strings.Contains(out, "Tournament "+ids[2]) {
		t.Errorf("rerun at version %d resumed a tournament of the release's version 2:\n%s", flickemup.RulesVersion, out)
	}
	mustRun(t, "tune", "--scenario", file, "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "aimer", "--look", "2",
		"--max-games", "2", "--db", db)
	checkReleaseKept(t, db, ids, oldGames)
	out, _ = mustRun(t, "balance", "--db", db)
	wantLines(t, "balance after the reruns", out, "\nmy-town-v2: 2 games", fmt.Sprintf("\nmy-town-v%d: 2 games", flickemup.RulesVersion),
		"\nshowdown-v2: 2 games", fmt.Sprintf("\nshowdown-v%d: 2 games", scenarioVersion(t, "showdown")))
	if strings.Count(out, "  lawmen ") != 5 || strings.Count(out, "  outlaws ") != 5 || strings.Count(out, "  player 1 ") != 3 {
		t.Errorf("balance after the reruns: want lawmen and outlaws for the 4 new scenarios and the release's showdown, "+
			"player 1 and 2 for the release's file and its 2 tuned values:\n%s", out)
	}
	csv, _ := mustRun(t, "export", "csv", "--db", db)
	if strings.Count(csv, ",lawmen,") != 10 || strings.Count(csv, ",outlaws,") != 10 || strings.Count(csv, ",player 1,") != 6 {
		t.Errorf("export after the reruns: want lawmen and outlaws in the 8 new games and the release's 2 showdowns, "+
			"player 1 and 2 in the release's 6 games of the file:\n%s", csv)
	}
	page = readReport(t, db)
	wantInPage(t, "report after the reruns", page, "lawmen", "player 1", `id="tune-plot-1"`, `id="tune-plot-2"`)
}

// TestRelease_FlickemupV5: a database of schema version 4 written by the arena of commit
// 17b31df (testdata/flickemup-v5.README), the last to play Flick 'em Up! version 5, is
// migrated and not resumed by this arena (checkOlderFlickemup).
func TestRelease_FlickemupV5(t *testing.T) {
	checkOlderFlickemup(t, "flickemup-v5.db", 5)
}

// TestRelease_FlickemupV8: a database of schema version 5 written by the arena of commit
// 24927fa (testdata/flickemup-v8.README), the last to play Flick 'em Up! version 8, is
// migrated and not resumed by this arena (checkOlderFlickemup).
func TestRelease_FlickemupV8(t *testing.T) {
	checkOlderFlickemup(t, "flickemup-v8.db", 8)
}

// checkOlderFlickemup checks that a database testdata/name, written by an
// arena of this schema that played Flick 'em Up! version old (a tournament
// on a designer's file "my dir/my-town.scn", testdata/release-v3.scn, and
// the showdown, then a tune of the file's cowboy.hp[id=lawmen:2] over 2
// values, 8 games in all), is not resumed by this arena, which plays
// flickemup.RulesVersion: rerun with the same commands, it starts new tournaments
// beside the release's (the game's version is in a tournament's identity,
// and in the tuned values' ids), whose games stay untouched. Balance reads
// both versions apart (my-town-v<old> and my-town-v<this>), every seat named
// lawmen and outlaws, as both arenas recorded the names.
func checkOlderFlickemup(t *testing.T, name string, old int) {
	t.Helper()
	if old >= flickemup.RulesVersion {
		t.Fatalf("the release's Flick 'em Up! version %d is not older than this arena's %d", old, flickemup.RulesVersion)
	}
	dir := t.TempDir()
	release := filepath.Join(dir, "old.db")
	copyFile(t, filepath.Join("testdata", name), release)
	if err := os.Mkdir(filepath.Join(dir, "my dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "my dir", "my-town.scn")
	copyFile(t, filepath.Join("testdata", "release-v3.scn"), file)
	ids := tournamentIDs(t, release)
	if len(ids) != 3 {
		t.Fatalf("the release's database has tournaments %q, want 3", ids)
	}
	oldGames := storedGames(t, release)
	if len(oldGames) != 8 {
		t.Fatalf("the release's database has %d games, want 8", len(oldGames))
	}

	db := filepath.Join(dir, "rerun.db")
	copyFile(t, release, db)
	out, _ := mustRun(t, "run", "--bots", "aimer", "--scenarios", file+",showdown", "--games", "2", "--seed", "3",
		"--concurrency", "2", "--db", db)
	wantLines(t, "rerun", out, "This run: 4 played, 0 already recorded")
	out2, _ := mustRun(t, "tune", "--scenario", file, "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "aimer", "--look", "2",
		"--max-games", "2", "--db", db)
	for _, id := range ids {
		if strings.Contains(out+out2, id) {
			t.Errorf("the reruns at version %d resumed the release's version %d tournament %s:\n%s\n%s",
				flickemup.RulesVersion, old, id, out, out2)
		}
	}
	checkReleaseKept(t, db, ids, oldGames)
	out, _ = mustRun(t, "balance", "--db", db)
	var want []string
	// The file has no version line: its version is the rules'.
	for _, v := range [][2]int{{old, old}, {flickemup.RulesVersion, scenarioVersion(t, "showdown")}} {
		file, showdown := v[0], v[1]
		want = append(want, fmt.Sprintf("\nmy-town-v%d: 2 games", file), fmt.Sprintf("\nshowdown-v%d: 2 games", showdown),
			fmt.Sprintf("\nflickemup/file/my-town/cowboy-hp-id-lawmen-2-3-v%d: 2 games", file),
			fmt.Sprintf("\nflickemup/file/my-town/cowboy-hp-id-lawmen-2-4-v%d: 2 games", file))
	}
	wantLines(t, "balance after the reruns", out, want...)
	if strings.Contains(out, "player ") || strings.Count(out, "  lawmen ") != 8 || strings.Count(out, "  outlaws ") != 8 {
		t.Errorf("balance after the reruns: want lawmen and outlaws for the 8 scenarios, v%d and v%d:\n%s",
			old, flickemup.RulesVersion, out)
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
	// A copy of showdown.scn, its version line with it.
	wantLines(t, "balance of the file by its path", out, fmt.Sprintf("my-town-v%d: 2 games", scenarioVersion(t, "showdown")), "  lawmen ")
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

// checkReleaseKept checks a release database after the reruns of a newer version: its 3
// tournaments ids still there beside 3 new ones, and its games oldGames unchanged beside 8 new.
func checkReleaseKept(t *testing.T, db string, ids []string, oldGames []arena.GameRecord) {
	t.Helper()
	got := tournamentIDs(t, db)
	if len(got) != 6 {
		t.Errorf("tournaments after the reruns %q, want the release's 3 %q and 3 new", got, ids)
	}
	for _, id := range ids {
		if !slices.Contains(got, id) {
			t.Errorf("tournaments after the reruns %q lack the release's %s", got, id)
		}
	}
	games := storedGames(t, db)
	if len(games) != 16 {
		t.Errorf("%d games after the reruns, want the release's 8 and 8 new", len(games))
	}
	for _, g := range oldGames {
		i := slices.IndexFunc(games, func(h arena.GameRecord) bool { return h.ID == g.ID })
		if i < 0 || !reflect.DeepEqual(games[i], g) {
			t.Errorf("the release's game %d changed by the reruns", g.ID)
		}
	}
}

// scenarioVersion returns the version of our scenario name, as its file declares it.
func scenarioVersion(t *testing.T, name string) int {
	t.Helper()
	sc, err := flickemup.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc.EnvVersion()
}
