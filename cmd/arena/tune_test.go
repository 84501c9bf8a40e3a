package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTune plays each value of a knob in looks, writes the plot, and resumes without
// replaying a game.
func TestTune(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	db, plot := filepath.Join(dir, "tune.db"), filepath.Join(dir, "tune.html")
	out, _, err := run(t, "tune", "--scenario", file)
	if err != nil || !strings.Contains(out, "start.hour") || !strings.Contains(out, "[6 7]") {
		t.Fatalf("knob listing: %v\n%s", err, out)
	}
	if _, _, err := run(t, "tune", "--scenario", file, "--knob", "cowboy.hp", "--bots", "random"); err == nil || !strings.Contains(err.Error(), "its knobs: start.hour") {
		t.Errorf("unknown knob: %v", err)
	}
	args := []string{"tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--look", "2",
		"--max-games", "4", "--max-turns", "30", "--db", db, "--html", plot}
	out, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("tune: %v\n%s\n%s", err, out, stderr)
	}
	for _, want := range []string{"between random and random-mirror", "z = 2.241", "\n6 ", "\n7 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr, "look 2/2  start.hour=7") {
		t.Errorf("progress lacks the last look:\n%s", stderr)
	}
	page, err := os.ReadFile(plot)
	if err != nil || !strings.Contains(string(page), "<svg") || strings.Count(string(page), "<circle") != 2 {
		t.Errorf("plot: %v\n%s", err, page)
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
}
