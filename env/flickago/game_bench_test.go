package flickago_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
)

// BenchmarkGame_Apply plays random games with the default noise and reports turns (actions)
// per second, physics included.
func BenchmarkGame_Apply(b *testing.B) {
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	g.Reset(rand.New(rand.NewPCG(1, 2)))
	buf := make([]flickago.Action, 0, 256)
	b.ReportAllocs()
	turns, games := 0, 0
	for b.Loop() {
		if g.Over() {
			g.Reset(rand.New(rand.NewPCG(uint64(games), 2)))
			games++
		}
		if err := g.Apply(randomAction(g, rng, buf), nil); err != nil {
			b.Fatal(err)
		}
		turns++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkGame_Legal measures the rules alone: listing the legal actions of a mid-game
// position.
func BenchmarkGame_Legal(b *testing.B) {
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	g.Reset(rand.New(rand.NewPCG(3, 4)))
	for range 14 {
		if err := g.Apply(randomAction(g, rng, nil), nil); err != nil {
			b.Fatal(err)
		}
	}
	buf := make([]flickago.Action, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = g.Legal(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "actions")
}
