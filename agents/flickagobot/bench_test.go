package flickagobot_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/flickagobot"
)

// BenchmarkChoose measures the decision time of each bot and budget on one goroutine over the
// same 300 positions of mixed play (the aimer's with a fifth of random decisions), and reports
// decisions/s, the mean time of one decision (ms/decision), its 99th percentile (p99-ms) and
// the largest (max-ms). Run it on one core:
// go test -run '^$' -bench Choose -benchtime 300x -cpu 1 ./agents/flickagobot
func BenchmarkChoose(b *testing.B) {
	games := positions(b, 11, 300, flickagobot.NewAimer(), 0.8)
	bots := []struct {
		name string
		bot  flickagobot.Bot
	}{
		{"aimer", flickagobot.NewAimer()},
		{"planner-lite", flickagobot.NewPlanner(flickagobot.Lite)},
		{"planner", flickagobot.NewPlanner(flickagobot.Default)},
		{"planner-deep", flickagobot.NewPlanner(flickagobot.Deep)},
	}
	for _, bb := range bots {
		b.Run(bb.name, func(b *testing.B) {
			var times []time.Duration
			for i := 0; b.Loop(); i++ {
				g := games[i%len(games)]
				start := time.Now()
				bb.bot.Choose(g, rand.New(rand.NewPCG(uint64(i), 1)))
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
