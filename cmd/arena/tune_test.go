package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
)

// TestTune plays each value of a knob in looks, writes the page (the report's tuning
// section), and resumes without
// replaying a game.
func TestTune(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	db, plot := filepath.Join(dir, "tune.db"), filepath.Join(dir, "tune.html")
	out, _, err := run(t, "tune", "--scenario", file)
	if err != nil || !strings.Contains(out, "start.hour") || !strings.Contains(out, "[6 7]") {
		t.Fatalf("knob listing: %v\n%s", err, out)
	}
	if _, _, err := run(t, "tune", "--scenario", file, "--knob", "cowboy.hp", "--bots", "random"); err == nil || !strings.Contains(err.Error(), "start.hour)") {
		t.Errorf("unknown knob: %v", err)
	}
	args := []string{"tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--look", "2",
		"--max-games", "4", "--max-turns", "30", "--db", db, "--html", plot}
	out, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("tune: %v\n%s\n%s", err, out, stderr)
	}
	for _, want := range []string{"between random and random-mirror", "z = 2.241", "\n6 ", "\n7 ", "lawmen's score [interval]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "look 2/2  start.hour=7") || !strings.Contains(stderr, "games  lawmen's score ") {
		t.Errorf("progress lacks the last look:\n%s", stderr)
	}
	page, err := os.ReadFile(plot)
	if err != nil || !strings.Contains(string(page), `id="tune-plot-1"`) || strings.Count(string(page), `class="mark tune-mark"`) != 2 ||
		!strings.Contains(string(page), "<title>Knob search: start.hour of my-town.scn</title>") || !strings.Contains(string(page), "start.hour = 7 (4 games,") {
		t.Errorf("page: %v\n%s", err, page)
	}
	gamesByT := func() int {
		n := 0
		for _, c := range gamesByTournament(t, db) {
			n += c
		}
		return n
	}
	if n := gamesByT(); n != 8 {
		t.Errorf("%d games recorded, want 4 per value", n)
	}
	if _, _, err := run(t, args...); err != nil {
		t.Fatal(err)
	}
	if n := gamesByT(); n != 8 {
		t.Errorf("%d games after the rerun, want the same 8 (resumed, nothing replayed)", n)
	}
	// The report finds the search and plots each value's side score.
	reportPath := filepath.Join(dir, "report.html")
	mustRun(t, "report", "--db", db, "--out", reportPath, "--embed-replays", "0")
	b, err := os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="tune-plot-1"`, `class="mark tune-mark" data-name="6"`, `class="mark tune-mark" data-name="7"`,
		"start.hour = 6 (4 games,", "95% over 2 looks, z = 2.24", "random against random-mirror"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(string(b), `id="tune-plot-2"`) {
		t.Error("one search reported as two")
	}
}

// TestTune_TurnCap plays each value of the turn-cap knob under its own cap, as its own
// tournament, and refuses --max-turns beside it.
func TestTune_TurnCap(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune turns=4..6:2\n" })
	db := filepath.Join(dir, "tune.db")
	args := []string{"tune", "--scenario", file, "--knob", "turns", "--bots", "random", "--look", "2", "--max-games", "2", "--db", db}
	if _, _, err := run(t, append(args, "--max-turns", "30")...); err == nil || !strings.Contains(err.Error(), "--max-turns cannot be given with the turn-cap knob") {
		t.Errorf("--max-turns with the turns knob: %v", err)
	}
	out, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("tune: %v\n%s\n%s", err, out, stderr)
	}
	if !strings.Contains(out, "Tuning turns of") || !strings.Contains(out, "\n4 ") || !strings.Contains(out, "\n6 ") {
		t.Errorf("output:\n%s", out)
	}
	games := storedGames(t, db)
	if len(games) != 4 || len(gamesByTournament(t, db)) != 2 {
		t.Fatalf("%d games in %d tournaments, want 2 games in each of 2", len(games), len(gamesByTournament(t, db)))
	}
	for _, g := range games {
		want := 4
		if strings.Contains(g.Scenario.ID, "/turns-6-") {
			want = 6
		}
		if g.Termination != arena.TermTurnLimit || g.Turns != want {
			t.Errorf("game %s on %s: %v after %d turns, want the turn limit at %d", g.Key, g.Scenario.ID, g.Termination, g.Turns, want)
		}
	}
}

// TestTune_DegenerateTurnCap: a turn cap that ends every game first (tune turns=1..2) scores
// exactly 50%, and its values are reported degenerate, never balanced.
func TestTune_DegenerateTurnCap(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune turns=1..2\n" })
	db, page := filepath.Join(dir, "tune.db"), filepath.Join(dir, "tune.html")
	out, stderr, err := run(t, "tune", "--scenario", file, "--knob", "turns", "--bots", "random",
		"--look", "40", "--max-games", "80", "--db", db, "--html", page)
	if err != nil {
		t.Fatalf("tune: %v\n%s\n%s", err, out, stderr)
	}
	if strings.Contains(out, "Balanced:") {
		t.Errorf("a value of draws only reported balanced:\n%s", out)
	}
	wantLines(t, "tune", out, "degenerate: every game a draw",
		"Degenerate, never balanced (more than 90% of the games draws, or a side that never wins): turns=1 (every game a draw), turns=2 (every game a draw).")
	// The report reads the search back by the same rule.
	report := filepath.Join(dir, "report.html")
	mustRun(t, "report", "--db", db, "--out", report, "--embed-replays", "0")
	for _, p := range []string{page, report} {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b := string(data)
		if !strings.Contains(b, "turns: 1 degenerate: every game a draw, 2 degenerate: every game a draw.") || strings.Contains(b, "Balanced at") {
			t.Errorf("%s: not read as degenerate:\n%s", filepath.Base(p), b)
		}
	}
}

// TestTune_Pairs: repeated --bots balances a knob for two pairs at once: each pair plays
// each value on the same seeds as its own tournament, the progress and the table name both
// pairs, the page has one group of rows per pair, the report groups the rows by pair, and a rerun
// replays nothing.
func TestTune_Pairs(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	db, plot := filepath.Join(dir, "tune.db"), filepath.Join(dir, "tune.html")
	args := []string{"tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--bots", "aimer",
		"--look", "2", "--max-games", "4", "--max-turns", "30", "--db", db, "--html", plot}
	out, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("tune: %v\n%s\n%s", err, out, stderr)
	}
	for _, want := range []string{"between random and random-mirror, and between aimer and aimer-mirror",
		"per value and pair", "\n6          random against random-mirror", "\n7          aimer against aimer-mirror",
		"(the value)", "No value has every pair's interval inside the zone"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"look 2/2  start.hour=7      random against random-mirror", "look 2/2  start.hour=7      aimer against aimer-mirror"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("progress lacks %q:\n%s", want, stderr)
		}
	}
	games := storedGames(t, db)
	if len(games) != 16 || len(gamesByTournament(t, db)) != 4 {
		t.Fatalf("%d games in %d tournaments, want 4 games for each value and pair", len(games), len(gamesByTournament(t, db)))
	}
	// The same seeds for both pairs at each value.
	seeds := map[string][]uint64{} // value's game id + the pair's first bot -> seeds
	for _, g := range games {
		k := g.Scenario.ID + " " + strings.TrimSuffix(g.Bots[0].Name, "-mirror")
		seeds[k] = append(seeds[k], g.Seed)
	}
	for k, s := range seeds {
		slices.Sort(s)
		if !strings.HasSuffix(k, " random") {
			continue
		}
		other := seeds[strings.TrimSuffix(k, " random")+" aimer"]
		slices.Sort(other)
		if len(s) != 4 || !slices.Equal(s, other) {
			t.Errorf("%s: seeds %v, the aimers' %v: want the same 4", k, s, other)
		}
	}
	page, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	// The page is the report's tuning section: a row per value and pair, a group per pair.
	for _, want := range []string{`id="tune-plot-1"`, `<text class="group" x="8"`, "random against random-mirror: start.hour: 6 ",
		"aimer against aimer-mirror, start.hour = 7 (4 games,", "interval inside the balanced zone yet."} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n, g := strings.Count(string(page), `class="mark tune-mark"`), strings.Count(string(page), `<text class="group"`); n != 4 || g != 2 {
		t.Errorf("page: %d rows and %d groups, want 4 and one group per pair\n%s", n, g, page)
	}
	if strings.Contains(string(page), `id="ratings"`) {
		t.Error("the page has the report's other sections")
	}
	if _, _, err := run(t, args...); err != nil {
		t.Fatal(err)
	}
	if n := len(storedGames(t, db)); n != 16 {
		t.Errorf("%d games after the rerun, want the same 16", n)
	}
	reportPath := filepath.Join(dir, "report.html")
	mustRun(t, "report", "--db", db, "--out", reportPath, "--embed-replays", "0")
	b, err := os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="tune-plot-1"`, "random against random-mirror; aimer against aimer-mirror",
		"aimer against aimer-mirror, start.hour = 7 (4 games,"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if n := strings.Count(string(b), `class="mark tune-mark"`); n != 4 || strings.Contains(string(b), `id="tune-plot-2"`) {
		t.Errorf("report: %d tune marks (want 2 values x 2 pairs) or a second search", n)
	}
	// The old form, two bots in one --bots, is still one pair.
	if _, _, err := run(t, "tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--bots", "random"); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a pair given twice: %v", err)
	}
}

