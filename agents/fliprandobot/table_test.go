package fliprandobot_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
)

// BenchmarkMixedTable measures a search budget at 4 players in the arena's kind of table:
// random, greedy, the search at the previous default budget (64 playouts of 4 turns) and
// the candidate budget (today the default), one seat each. Iteration i plays deal 2000+i/4 with the four bots
// rotated i%4 seats (so every deal is played from each seat). It reports each bot's mean
// place (1 to 4, ties shared) and the candidate's and the old search's mean rank value (the
// env's reward) less greedy's and less each other's per game, with the half-width of the
// 95% normal interval over games. Run it long:
// go test -run '^$' -bench MixedTable -benchtime 48x ./agents/fliprandobot
func BenchmarkMixedTable(b *testing.B) {
	old := fliprandobot.Budget{Iterations: 64, Horizon: 4, Rollout: fliprandobot.RolloutGreedyBot, Flat: true}
	for _, cand := range []fliprandobot.Budget{fliprandobot.Default} {
		b.Run(cand.String(), func(b *testing.B) {
			bots := []fliprandobot.Bot{fliprandobot.Random{}, fliprandobot.Greedy{}, fliprandobot.NewSearch(old), fliprandobot.NewSearch(cand)}
			names := []string{"random", "greedy", "old", "cand"}
			const n = 4
			place := make([][]float64, n)
			var candGreedy, oldGreedy, candOld []float64
			for i := 0; b.Loop(); i++ {
				seated := make([]fliprandobot.Bot, n)
				for k := range n {
					seated[(k+i)%n] = bots[k]
				}
				rv := rankValues(playGame(b, playersConfig(n), seated, uint64(2000+i/n)))
				var v [n]float64
				for k := range n {
					v[k] = float64(rv[(k+i)%n])
					// rank value 1 − 2r/3 back to the place 1 + r.
					place[k] = append(place[k], 1+1.5*(1-v[k]))
				}
				candGreedy = append(candGreedy, v[3]-v[1])
				oldGreedy = append(oldGreedy, v[2]-v[1])
				candOld = append(candOld, v[3]-v[2])
			}
			for k := range n {
				m, _ := meanCI(place[k])
				b.ReportMetric(m, names[k]+"-place")
			}
			for _, d := range []struct {
				name string
				xs   []float64
			}{{"cand-greedy", candGreedy}, {"old-greedy", oldGreedy}, {"cand-old", candOld}} {
				m, h := meanCI(d.xs)
				b.ReportMetric(m, d.name)
				b.ReportMetric(h, d.name+"-ci95")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
