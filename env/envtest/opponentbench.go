//go:build unix

package envtest

import (
	"math/rand/v2"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
)

// BenchOpponent steps a single-agent pool of numEnvs games made by f against opponent, in
// process (env.Vector, as the env server runs it): what training against that opponent costs.
// The agent's actions come from agent, or are uniformly random legal actions
// (env.RandomPolicy) when agent is nil; its generator is seeded, and the time it takes to
// choose is left out (it is the learner's cost): only the time inside Vector.Step counts.
// The agent matters: the opponent's cost depends on the positions the agent leaves it (a
// random agent knocks its own discs off, a sensible one keeps them in play). It reports
// "steps/s" (wall clock inside Step) and "cpu-ms/step" (the process's CPU time inside Step,
// in milliseconds per env step, the figure other load on the machine disturbs least), and
// "replies/step" (the opponent's decisions per agent step: an agent out of flicks may wait
// while the opponent plays on), "replaced-%" (the share of the agent's actions that ReplaceIllegal replaced: a bot agent's
// should be 0) and "steps/episode" (the mean length of the episodes that ended, in agent
// steps). Every env starts its first episode at once, and a decision's cost grows as a game
// goes on (pieces accumulate), so b.N must span several episodes for a fair figure: a run
// of a few steps measures the openings only.
func BenchOpponent(b *testing.B, f env.Factory, agent, opponent env.Policy, numEnvs int) {
	b.Helper()
	opp := &countingPolicy{p: opponent}
	v, err := env.NewVector(f, env.Config{NumEnvs: numEnvs, View: env.SingleAgent, Opponent: opp, Illegal: env.ReplaceIllegal})
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	spec := v.Spec()
	acts := spec.NewActions(numEnvs)
	if agent == nil {
		agent = env.RandomPolicy{}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	batch, err := v.Reset(1)
	if err != nil {
		b.Fatal(err)
	}
	var wall, cpu time.Duration
	replaced, episodes, epSteps := 0, 0, 0
	for b.Loop() {
		for i := range numEnvs {
			if batch.Terminated[i] || batch.Truncated[i] {
				continue // NextStep autoreset: this step resets the env and ignores its action
			}
			t := env.Turn{Spec: spec, Player: int(batch.CurrentPlayer[i]), Obs: batch.ObsAt(i), Mask: batch.MaskAt(i), Game: v.Game(i)}
			if err := agent.Act(acts.At(spec, i), t, rng); err != nil {
				b.Fatal(err)
			}
		}
		start, cpu0 := time.Now(), processCPU()
		batch, err = v.Step(acts)
		wall += time.Since(start)
		cpu += processCPU() - cpu0
		if err != nil {
			b.Fatal(err)
		}
		for i, r := range batch.Illegal {
			if r {
				replaced++
			}
			if batch.Terminated[i] || batch.Truncated[i] {
				episodes++
				epSteps += int(batch.EpisodeLength[i])
			}
		}
	}
	b.ReportMetric(float64(b.N*numEnvs)/wall.Seconds(), "steps/s")
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N*numEnvs), "cpu-ms/step")
	b.ReportMetric(100*float64(replaced)/float64(b.N*numEnvs), "replaced-%")
	b.ReportMetric(float64(opp.n.Load())/float64(b.N*numEnvs), "replies/step")
	if episodes > 0 {
		b.ReportMetric(float64(epSteps)/float64(episodes), "steps/episode")
	}
}

// countingPolicy is a policy that counts its decisions.
type countingPolicy struct {
	p env.Policy
	n atomic.Int64 // decisions so far
}

// Act implements env.Policy: p's action, counted.
func (c *countingPolicy) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	c.n.Add(1)
	return c.p.Act(dst, t, rng)
}

// processCPU returns the CPU time (user and system) of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
