// Package enginebottest holds test helpers for engine-level bots (package enginebot).
package enginebottest

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/enginebot"
)

// Bot is a bot to benchmark and its name.
type Bot[G, A any] struct {
	Name string
	Bot  enginebot.Chooser[G, A]
}

// BenchmarkChoose runs one sub-benchmark per bot, each deciding on the same positions in turn
// (position i with a generator seeded (i, 1)) on one goroutine, and reports decisions/s, the
// mean time of one decision (ms/decision), its 99th percentile (p99-ms) and the largest
// (max-ms); ns/op is zeroed, the per-decision metrics standing for it. The positions must not
// be changed by the bots.
func BenchmarkChoose[G, A any](b *testing.B, positions []G, bots []Bot[G, A]) {
	for _, bb := range bots {
		b.Run(bb.Name, func(b *testing.B) {
			var times []time.Duration
			for i := 0; b.Loop(); i++ {
				g := positions[i%len(positions)]
				start := time.Now()
				bb.Bot.Choose(g, rand.New(rand.NewPCG(uint64(i), 1)))
				times = append(times, time.Since(start))
			}
			report(b, times)
		})
	}
}

// report reports decisions/s, ms/decision, p99-ms and max-ms of the decision times.
func report(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	total := time.Duration(0)
	for _, d := range times {
		total += d
	}
	n := float64(len(times))
	b.ReportMetric(n/total.Seconds(), "decisions/s")
	b.ReportMetric(total.Seconds()*1000/n, "ms/decision")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(0, "ns/op")
}
