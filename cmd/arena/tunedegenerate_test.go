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

// TestTune_DegenerateRule: a pair whose interval lies inside the zone is degenerate instead of
// balanced when more than 90% of its games are draws or a side never won; otherwise judge's
// verdict stands.
func TestTune_DegenerateRule(t *testing.T) {
	for _, c := range []struct {
		name   string
		games  int
		tally  tally
		lo, hi float64
		want   string
	}{
		{"AllDraws", 100, tally{draws: 100}, 0.46, 0.54, "degenerate: every game a draw"},
		{"MostlyDraws", 100, tally{draws: 91, winsX: 4, winsY: 5}, 0.46, 0.54, "degenerate: 91% of the games draws"},
		{"NinetyPercentDraws", 100, tally{draws: 90, winsX: 5, winsY: 5}, 0.46, 0.54, "balanced"},
		{"LawmenNeverWin", 100, tally{draws: 70, winsY: 30}, 0.3, 0.4, "degenerate: the lawmen never win"},
		{"OutlawsNeverWin", 100, tally{draws: 70, winsX: 30}, 0.6, 0.7, "degenerate: the outlaws never win"},
		{"Even", 100, tally{draws: 10, winsX: 45, winsY: 45}, 0.46, 0.54, "balanced"},
		{"AllDrawsUndecided", 10, tally{draws: 10}, 0.3, 0.7, ""},
		{"ClearlyOff", 100, tally{draws: 95, winsY: 5}, 0.4, 0.44, "clearly off"},
	} {
		r := &pairRun{games: c.games, tally: c.tally, lo: c.lo, hi: c.hi}
		r.verdict = r.verdictOf(0.25, 0.75)
		if c.name != "LawmenNeverWin" && c.name != "OutlawsNeverWin" {
			r.verdict = r.verdictOf(0.45, 0.55)
		}
		if got := r.verdictLabel(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// A value is degenerate when any pair is (unless one is clearly off) and plays no more.
	cands := []*candidate{{value: "1", live: true, runs: []*pairRun{{}, {}}}}
	measure := func(k int, c *candidate, r *pairRun) (bool, error) {
		r.games, r.tally, r.lo, r.hi = 100, tally{draws: 100}, 0.47, 0.53
		return true, nil
	}
	last, stopped, err := searchLooks(cands, 3, 0.45, 0.55, measure, nil, nil)
	if err != nil || last != 1 || !stopped || cands[0].verdict != tuneDegenerate || cands[0].live || cands[0].runs[1].games != 0 {
		t.Errorf("search: look %d, stopped %v, %v; value %+v, want degenerate at look 1, its second pair not played", last, stopped, err, cands[0])
	}
}
