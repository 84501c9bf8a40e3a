package main

import (
	"os"
	"path/filepath"
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
