package fliprando_test

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
)

// BenchmarkEnvStep measures one env step with random legal actions, the
// mask and the current player's observation included, at 4 players.
func BenchmarkEnvStep(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(strconv.Itoa(n)+"players", func(b *testing.B) {
			e, err := newEnv(env.Options{"players": strconv.Itoa(n)})
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			if err := e.Reset(rng); err != nil {
				b.Fatal(err)
			}
			mask := make([]bool, fliprando.NumActions)
			obs := make([]float32, fliprando.ObsSize)
			act := env.Action{Discrete: make([]int32, 1)}
			var legal [fliprando.NumActions]int32
			b.ReportAllocs()
			for b.Loop() {
				e.Observe(obs, e.CurrentPlayer())
				e.Mask(mask)
				k := 0
				for i, ok := range mask {
					if ok {
						legal[k] = int32(i)
						k++
					}
				}
				act.Discrete[0] = legal[rng.IntN(k)]
				st, err := e.Step(act)
				if err != nil {
					b.Fatal(err)
				}
				if st != env.Running {
					if err := e.Reset(rng); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkEngineGame measures a whole game of the engine between random
// players (legal actions only, no observation) per player count, and
// reports its decisions.
func BenchmarkEngineGame(b *testing.B) {
	for n := 2; n <= fliprando.MaxPlayers; n++ {
		b.Run(strconv.Itoa(n)+"players", func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, 4))
			var buf [fliprando.NumActions]fliprando.Action
			decisions := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				g, err := fliprando.New(fliprando.Config{Players: n, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				for !g.Over() {
					l := g.Legal(buf[:0])
					if err := g.Apply(l[rng.IntN(len(l))]); err != nil {
						b.Fatal(err)
					}
					decisions++
				}
			}
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}

// BenchmarkVector measures Vector.Step at 4 players with 1024 envs on one
// worker: random legal actions drawn from the batch's masks, observation
// and mask included. It reports env steps per second over the batch and
// the heap bytes one env costs (game, slot, batch rows).
func BenchmarkVector(b *testing.B) {
	const n = 1024
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v, err := env.NewVector(fliprando.Factory, env.Config{NumEnvs: n, Workers: 1, Options: env.Options{"players": "4"}})
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	batch, err := v.Reset(1)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	heapPerGame := float64(after.HeapAlloc-before.HeapAlloc) / n
	actions := v.Spec().NewActions(n)
	rng := rand.New(rand.NewPCG(5, 6))
	var legal [fliprando.NumActions]int32
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i := range n {
			k := 0
			for a, ok := range batch.Mask[i*fliprando.NumActions : (i+1)*fliprando.NumActions] {
				if ok {
					legal[k] = int32(a)
					k++
				}
			}
			actions.Discrete[i] = legal[rng.IntN(k)]
		}
		if batch, err = v.Step(actions); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*n/b.Elapsed().Seconds(), "steps/s")
	b.ReportMetric(heapPerGame, "heap-B/game")
}
