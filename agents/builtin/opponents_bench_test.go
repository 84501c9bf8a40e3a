//go:build unix

package builtin_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkOpponents steps a 64-env single-agent pool (env.Vector, in process, as the env
// server runs it) against every built-in bot, on Flickago and the showdown: what training
// against that bot costs. Each pairing is run with two agents, the last level of the name:
// agent-random plays uniformly random legal actions (env.RandomPolicy, illegal combinations
// replaced), agent-aimer is the built-in aimer, standing for a trained agent that keeps its
// discs in play (a random agent knocks its own off, which leaves the opponent fewer pieces to
// consider). Only the time inside Vector.Step counts (the steps/s metric: agent steps, each
// with the opponent's replies), since choosing the agent's action is the learner's cost.
// cpu-ms/step is the process's CPU time inside Step per agent step: the measure that other
// programs on a shared machine disturb least (2 cores give at most 2000/cpu-ms steps/s). The
// random opponent is the baseline. Run on the 2-core machine:
//
//	go test -run '^$' -bench Opponents -benchtime 20x ./agents/builtin
//
// (planner-deep is skipped in short mode: a step costs it seconds.)
func BenchmarkOpponents(b *testing.B) {
	const n = 64
	games := []struct {
		name, arena string // the benchmark's name, the arena's name of the game
		f           env.Factory
	}{{"flickago", "flickago", flickago.Factory}, {"showdown", "flickemup", flickemup.Factory}}
	agents := []struct {
		name string
		new  func() env.Policy
	}{{"agent-random", func() env.Policy { return nil }}, {"agent-aimer", func() env.Policy { return aimerBot(b) }}}
	for _, g := range games {
		for _, e := range builtin.Entries() {
			if len(e.Games) > 0 && !slices.Contains(e.Games, g.arena) {
				continue
			}
			for _, a := range agents {
				b.Run(fmt.Sprintf("%s/%s/%s", g.name, e.Name, a.name), func(b *testing.B) {
					if testing.Short() && e.Name == "planner-deep" {
						b.Skip("planner-deep is slow: a long benchmark")
					}
					envtest.BenchOpponent(b, g.f, a.new(), e.New(), n)
				})
			}
		}
	}
}

// aimerBot returns a new built-in aimer.
func aimerBot(b *testing.B) env.Policy {
	b.Helper()
	e, ok := builtin.Lookup(aimer.Name)
	if !ok {
		b.Fatalf("no built-in bot %q", aimer.Name)
	}
	return e.New()
}
