package flickagobot_test

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
)

// matchPairs is the number of seeds (two games each, sides swapped) of TestPlannerVersions.
var matchPairs = flag.Int("match.pairs", 6, "TestPlannerVersions: seeds per budget, two games each (sides swapped)")

// TestPlannerVersions plays the planner (this version, 4) against version 3 (NewPlannerV3,
// simulating on the game's physics, at the same budgets) as planner-lite and as planner, sides
// swapped on each seed (5000 on), and fails if this version scores less than a third: a gross
// loss of strength. Its log gives wins, draws, losses and the score with a 95% interval, and
// each side's CPU time per decision (placements included, the process's CPU: run it alone on a
// core); run it longer for a measurement:
//
//	go test -run TestPlannerVersions -v ./agents/flickagobot -args -match.pairs 200
func TestPlannerVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	for _, tc := range []struct {
		name     string
		new, old flickagobot.Bot
	}{
		{"lite", flickagobot.NewPlanner(flickagobot.Lite), flickagobot.NewPlannerV3(flickagobot.Lite)},
		{"default", flickagobot.NewPlanner(flickagobot.Default), flickagobot.NewPlannerV3(flickagobot.Default)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mean := versus(t, "version 3", tc.new, tc.old, *matchPairs, 5000)
			if mean < 1.0/3 {
				t.Errorf("score %.1f%% against version 3: much weaker", 100*mean)
			}
		})
	}
}

// aimerPairs is the number of seeds (two games each, sides swapped) of TestAimerVersions.
var aimerPairs = flag.Int("aimer.pairs", 60, "TestAimerVersions: seeds, two games each (sides swapped)")

// TestAimerVersions plays the aimer (version 4) against version 3 (NewAimerV3), version 2
// (NewAimerV2) and Random, sides swapped on each seed (7000 on). It fails if this version
// scores less than a third against version 3 or 2 (a gross loss of strength) or less than 90%
// against Random. Its log
// gives wins, draws, losses and the score with a 95% interval, and each side's CPU time per
// decision (placements included, the process's CPU: run it alone on a core); run it longer
// for a measurement:
//
//	go test -run TestAimerVersions -v ./agents/flickagobot -args -aimer.pairs 200
func TestAimerVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	for _, tc := range []struct {
		name string
		old  flickagobot.Bot
		min  float64 // the lowest score this version may make
	}{
		{"v3", flickagobot.NewAimerV3(), 1.0 / 3},
		{"v2", flickagobot.NewAimerV2(), 1.0 / 3},
		{"random", flickagobot.Random{}, 0.9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mean := versus(t, tc.name, flickagobot.NewAimer(), tc.old, *aimerPairs, 7000)
			if mean < tc.min {
				t.Errorf("score %.1f%% against %s, want %.1f%% at least", 100*mean, tc.name, 100*tc.min)
			}
		})
	}
}

// versus plays this version nw against old (named against in the log) as match does, logs
// nw's wins, draws, losses and score with its 95% interval and each side's CPU time per
// decision, and returns nw's mean score.
func versus(t *testing.T, against string, nw, old flickagobot.Bot, pairs int, seed0 uint64) float64 {
	t.Helper()
	tn, to := &timedBot{b: nw}, &timedBot{b: old}
	win, draw, loss, scores := match(t, tn, to, pairs, seed0)
	mean, half := meanInterval(scores)
	t.Logf("this version against %s: %d wins, %d draws, %d losses in %d games: score %.1f%% [%.1f, %.1f]; CPU ms per decision %.3f (%d decisions) against %.3f (%d)",
		against, win, draw, loss, len(scores), 100*mean, 100*(mean-half), 100*(mean+half),
		tn.msPerDecision(), tn.n, to.msPerDecision(), to.n)
	return mean
}

// match plays nw against old on pairs seeds from seed0, two games each with sides swapped,
// and returns nw's wins, draws and losses and its score in each game (1, 0.5 or 0), in order.
func match(t *testing.T, nw, old flickagobot.Bot, pairs int, seed0 uint64) (win, draw, loss int, scores []float64) {
	t.Helper()
	for seed := range uint64(pairs) {
		for side := range 2 {
			bots := [2]flickagobot.Bot{nw, old}
			if side == 1 {
				bots = [2]flickagobot.Bot{old, nw}
			}
			switch play(t, bots, seed0+seed, nil).Winner() {
			case side:
				win++
				scores = append(scores, 1)
			case -1:
				draw++
				scores = append(scores, 0.5)
			default:
				loss++
				scores = append(scores, 0)
			}
		}
	}
	return win, draw, loss, scores
}

// timedBot is a Bot that counts its decisions and the process's CPU time they take.
type timedBot struct {
	b   flickagobot.Bot
	n   int           // decisions
	cpu time.Duration // their CPU time
}

// Choose implements flickagobot.Bot: b's choice, timed.
func (tb *timedBot) Choose(g *flickago.Game, rng *rand.Rand) flickago.Action {
	c0 := processCPU()
	a := tb.b.Choose(g, rng)
	tb.cpu += processCPU() - c0
	tb.n++
	return a
}

// msPerDecision returns the mean CPU time of a decision in milliseconds (NaN before any).
func (tb *timedBot) msPerDecision() float64 {
	return tb.cpu.Seconds() * 1000 / float64(tb.n)
}

// meanInterval returns the mean of xs and the half-width of its 95% normal interval.
func meanInterval(xs []float64) (mean, half float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	if n > 1 {
		v /= n - 1
	}
	return mean, 1.96 * math.Sqrt(v/n)
}
