package main

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// crashy fails every decision: each of its games is a forfeit (crash).
var crashy = testBot{"crashy", func(env.Action, env.Turn, *rand.Rand) error {
	return errors.New("segfault in the model")
}}

// TestRatings_Forfeits: arena ratings says how many games ended by a bot's
// fault, by kind, and --exclude-forfeits rates without them.
func TestRatings_Forfeits(t *testing.T) {
	withTestBots(t)
	addTestBots(t, crashy)
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "random,steady,crashy", "--scenarios", "race", "--games", "4", "--db", db)

	out, _ := mustRun(t, "ratings", "--db", db, "--prior", "400")
	wantLines(t, "ratings", out,
		"Forfeits: 8 of the 12 games ended by a bot's fault (8 crash); --exclude-forfeits rates without them.",
		"Ratings of 3 bots from 12 games")
	out, _ = mustRun(t, "ratings", "--db", db, "--exclude-forfeits", "--prior", "400")
	wantLines(t, "ratings --exclude-forfeits", out,
		"Forfeits: 8 of the 12 games ended by a bot's fault (8 crash); rated without them.",
		"Ratings of 2 bots from 4 games")
	out, _ = mustRun(t, "ratings", "--db", db, "--bots", "random,steady", "--prior", "400")
	wantLines(t, "ratings without crashy", out, "Forfeits: none of the 4 games ended by a bot's fault.")
	if _, _, err := run(t, "ratings", "--db", db, "--bots", "random,crashy", "--exclude-forfeits"); err == nil {
		t.Error("rated a selection of forfeits only")
	}
}
