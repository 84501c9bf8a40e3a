package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun_Bounds: every size a user gives arena run is bounded, and a value
// past its bound is refused, before anything is planned or created, with an
// error naming the flag and the limit. --games 2000000000 used to plan a
// schedule of hundreds of GB and kill the process.
func TestRun_Bounds(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	many := func(prefix string, n int) string {
		var xs []string
		for i := range n {
			xs = append(xs, prefix+strings.Repeat("x", i%3)+string(rune('a'+i%26))+strings.Repeat("y", i/26))
		}
		return strings.Join(xs, ",")
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"Games", []string{"--bots", "random,sharp", "--scenarios", "race", "--games", "2000000000"}, "--games must be at most 100000, got 2000000000"},
		{"Planned", []string{"--bots", "random,sharp,steady,passer,stopper", "--scenarios", "race,showdown,flickago", "--games", "40000"},
			"--games 40000 with 10 bot pairings and 3 scenarios plans 1200000 games, more than the limit of 1000000"},
		{"Sets", []string{"--bots", "random,steady,sharp,passer,stopper", "--scenarios", "race:players=3,race:players=3,rounds=4", "--games", "60000"},
			"--games 60000 with up to 10 bot sets and 2 scenarios plans 1200000 games, more than the limit of 1000000"},
		{"Bots", []string{"--bots", many("b", 65), "--scenarios", "race"}, "--bots lists 65 bots, more than the limit of 64"},
		{"Scenarios", []string{"--bots", "random,sharp", "--scenarios", many("s", 65)}, "--scenarios lists 65 scenarios, more than the limit of 64"},
		{"Concurrency", []string{"--bots", "random,sharp", "--scenarios", "race", "--concurrency", "100000000"}, "--concurrency must lie in [1, 1024], got 100000000"},
		{"Deadline", []string{"--bots", "random,sharp", "--scenarios", "race", "--deadline", "10000h"}, "--deadline must lie in [0, 1h0m0s], got 10000h0m0s"},
		{"MaxTurns", []string{"--bots", "random,sharp", "--scenarios", "race", "--max-turns", "2000000000"}, "--max-turns must lie in [0, 10000000], got 2000000000"},
		{"Prior", []string{"--bots", "random,sharp", "--scenarios", "race", "--prior", "1e308"}, "--prior must lie in [0, 100000] Elo, got 1e+308"},
		{"PriorNaN", []string{"--bots", "random,sharp", "--scenarios", "race", "--prior", "NaN"}, "--prior must lie in [0, 100000] Elo, got NaN"},
		{"RecordFirst", []string{"--bots", "random,sharp", "--scenarios", "race", "--record", "first=9000000000"}, "K must be a number of games in [1, 200000]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := run(t, append([]string{"run", "--db", db}, tc.args...)...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused command line created the database")
	}
	for _, args := range [][]string{
		{"ratings", "--db", db, "--prior", "Inf"},
		{"balance", "--db", db, "--prior", "1e9"},
		{"report", "--db", db, "--prior", "NaN"},
	} {
		if _, _, err := run(t, args...); err == nil || !strings.Contains(err.Error(), "--prior must lie in [0, 100000] Elo") {
			t.Errorf("%v: err %v, want the prior's bound", args, err)
		}
	}
	if _, _, err := run(t, "report", "--db", db, "--embed-replays", "1000000000"); err == nil ||
		!strings.Contains(err.Error(), "--embed-replays must lie in [0, 100], got 1000000000") {
		t.Errorf("report --embed-replays 1e9: err %v", err)
	}
}

// TestValidate_Bounds: validate reads only regular files of at most 256 KiB
// (flickemup.MaxFileBytes); /dev/zero used to be read until memory ran out.
func TestValidate_Bounds(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.scn")
	if err := os.WriteFile(big, make([]byte, 1<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dev/zero":   "/dev/zero: not a regular file (a character device)",
		big:           big + ":1: file: 1048577 bytes: a scenario file is at most 262144 bytes",
		t.TempDir():   "not a regular file (a directory)",
		"/nonexisten": "no such file",
	} {
		out, _, err := run(t, "validate", path)
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("validate %s: err %v, stdout %q; want %q", path, err, out, want)
		}
	}
}

// TestCheckPlanned counts the bot sets of each scenario's seats: three bots
// make one set of three (not three pairs), a gauntlet of five at three seats
// six sets.
func TestCheckPlanned(t *testing.T) {
	tests := []struct {
		bots     int
		seats    []int
		games    int
		gauntlet bool
		ok       bool
	}{
		{3, []int{3, 3, 3, 3}, 99999, false, true},        // 4 × 1 set × 99999
		{3, []int{2, 2, 2, 2}, 99999, false, false},       // 4 × 3 pairs × 99999
		{5, []int{3}, 99999, true, true},                  // 6 sets
		{5, []int{3, 3}, 99999, true, false},              // 12 sets
		{64, []int{32}, 2, false, false},                  // more sets than the limit
		{10, []int{2, 3, 4, 5}, 100000, false, false},     // 45+120+210+252 sets
		{4, []int{2, 2, 2, 2, 2, 2}, 27776, false, true},  // 6 × 6 pairs × 27776 = 999936
		{4, []int{2, 2, 2, 2, 2, 2}, 27778, false, false}, // 1000008
	}
	for _, tc := range tests {
		err := checkPlanned(tc.bots, tc.seats, tc.games, tc.gauntlet)
		if (err == nil) != tc.ok {
			t.Errorf("%d bots, seats %v, %d games, gauntlet %v: err %v, want ok %v", tc.bots, tc.seats, tc.games, tc.gauntlet, err, tc.ok)
		}
	}
}
