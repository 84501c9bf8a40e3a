//go:build unix

package envtest

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
)

// BenchOpponent steps a single-agent pool of numEnvs games made by f against opponent, in
// process (env.Vector, as the env server runs it): what training against that opponent costs.
// The agent plays uniformly random legal actions (env.RandomPolicy, seeded), whose cost is left
// out: only the time inside Vector.Step counts. It reports "steps/s" (wall clock inside Step)
// and "cpu-ms/step" (the process's CPU time inside Step, in milliseconds per env step, the
// figure other load on the machine disturbs least).
func BenchOpponent(b *testing.B, f env.Factory, opponent env.Policy, numEnvs int) {
	b.Helper()
	v, err := env.NewVector(f, env.Config{NumEnvs: numEnvs, View: env.SingleAgent, Opponent: opponent, Illegal: env.ReplaceIllegal})
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	spec := v.Spec()
	acts := spec.NewActions(numEnvs)
	rng := rand.New(rand.NewPCG(1, 2))
	batch, err := v.Reset(1)
	if err != nil {
		b.Fatal(err)
	}
	var wall, cpu time.Duration
	for b.Loop() {
		for i := range numEnvs {
			t := env.Turn{Spec: spec, Player: int(batch.CurrentPlayer[i]), Obs: batch.ObsAt(i), Mask: batch.MaskAt(i), Game: v.Game(i)}
			if err := (env.RandomPolicy{}).Act(acts.At(spec, i), t, rng); err != nil {
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
	}
	b.ReportMetric(float64(b.N*numEnvs)/wall.Seconds(), "steps/s")
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N*numEnvs), "cpu-ms/step")
}

// processCPU returns the CPU time (user and system) of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
