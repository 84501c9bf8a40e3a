package fliprandobot_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// playGame plays one game with cfg dealt from seed, bots[s] deciding for seat s, every
// decision drawn from one generator seeded from seed, and returns the finished game. Each
// action is checked legal (Apply fails otherwise).
func playGame(tb testing.TB, cfg fliprando.Config, bots []fliprandobot.Bot, seed uint64) *fliprando.Game {
	tb.Helper()
	cfg.Seed = seed
	g, err := fliprando.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0xb07))
	for !g.Over() {
		p := g.Current()
		a := bots[p].Choose(g, rng)
		if err := g.Apply(a); err != nil {
			tb.Fatalf("seed %d, round %d, seat %d (%T), decision %v: %v", seed, g.Round(), p, bots[p], g.Pending(), err)
		}
	}
	return g
}

// rankValues returns each seat's rank value of g's final totals, 1 − 2r/(N−1) with r the
// seat's 0-based rank, ties shared (the env's terminal reward).
func rankValues(g *fliprando.Game) []float32 {
	out := make([]float32, g.Players())
	fliprando.RankValues(out, g.Scores(nil), fliprando.RewardRank)
	return out
}

// meanCI returns the mean of xs and the half-width of its 95% normal interval.
func meanCI(xs []float64) (mean, half float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	if n > 1 {
		half = 1.96 * math.Sqrt(ss/(n-1)/n)
	}
	return mean, half
}

// playersConfig returns fliprando.DefaultConfig for n players.
func playersConfig(n int) fliprando.Config {
	cfg := fliprando.DefaultConfig()
	cfg.Players = n
	return cfg
}
