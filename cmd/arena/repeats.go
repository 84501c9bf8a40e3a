package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// distinctGames drops the games of recs that repeat a game of another tournament: the same
// scenario (id, version and content hash), seed, bots and versions in the same seats, and the
// same first mover, places and length. Two tournaments whose schedules share seeds (a run
// restarted with another scenario list plans a new tournament from round 0) play those games
// again, move for move, and counting both would double the evidence and narrow every
// interval. Of a repeated game the copy of the tournament that recorded its first game
// earliest is kept, so that the pairs of a tournament stay whole. The order of recs is kept;
// repeats is how many games were dropped.
func distinctGames(recs []arena.GameRecord) (out []arena.GameRecord, repeats int) {
	first := map[string]int64{} // tournament -> its first game's row id
	for _, g := range recs {
		if id, ok := first[g.TournamentID]; !ok || g.ID < id {
			first[g.TournamentID] = g.ID
		}
	}
	order := make([]int, len(recs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ga, gb := &recs[a], &recs[b]
		if c := cmp.Compare(first[ga.TournamentID], first[gb.TournamentID]); c != 0 {
			return c
		}
		return cmp.Compare(ga.ID, gb.ID)
	})
	seen := map[string]bool{}
	keep := make([]bool, len(recs))
	for _, i := range order {
		k := gameIdentity(&recs[i])
		if seen[k] {
			repeats++
			continue
		}
		seen[k], keep[i] = true, true
	}
	for i, g := range recs {
		if keep[i] {
			out = append(out, g)
		}
	}
	return out, repeats
}

// gameIdentity returns what makes g the same game wherever it was recorded.
func gameIdentity(g *arena.GameRecord) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q %q %q %d %d %d", g.Scenario.ID, g.Scenario.Version, g.Scenario.Hash, g.Seed, g.FirstMover, g.Turns)
	for _, bot := range g.Bots {
		fmt.Fprintf(&b, " %q@%q", bot.Name, bot.Version)
	}
	for _, r := range g.Ranks {
		b.WriteString(" " + strconv.Itoa(r))
	}
	return b.String()
}

// noteRepeats tells w how many repeated games distinctGames dropped, if any.
func noteRepeats(w io.Writer, repeats int) {
	if repeats > 0 {
		fmt.Fprintf(w, "Repeated games counted once: %d (the same scenario, seed, bots and result recorded by another tournament).\n\n", repeats)
	}
}
