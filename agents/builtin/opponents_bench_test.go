package builtin_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkOpponents steps a 64-env single-agent pool (env.Vector, in process, as the env
// server runs it) against every built-in bot, on Flickago and the showdown: what training
// against that bot costs. The agent plays uniformly random legal actions (env.RandomPolicy,
// illegal combinations replaced); only the time inside Vector.Step counts (the steps/s
// metric: agent steps, each with the opponent's replies), since choosing the agent's action is
// the learner's cost. The random opponent is the baseline. Run on the 2-core machine:
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
				v, err := env.NewVector(g.f, env.Config{NumEnvs: n, View: env.SingleAgent, Opponent: e.New(), Illegal: env.ReplaceIllegal})
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				spec := v.Spec()
				acts := spec.NewActions(n)
				rng := rand.New(rand.NewPCG(1, 2))
				batch, err := v.Reset(1)
				if err != nil {
					b.Fatal(err)
				}
				var inStep time.Duration
				for b.Loop() {
					for i := range n {
						t := env.Turn{Spec: spec, Player: int(batch.CurrentPlayer[i]), Obs: batch.ObsAt(i), Mask: batch.MaskAt(i), Game: v.Game(i)}
						if err := (env.RandomPolicy{}).Act(acts.At(spec, i), t, rng); err != nil {
							b.Fatal(err)
						}
					}
					start := time.Now()
					batch, err = v.Step(acts)
					inStep += time.Since(start)
					if err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N*n)/inStep.Seconds(), "steps/s")
			})
		}
	}
}
