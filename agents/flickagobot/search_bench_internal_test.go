//go:build unix

package flickagobot

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
)

// BenchmarkAimerSearch measures what the aimer's search costs a training pool: a 64-env
// single-agent Flickago pool against the aimer, the agent playing random legal actions, as
// agents/builtin's BenchmarkOpponents. cpu-ms/step is the process's CPU time inside Step per
// agent step (least disturbed by other programs); steps/s is wall time.
//
//	go test -run '^$' -bench AimerSearch -benchtime 8x ./agents/flickagobot
func BenchmarkAimerSearch(b *testing.B) {
	envtest.BenchOpponent(b, flickago.Factory, nil, NewAimerBot(), 64)
}

// BenchmarkAimerAnalyse measures the aimer's search alone (analyse with aimerSearch) on the
// aimer's flick decisions in 8 games against itself ("vs-aimer": the positions a sensible
// agent leaves, most discs in play) and in 8 games against random play ("vs-random": crowded
// boards, discs returned and flicked again), execution noise drawn from each game's
// generator. cpu-ms/decision is the process's CPU time per decision (the games are made
// before it counts), the figure least disturbed by other programs.
//
//	taskset -c 1 go test -run '^$' -bench AimerAnalyse -benchtime 5x ./agents/flickagobot
func BenchmarkAimerAnalyse(b *testing.B) {
	for _, c := range []struct {
		name string
		opp  Bot
	}{{"vs-aimer", NewAimer()}, {"vs-random", Random{}}} {
		b.Run(c.name, func(b *testing.B) {
			games := aimerDecisions(b, c.opp, 8)
			cpu0 := processCPU()
			for b.Loop() {
				for _, g := range games {
					analyse(g, aimerSearch)
				}
			}
			b.ReportMetric((processCPU()-cpu0).Seconds()*1000/float64(b.N*len(games)), "cpu-ms/decision")
			b.ReportMetric(float64(len(games)), "decisions")
		})
	}
}

// aimerDecisions returns the aimer's flick decisions in n games against opp, from seeds 0 to
// n-1, the aimer White in even seeds and Black in odd ones.
func aimerDecisions(b testing.TB, opp Bot, n int) []*flickago.Game {
	b.Helper()
	a := NewAimer()
	var out []*flickago.Game
	for seed := range uint64(n) {
		g, err := flickago.New(flickago.DefaultConfig())
		if err != nil {
			b.Fatal(err)
		}
		g.Reset(rand.New(rand.NewPCG(seed, 7)))
		rng := rand.New(rand.NewPCG(seed, 8))
		for !g.Over() {
			bot := opp
			if g.Current() == int(seed%2) {
				bot = a
				if g.Phase() == flickago.PhaseFlick {
					out = append(out, g.Clone())
				}
			}
			if err := g.Apply(bot.Choose(g, rng), nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// processCPU returns the CPU time (user and system) of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
