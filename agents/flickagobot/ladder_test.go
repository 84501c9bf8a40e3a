package flickagobot_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
)

// TestLadder plays short matches on the engine, sides swapped on each seed, and checks the
// order of the ladder: the aimer beats Random in nearly every game, the planner beats the
// aimer more often than not. Games are deterministic given their seeds.
func TestLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	tests := []struct {
		name        string
		strong, low flickagobot.Bot
		seeds       int
		minWins     int // of 2 × seeds games
	}{
		{"AimerRandom", flickagobot.NewAimer(), flickagobot.Random{}, 5, 9},
		{"PlannerAimer", flickagobot.NewPlanner(flickagobot.Default), flickagobot.NewAimer(), 10, 11},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wins := 0
			for seed := range uint64(tc.seeds) {
				for side := range 2 {
					bots := [2]flickagobot.Bot{tc.strong, tc.low}
					if side == 1 {
						bots = [2]flickagobot.Bot{tc.low, tc.strong}
					}
					g := play(t, bots, 100+seed, nil)
					if g.Winner() == side {
						wins++
					}
					t.Logf("seed %d, strong bot plays %d: %s", seed, side, describe(g))
				}
			}
			if wins < tc.minWins {
				t.Errorf("%d wins of %d, want %d at least", wins, 2*tc.seeds, tc.minWins)
			}
		})
	}
}
