package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
