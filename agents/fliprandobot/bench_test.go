package fliprandobot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/enginebot/enginebottest"
	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// positions returns count positions of 4-player games with a real choice (two legal actions
// or more), every fifth decision of games between the greedy bot and random decisions
// (one in five), dealt from seeds seed, seed+1, ...
func positions(tb testing.TB, seed uint64, n, count int) []*fliprando.Game {
	tb.Helper()
	var out []*fliprando.Game
	var buf []fliprando.Action
	for s := seed; len(out) < count; s++ {
		cfg := fliprando.DefaultConfig(n)
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
// the same 200 positions of 4-player games with a real choice, and reports decisions/s, the
// mean time of one decision (ms/decision), its 99th percentile (p99-ms) and the largest
// (max-ms). Run it on one core:
// go test -run '^$' -bench Decide -benchtime 200x -cpu 1 ./agents/fliprandobot
func BenchmarkDecide(b *testing.B) {
	enginebottest.BenchmarkChoose(b, positions(b, 11, 4, 200), []enginebottest.Bot[*fliprando.Game, fliprando.Action]{
		{Name: "random", Bot: fliprandobot.Random{}},
		{Name: "greedy", Bot: fliprandobot.Greedy{}},
		{Name: "search", Bot: fliprandobot.NewSearch(fliprandobot.Default)},
		{Name: "search-deep", Bot: fliprandobot.NewSearch(fliprandobot.Deep)},
	})
}
