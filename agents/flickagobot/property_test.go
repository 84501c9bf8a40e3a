package flickagobot_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
)

// TestBots_Legal checks every bot on many positions, from games of mixed play (the aimer's
// with random decisions) and drawn at random (see randomStates): its action is legal, its
// flick finite and within the physics' maximum speed, the game is left untouched, and the
// same seed gives the same action. Each bot faces half its positions of either kind.
func TestBots_Legal(t *testing.T) {
	tests := []struct {
		name        string
		bot         flickagobot.Bot
		short, long int // positions, with and without -short
	}{
		{"random", flickagobot.Random{}, 2000, 6000},
		{"aimer", flickagobot.NewAimer(), 600, 4000},
		{"planner-lite", flickagobot.NewPlanner(flickagobot.Lite), 100, 1000},
		{"planner", flickagobot.NewPlanner(flickagobot.Default), 20, 300},
		{"planner-deep", flickagobot.NewPlanner(flickagobot.Deep), 0, 40},
	}
	pool := 3000
	if testing.Short() {
		pool = 1000
	}
	played := positions(t, 1, pool, flickagobot.NewAimer(), 0.5)
	drawn := randomStates(t, 2, pool)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.long
			if testing.Short() {
				n = tc.short
			}
			if n == 0 {
				t.Skip("long test")
			}
			games := make([]*flickago.Game, 0, n)
			for i := range n / 2 {
				games = append(games, played[i*len(played)/(n/2)], drawn[i*len(drawn)/(n/2)])
			}
			phases := map[flickago.Phase]int{}
			for i, g := range games {
				phases[g.Phase()]++
				if err := check(tc.bot, g, uint64(i)); err != nil {
					t.Fatalf("position %d (turn %d, %v, player %d): %v", i, g.Turns(), g.Phase(), g.Current(), err)
				}
			}
			if phases[flickago.PhaseFlick] == 0 || phases[flickago.PhasePlace] == 0 {
				t.Errorf("positions by phase %v: want both phases", phases)
			}
		})
	}
}
