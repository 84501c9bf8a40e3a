package fliprandobot_test

import (
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// TestLadder plays random, greedy and the default search against each other at 3 and 4
// players and checks the ladder random < greedy < search: for each game, a bot's score is
// the mean rank value (the env's reward, 1 − 2r/(N−1), ties shared) of its seats, and the
// mean over the games of the stronger bot's score less the weaker one's must be positive
// with 95% confidence (normal interval over games). At 3 players each deal is played in the
// 6 seatings of the three bots; at 4 players the fourth seat is random, greedy and search
// in turn over the deals, each deal played in its 4 rotations. Games are deterministic given
// their seeds.
func TestLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("long test: about 150 games with search")
	}
	names := []string{"random", "greedy", "search"}
	kinds := []fliprandobot.Bot{fliprandobot.Random{}, fliprandobot.Greedy{}, fliprandobot.NewSearch(fliprandobot.Default)}
	tests := []struct {
		players int
		deals   int
	}{{3, 8}, {4, 12}}
	for _, tc := range tests {
		t.Run(strconv.Itoa(tc.players)+"players", func(t *testing.T) {
			var lineups [][]int
			for d := range tc.deals {
				if tc.players == 3 {
					for _, p := range [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
						lineups = append(lineups, p)
					}
					continue
				}
				base := []int{0, 1, 2, d % 3}
				for r := range 4 {
					l := make([]int, 4)
					for s := range 4 {
						l[s] = base[(s+r)%4]
					}
					lineups = append(lineups, l)
				}
			}
			per := len(lineups) / tc.deals
			diffs := make([][]float64, 2) // greedy − random, search − greedy
			for i, l := range lineups {
				bots := make([]fliprandobot.Bot, len(l))
				for s, k := range l {
					bots[s] = kinds[k]
				}
				g := playGame(t, fliprando.DefaultConfig(tc.players), bots, uint64(900+i/per))
				rv := rankValues(g)
				var sum, cnt [3]float64
				for s, k := range l {
					sum[k] += float64(rv[s])
					cnt[k]++
				}
				for k := range 2 {
					diffs[k] = append(diffs[k], sum[k+1]/cnt[k+1]-sum[k]/cnt[k])
				}
			}
			for k := range 2 {
				m, h := meanCI(diffs[k])
				t.Logf("%s − %s: mean rank value %+.3f ± %.3f over %d games", names[k+1], names[k], m, h, len(diffs[k]))
				if m-h <= 0 {
					t.Errorf("%s is not stronger than %s: %+.3f ± %.3f", names[k+1], names[k], m, h)
				}
			}
		})
	}
}
