package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRun_CanonicalOptions checks that spellings of one option value name one scenario:
// race:players=3, race:players=03 and race:players=+3 are one tournament, stored under
// race:players=3, found by a reading command whichever the spelling, and refused as a
// scenario listed twice (issue 35: three tournaments of the same game).
func TestRun_CanonicalOptions(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	args := func(scenarios string) []string {
		return []string{"run", "--bots", "random,steady,sharp", "--scenarios", scenarios, "--games", "3", "--seed", "1", "--concurrency", "1", "--db", db}
	}
	out, _ := mustRun(t, args("race:players=3")...)
	wantLines(t, "run players=3", out, "This run: 3 played, 0 already recorded")
	for _, spelling := range []string{"03", "+3", " 3"} {
		out, _ := mustRun(t, args("race:players="+spelling)...)
		wantLines(t, "run players="+spelling, out, "This run: 0 played, 3 already recorded")
	}
	for _, g := range storedGames(t, db) {
		if g.Scenario.ID != "race:players=3" {
			t.Errorf("game %s stored under scenario %q, want race:players=3", g.Key, g.Scenario.ID)
		}
	}
	if _, _, err := run(t, args("race:players=3,race:players=03")...); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("race:players=3,race:players=03: err %v, want listed twice", err)
	}
	for _, q := range []string{"race:players=03", "race-v1:players=+3"} {
		out, _ := mustRun(t, "ratings", "--db", db, "--prior", "400", "--scenario", q)
		wantLines(t, "ratings --scenario "+q, out, "from 3 games")
	}
}
