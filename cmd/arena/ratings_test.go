package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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

// TestRatings_CSV: arena ratings --csv prints only the table, as CSV with its
// header, strongest first, each row the table's numbers; the notes go to stderr.
func TestRatings_CSV(t *testing.T) {
	withTestBots(t)
	addTestBots(t, crashy)
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "random,steady,crashy", "--scenarios", "race", "--games", "4", "--db", db)

	out, errOut := mustRun(t, "ratings", "--db", db, "--prior", "400", "--csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	if len(rows) != 4 || !slices.Equal(rows[0], []string{"bot", "elo", "low", "high", "games", "points"}) {
		t.Fatalf("want the header and 3 bots:\n%s", out)
	}
	table, _ := mustRun(t, "ratings", "--db", db, "--prior", "400")
	prev := math.Inf(1)
	for _, r := range rows[1:] {
		elo, lo, hi := parseNum(t, r[1]), parseNum(t, r[2]), parseNum(t, r[3])
		if !(lo < elo && elo < hi) || elo > prev {
			t.Errorf("row %v: want low < elo < high, strongest first", r)
		}
		prev = elo
		wantLines(t, "the table", table, fmt.Sprintf("%s  %+7.1f  [%+.1f, %+.1f]", r[0], elo, lo, hi))
		if r[4] != "8" {
			t.Errorf("row %v: want 8 games", r)
		}
	}
	wantLines(t, "stderr", errOut, "Forfeits: 8 of the 12 games ended by a bot's fault")
	if strings.Contains(out, "Forfeits") {
		t.Errorf("the notes went to stdout:\n%s", out)
	}
}

// parseNum parses a CSV field as a number.
func parseNum(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
