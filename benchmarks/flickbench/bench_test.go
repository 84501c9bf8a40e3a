package flickbench_test

import (
	"testing"

	"github.com/flickarena/flickarena/benchmarks/flickbench"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// BenchmarkFlick runs the flicks of the stream: in turn a bullet and a movement disc from a
// random lawman's position across the reference town (42 pieces plus the flicked disc) in a
// random direction at a random speed up to the maximum, until rest. The town is restored
// between flicks, so every flick meets the full scene.
//
// step=adaptive is the default configuration; step=fixed-240Hz is the naive tunnel-safe
// baseline (a fixed 1/240 s step), measured in the same run so that the ratio is fair.
func BenchmarkFlick(b *testing.B) {
	fixed := flickemup.PhysicsConfig()
	fixed.MinStep, fixed.MaxStep = 1.0/240, 1.0/240
	for _, c := range []struct {
		name string
		cfg  physics.Config
	}{{"step=adaptive", flickemup.PhysicsConfig()}, {"step=fixed-240Hz", fixed}} {
		b.Run(c.name, func(b *testing.B) { benchmarkFlick(b, c.cfg) })
	}
}

func benchmarkFlick(b *testing.B, cfg physics.Config) {
	sim, err := physics.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	st := flickbench.Scene()
	flicks := flickbench.NewStream()
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := sim.Flick(st, flicks.Next(st), nil)
		if err != nil {
			b.Fatal(err)
		}
		steps += out.Steps
		out.Restore(st)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "flicks/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/flick")
}
