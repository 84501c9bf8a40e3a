package main

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
)

// TestDistinctGames: a game two tournaments both played (a run restarted with another
// scenario list replays the same seeds) counts once, the copy of the tournament that began
// first kept whatever the order of the records; games that differ in seed, content hash or
// result are all kept; and balance says how many repeats it dropped.
func TestDistinctGames(t *testing.T) {
	game := func(id int64, tour string, seed uint64, hash string, turns int) arena.GameRecord {
		return arena.GameRecord{ID: id, TournamentID: tour, Seed: seed, Turns: turns, Ranks: []int{0, 1},
			Scenario: arena.Scenario{ID: "showdown", Version: "5", Hash: hash},
			Bots:     []arena.BotInfo{{Name: "aimer", Version: "2"}, {Name: "aimer-mirror", Version: "2"}}}
	}
	recs := []arena.GameRecord{
		game(5, "late", 1, "h", 40), // a repeat of early's first game
		game(1, "early", 1, "h", 40),
		game(2, "early", 2, "h", 40),
		game(6, "late", 3, "h", 40),
		game(7, "late", 2, "other", 40), // another content: another game
		game(8, "late", 2, "h", 41),     // another result: not a replay
	}
	out, repeats := distinctGames(recs)
	if repeats != 1 || len(out) != 5 {
		t.Fatalf("kept %d games, dropped %d; want 5 and 1", len(out), repeats)
	}
	for _, g := range out {
		if g.Seed == 1 && g.TournamentID != "early" {
			t.Errorf("kept the copy of tournament %q, want the one of the tournament that began first", g.TournamentID)
		}
	}
	if out[0].ID != 1 || out[1].ID != 2 || out[4].ID != 8 {
		t.Errorf("records reordered: %v %v %v", out[0].ID, out[1].ID, out[4].ID)
	}
	var b strings.Builder
	noteRepeats(&b, repeats)
	if !strings.Contains(b.String(), "Repeated games counted once: 1 ") {
		t.Errorf("note %q", b.String())
	}
}
