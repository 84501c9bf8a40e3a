//go:build unix

package flickagobot

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
)

// BenchmarkAimerSearch measures what the aimer's search costs a training pool: a 64-env
// single-agent Flickago pool against the aimer with version 1's search (fineSearch, the
// planners') and with its own (aimerSearch, version 2), the agent playing random legal
// actions, as agents/builtin's BenchmarkOpponents. cpu-ms/step is the process's CPU time
// inside Step per agent step (least disturbed by other programs); steps/s is wall time.
//
//	go test -run '^$' -bench AimerSearch -benchtime 8x ./agents/flickagobot
func BenchmarkAimerSearch(b *testing.B) {
	for _, c := range []struct {
		name string
		sr   search
	}{{"v1-search", fineSearch}, {"v2-search", aimerSearch}} {
		b.Run(c.name, func(b *testing.B) {
			const n = 64
			v, err := env.NewVector(flickago.Factory, env.Config{NumEnvs: n, View: env.SingleAgent,
				Opponent: NewPolicy(AimerName, "search-"+c.name, &Aimer{sr: c.sr}), Illegal: env.ReplaceIllegal})
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
			var wall, cpu time.Duration
			for b.Loop() {
				for i := range n {
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
			b.ReportMetric(float64(b.N*n)/wall.Seconds(), "steps/s")
			b.ReportMetric(cpu.Seconds()*1000/float64(b.N*n), "cpu-ms/step")
		})
	}
}

// processCPU returns the CPU time (user and system) of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
