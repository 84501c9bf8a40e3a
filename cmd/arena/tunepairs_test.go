package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

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
