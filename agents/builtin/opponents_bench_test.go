//go:build unix

package builtin_test

import (
	"fmt"
	"testing"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkOpponents steps a 64-env single-agent pool (env.Vector, in process, as the env
// server runs it) against every built-in bot, on Flickago and the showdown: what training
// against that bot costs. The agent plays uniformly random legal actions (env.RandomPolicy,
// illegal combinations replaced); only the time inside Vector.Step counts (the steps/s
// metric: agent steps, each with the opponent's replies), since choosing the agent's action is
// the learner's cost. cpu-ms/step is the process's CPU time inside Step per agent step: the
// measure that other programs on a shared machine disturb least (2 cores give at most
// 2000/cpu-ms steps/s). The random opponent is the baseline. Run on the 2-core machine:
//
//	go test -run '^$' -bench Opponents -benchtime 20x ./agents/builtin
//
// (planner-deep is skipped in short mode: a step costs it seconds.)
func BenchmarkOpponents(b *testing.B) {
	const n = 64
	games := []struct {
		name string
		f    env.Factory
	}{{"flickago", flickago.Factory}, {"showdown", flickemup.Factory}}
	for _, g := range games {
		for _, e := range builtin.Entries() {
			b.Run(fmt.Sprintf("%s/%s", g.name, e.Name), func(b *testing.B) {
				if testing.Short() && e.Name == "planner-deep" {
					b.Skip("planner-deep is slow: a long benchmark")
				}
				envtest.BenchOpponent(b, g.f, e.New(), n)
			})
		}
	}
}
