package env_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// BenchmarkVecEnv measures Vector.Step on Race (2 players, no
// physics: the cost is the Vector's own overhead) for several batch sizes.
// It reports env steps per second over the whole batch and the heap bytes
// one env costs (game, slot and batch rows), measured around NewVector and
// Reset.
func BenchmarkVecEnv(b *testing.B) {
	for _, n := range []int{1, 64, 1024, 4096} {
		b.Run(fmt.Sprintf("envs=%d", n), func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			v, err := env.NewVector(race.Factory, env.Config{NumEnvs: n})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			if _, err := v.Reset(1); err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			heapPerGame := float64(after.HeapAlloc-before.HeapAlloc) / float64(n)

			// The zero action (Gain, first target, power 0) is always legal
			// in Race, so no policy cost is measured.
			actions := v.Spec().NewActions(n)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := v.Step(actions); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*float64(n)/b.Elapsed().Seconds(), "steps/s")
			b.ReportMetric(heapPerGame, "heap-B/game")
		})
	}
}
