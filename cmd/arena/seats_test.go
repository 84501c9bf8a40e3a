package main

import (
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// TestRun_Seats plays Race at 3 and 4 seats, as a user would: the
// scenarios take their options on the command line, every 3-subset of the
// four bots is a rotation set on race:players=3 (and the four bots one on
// race:players=4), each bot plays each seat once per set, the store holds
// one place per seat, the rerun plays nothing, and the ratings rate every
// game on one scale (Plackett-Luce: two-seat race games in the same run
// with the others), with the seat advantages of each scenario.
func TestRun_Seats(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	args := []string{"run", "--bots", "random,steady,sharp,passer", "--scenarios", "race:players=3,race:players=4,rounds=3,race",
		"--games", "12", "--seed", "3", "--concurrency", "2", "--prior", "400", "--db", db}
	out, _ := mustRun(t, args...)
	// 4 sets of 3 and 1 set of 4 play 12 games each, 6 pairs play 12 two-seat games.
	wantLines(t, "run", out, "round-robin, 4 bots, 3 scenarios, 12 games per pairing, seed 3: 132 games planned",
		"This run: 132 played, 0 already recorded", "Ratings of 4 bots from 132 games", "Plackett-Luce on finishing orders",
		"race-v1:players=4,rounds=3  seat 4", "  seat 3  ")
	games := storedGames(t, db)
	if len(games) != 132 {
		t.Fatalf("%d games stored, want 132", len(games))
	}
	sets := map[string][]string{} // scenario → the bot sets that played it
	seatsOf := map[string]int{"race:players=3": 3, "race:players=4,rounds=3": 4, "race": 2}
	seatCount := map[string]map[string]int{} // bot → scenario+seat → games
	for _, g := range games {
		k, ok := seatsOf[g.Scenario.ID]
		if !ok || g.Seats() != k || len(g.Ranks) != k || g.Validate() != nil {
			t.Fatalf("game %s: scenario %q, %d seats, ranks %v", g.Key, g.Scenario.ID, g.Seats(), g.Ranks)
		}
		names := make([]string, k)
		for i, b := range g.Bots {
			names[i] = b.Name
			if seatCount[b.Name] == nil {
				seatCount[b.Name] = map[string]int{}
			}
			seatCount[b.Name][g.Scenario.ID+"#"+string(rune('0'+i))]++
		}
		slices.Sort(names)
		set := strings.Join(names, ",")
		if !slices.Contains(sets[g.Scenario.ID], set) {
			sets[g.Scenario.ID] = append(sets[g.Scenario.ID], set)
		}
	}
	if n := len(sets["race:players=3"]); n != 4 {
		t.Errorf("%d bot sets on race:players=3, want the 4 subsets of 3: %v", n, sets["race:players=3"])
	}
	if n := len(sets["race:players=4,rounds=3"]); n != 1 {
		t.Errorf("%d bot sets on race:players=4, want 1", n)
	}
	// Each bot is in 3 of the 4 sets of 3, 4 rotation sets each: 12 games per seat.
	for bot, c := range seatCount {
		for seat := range 3 {
			if n := c["race:players=3#"+string(rune('0'+seat))]; n != 12 {
				t.Errorf("%s played seat %d of race:players=3 %d times, want 12", bot, seat, n)
			}
		}
	}
	// The passer never gains: it is never alone in first place at 3 seats.
	for _, g := range games {
		for i, b := range g.Bots {
			if b.Name == "passer" && g.Seats() == 3 && g.Ranks[i] == 1 && g.Ranks[(i+1)%3] > 1 && g.Ranks[(i+2)%3] > 1 {
				t.Errorf("game %s: the passer won alone (%v)", g.Key, g.Ranks)
			}
		}
	}

	out, _ = mustRun(t, args...)
	wantLines(t, "rerun", out, "This run: 0 played, 132 already recorded")
	out, _ = mustRun(t, "ratings", "--db", db, "--prior", "400")
	wantLines(t, "ratings", out, "Ratings of 4 bots from 132 games", "The first seat's advantage per scenario", "race-v1  ",
		"Seat advantages of the scenarios of more than two seats")
	// The two-seat games alone are rated by the two-seat model, as before.
	two, _ := mustRun(t, "ratings", "--db", db, "--prior", "400", "--scenario", "race")
	wantLines(t, "ratings --scenario race", two, "Ratings of 4 bots from 72 games (36 independent clusters: pairs or single games) on 1 scenario.")
	out, _ = mustRun(t, "ratings", "--db", db, "--prior", "400", "--scenario", "race:players=3")
	wantLines(t, "ratings --scenario race:players=3", out, "Ratings of 4 bots from 48 games")
	if _, _, err := run(t, "export", "pgn", "--db", db, "--scenario", "race:players=3"); err == nil ||
		!strings.Contains(err.Error(), "all 48 games have more than two seats") {
		t.Errorf("export pgn --scenario race:players=3: err %v", err)
	}
	out, errOut := mustRun(t, "export", "pgn", "--db", db)
	wantLines(t, "export pgn", errOut, "Left out: 60 games of more than two seats")
	if n := strings.Count(out, "[Event "); n != 72 {
		t.Errorf("export pgn wrote %d games, want the 72 two-seat games", n)
	}
	wantLines(t, "export pgn", errOut, "'arena export csv' writes every game")
	// Every game as CSV, one row per seat: 48×3 + 12×4 + 72×2.
	out, _ = mustRun(t, "export", "csv", "--db", db)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 1+48*3+12*4+72*2 || !slices.Equal(rows[0], store.CSVColumns) {
		t.Fatalf("export csv: %d rows (%v), header %q", len(rows), err, rows[0])
	}
	perGame := map[string][]string{} // game -> its ranks, in seat order
	for _, r := range rows[1:] {
		perGame[r[0]] = append(perGame[r[0]], r[slices.Index(store.CSVColumns, "rank")])
	}
	if len(perGame) != 132 {
		t.Errorf("export csv: %d games, want 132", len(perGame))
	}
	for game, ranks := range perGame {
		if !slices.Contains(ranks, "1") {
			t.Errorf("export csv: game %s has no first place: %v", game, ranks)
		}
	}
	out, _ = mustRun(t, "balance", "--db", db, "--scenario", "race-v1")
	wantLines(t, "balance", out, "race-v1: 72 games")
	// Balanced per seat at three and four seats, the seats named as Race names them (it
	// names none: players 1 to N), with the points Race keeps.
	out, _ = mustRun(t, "balance", "--db", db)
	wantLines(t, "balance", out, "race-v1:players=3: 48 games of 3 seats", "race-v1:players=4,rounds=3: 12 games of 4 seats",
		"score against the others", "player 3  ", "player 4  ", "shared first places", "player 2's advantage over player 1 adjusted for the bots", "verdict: ")
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 4 && f[0] == "player" && strings.Contains(line, "—") {
			t.Errorf("balance: a seat without points: %q", line)
		}
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--bots", "random,steady,sharp", "--scenarios", "race:players=3", "--games", "4"}, "--games must be a multiple of 3, the seats of scenario race:players=3"},
		{[]string{"--bots", "random,steady", "--scenarios", "race:players=3", "--games", "3"}, "scenario race:players=3 has 3 seats and --bots names 2 bots"},
		{[]string{"--bots", "random,steady", "--scenarios", "race:players=9", "--games", "2"}, "want an integer from 2 to 5"},
		{[]string{"--bots", "random,steady", "--scenarios", "race:players", "--games", "2"}, `option "players" is not key=value`},
		{[]string{"--bots", "random,steady", "--scenarios", "rounds=3,race", "--games", "2"}, `scenario option "rounds=3" follows no NAME:key=value scenario`},
		{[]string{"--bots", "random,steady", "--scenarios", "race:rounds=3,rounds=4", "--games", "2"}, "option rounds given twice"},
	} {
		_, _, err := run(t, append([]string{"run", "--db", filepath.Join(t.TempDir(), "x.db")}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.args, err, tc.want)
		}
	}

	// A gauntlet at three seats: the gauntlet bot with every pair of the others.
	gdb := filepath.Join(t.TempDir(), "g.db")
	out, _ = mustRun(t, "run", "--bots", "random,steady,sharp,passer", "--gauntlet", "sharp", "--scenarios", "race:players=3",
		"--games", "3", "--db", gdb)
	wantLines(t, "gauntlet", out, "gauntlet of sharp, 4 bots, 1 scenario, 3 games per pairing, seed 1: 9 games planned",
		"Ratings of 4 bots from 9 games")
	for _, g := range storedGames(t, gdb) {
		if !slices.ContainsFunc(g.Bots, func(b arena.BotInfo) bool { return b.Name == "sharp" }) {
			t.Errorf("gauntlet game %s without sharp: %v", g.Key, g.Bots)
		}
	}
}
