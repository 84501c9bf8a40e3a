package flickemup_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkRandomGame plays whole random games of each scenario on the real physics, with the
// default noise, and reports actions and games per second.
func BenchmarkRandomGame(b *testing.B) {
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.Name, func(b *testing.B) {
			actions := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				o := flickemup.DefaultOptions()
				o.Seed = uint64(i)
				g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
				if err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(uint64(i), 1))
				var buf []flickemup.Action
				for !g.Over() {
					if err := g.Apply(randomAction(g, rng, buf)); err != nil {
						b.Fatal(err)
					}
					actions++
				}
			}
			b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
