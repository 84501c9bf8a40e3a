package planner_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/flickbot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/env/flickemup"
)

// corpus returns positions of the ladder's scenarios from sensible play (the aimer's, with a
// little randomness), every decision of the games: selections, actions, reveals.
func corpus(b *testing.B) []*flickemup.Game {
	b.Helper()
	var out []*flickemup.Game
	for _, name := range []string{"showdown", "bank-job", "pardon"} {
		sc, err := flickemup.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		err = flickbot.Positions(sc, 7, 200, aimer.New(), 0.9, func(g *flickemup.Game) error {
			out = append(out, g.Clone())
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkChoose measures the decision time of each bot and budget on one goroutine over the
// same positions, and reports decisions/s, the mean and the largest time of one decision
// (ms/decision, max-ms), and the 99th percentile (p99-ms). Run it on one core:
// go test -run '^$' -bench Choose -cpu 1 ./agents/planner
func BenchmarkChoose(b *testing.B) {
	games := corpus(b)
	bots := []struct {
		name string
		bot  flickbot.Bot
	}{
		{"aimer", aimer.New()},
		{"planner-lite", planner.New(planner.Lite)},
		{"planner", planner.New(planner.Default)},
		{"planner-deep", planner.New(planner.Deep)},
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
		})
	}
}
