//go:build unix

package fliprandobot_test

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// positions returns count positions of n-player games with a real choice (two legal actions
// or more), every fifth decision of games between the greedy bot and random decisions
// (one in five), dealt from seeds seed, seed+1, ...
func positions(tb testing.TB, seed uint64, n, count int) []*fliprando.Game {
	tb.Helper()
	var out []*fliprando.Game
	var buf []fliprando.Action
	for s := seed; len(out) < count; s++ {
		cfg := playersConfig(n)
		cfg.Seed = s
		g, err := fliprando.New(cfg)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(s, 7))
		for i := 0; !g.Over() && len(out) < count; i++ {
			buf = g.Legal(buf[:0])
			if i%5 == 0 && len(buf) > 1 {
				out = append(out, g.Clone())
			}
			var a fliprando.Action
			if rng.IntN(5) == 0 {
				a = fliprandobot.Random{}.Choose(g, rng)
			} else {
				a = fliprandobot.Greedy{}.Choose(g, rng)
			}
			if err := g.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkDecide measures the decision time of each bot and budget on one goroutine over
// the same 200 positions of 4-player games with a real choice (position i with a generator
// seeded (i, 1)), and reports the mean wall-clock time of one decision (ms/decision), its
// 99th percentile (p99-ms) and the largest (max-ms), and the process's mean CPU time (user
// and system) per decision (cpu-ms/decision), which a loaded machine does not inflate. Run
// it on one core:
// go test -run '^$' -bench Decide -benchtime 200x -cpu 1 ./agents/fliprandobot
func BenchmarkDecide(b *testing.B) {
	pos := positions(b, 11, 4, 200)
	for _, bb := range []struct {
		name string
		bot  fliprandobot.Bot
	}{
		{"random", fliprandobot.Random{}},
		{"greedy", fliprandobot.Greedy{}},
		{"search", fliprandobot.NewSearch(fliprandobot.Default)},
		{"search-deep", fliprandobot.NewSearch(fliprandobot.Deep)},
	} {
		b.Run(bb.name, func(b *testing.B) {
			var times []time.Duration
			cpu0 := processCPU(b)
			for i := 0; b.Loop(); i++ {
				start := time.Now()
				bb.bot.Choose(pos[i%len(pos)], rand.New(rand.NewPCG(uint64(i), 1)))
				times = append(times, time.Since(start))
			}
			cpu := processCPU(b) - cpu0
			slices.Sort(times)
			var total time.Duration
			for _, d := range times {
				total += d
			}
			n := float64(len(times))
			b.ReportMetric(total.Seconds()*1000/n, "ms/decision")
			b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
			b.ReportMetric(cpu.Seconds()*1000/n, "cpu-ms/decision")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// processCPU returns the CPU time (user and system) the process has used so far.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