// TestValidate_Knobs: validate checks every value of every knob as tune does, so a knob
// whose values the file's rules refuse (hours out of range, negative hit points, an unknown
// cowboy) or two of whose values play the same game is a problem of the file, named by line.
func TestValidate_Knobs(t *testing.T) {
	dir := t.TempDir()
	good := writeScenario(t, dir, "good.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	out, _ := mustRun(t, "validate", good)
	wantLines(t, "validate good", out, good+": ok, scenario showdown")
	bad := writeScenario(t, dir, "bad.scn", "showdown", func(s string) string {
		return s + "tune start hour=0..2\n" +
			"tune cowboy id=lawmen:1 hp=-1..1\n" +
			"tune initiative cowboy=lawmen:1|lawmen:9\n" +
			"tune cowboy id=lawmen:2 facing=90..450:360\n"
	})
	at := func(prefix string) int { return lineOf(t, bad, prefix) }
	hour, hp, initiative, facing := at("tune start"), at("tune cowboy id=lawmen:1"), at("tune initiative"), at("tune cowboy id=lawmen:2")
	start, lawman1, init := at("start "), at("cowboy id=lawmen:1 "), at("initiative ")
	out, _, err := run(t, "validate", bad)
	if err == nil || !strings.Contains(err.Error(), "1 of 1 files have problems") {
		t.Errorf("validate: err %v", err)
	}
	wantLines(t, "validate bad", out,
		fmt.Sprintf("%s:%d: start.hour: 0 is out of range 1 to 11 (with the value 0 of knob start.hour, line %d)", bad, start, hour),
		fmt.Sprintf("%s:%d: cowboy.hp: -1 is out of range 1 to 38 (with the value -1 of knob cowboy.hp[id=lawmen:1], line %d)", bad, lawman1, hp),
		fmt.Sprintf("%s:%d: cowboy.hp: 0 is out of range 1 to 38 (with the value 0 of knob cowboy.hp[id=lawmen:1], line %d)", bad, lawman1, hp),
		fmt.Sprintf("%s:%d: initiative.cowboy:", bad, init), fmt.Sprintf("(with the value lawmen:9 of knob initiative.cowboy, line %d)", initiative),
		fmt.Sprintf("%s:%d: tune.facing: knob cowboy.facing[id=lawmen:2]: the values 90 and 450 make the same game", bad, facing))
	for _, refusedWrongly := range []string{"value 1 of", "value 2 of", "value lawmen:1 of", ": ok"} {
		if strings.Contains(out, refusedWrongly) {
			t.Errorf("validate bad says %q:\n%s", refusedWrongly, out)
		}
	}
}

// TestTune_ValuesExact: tune lists and names a range's values as plain decimals and refuses
// two choices that make the same game.
func TestTune_ValuesExact(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string {
		return s + "tune cowboy id=lawmen:1 x=1000000..3000000:1000000\ntune cowboy id=lawmen:2 hp=3|03\n"
	})
	out, _, err := run(t, "tune", "--scenario", file)
	if err != nil || !strings.Contains(out, "[1000000 2000000 3000000]") {
		t.Errorf("knob listing: %v\n%s", err, out)
	}
	_, _, err = run(t, "tune", "--scenario", file, "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "random",
		"--look", "2", "--max-games", "2", "--max-turns", "4", "--db", filepath.Join(dir, "t.db"))
	if err == nil || !strings.Contains(err.Error(), "the values 3 and 03 make the same game") {
		t.Errorf("hp=3|03: %v, want the same game refused", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.db")); err == nil {
		t.Error("a refused knob created its database")
	}
}

// TestValidate_KnobBudget: past its budget of variants' text, validate names the knobs it
// did not check instead of parsing on.
func TestValidate_KnobBudget(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "many.scn", "showdown", func(s string) string {
		return s + "tune start hour=6..7\ntune cowboy id=lawmen:1 hp=-1..1\ntune cowboy id=lawmen:2 hp=-1..1\n"
	})
	size := len(must(os.ReadFile(file)))
	defer func(b int) { maxKnobCheckBytes = b }(maxKnobCheckBytes)
	maxKnobCheckBytes = 2*size + 3*size // the first two knobs' values
	out, _, err := run(t, "validate", file)
	if err == nil {
		t.Error("validate: no error, want lawmen:1's values refused")
	}
	hp1, hp2 := lineOf(t, file, "tune cowboy id=lawmen:1"), lineOf(t, file, "tune cowboy id=lawmen:2")
	wantLines(t, "validate", out, file+": the values of 1 knob not checked", "checks each): cowboy.hp[id=lawmen:2]",
		fmt.Sprintf("knob cowboy.hp[id=lawmen:1], line %d)", hp1))
	if strings.Contains(out, fmt.Sprintf("lawmen:2], line %d", hp2)) {
		t.Errorf("the knob past the budget was checked:\n%s", out)
	}
}

// lineOf returns the number of the first line of file that starts with prefix.
func lineOf(t *testing.T, file, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(string(must(os.ReadFile(file))), "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line starts with %q", file, prefix)
	return 0
}
