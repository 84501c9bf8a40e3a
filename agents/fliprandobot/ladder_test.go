package fliprandobot_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
)

// TestLadder checks the ladder random < greedy < search at 3 and 4 players, one step at a
// time: the stronger bot plays the seats s with s+k even and the weaker one the others, on
// deals 1000, 1000, 1001, 1001, ... with k = 0, 1, 0, 1, ... (each deal played with the
// seats swapped). A game scores the mean rank value (the env's reward, 1 − 2r/(N−1), ties
// shared) of the stronger bot's seats less the weaker one's, and the mean over the games
// must be positive with 95% confidence (normal interval over games). Games are
// deterministic given their seeds.
func TestLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("long test: about 100 games, half of them with search")
	}
	random, greedy, search := fliprandobot.Bot(fliprandobot.Random{}), fliprandobot.Bot(fliprandobot.Greedy{}), fliprandobot.Bot(fliprandobot.NewSearch(fliprandobot.Default))
	tests := []struct {
		name         string
		players      int
		strong, weak fliprandobot.Bot
		games        int
	}{
		{"3players/greedy-random", 3, greedy, random, 16},
		{"3players/search-greedy", 3, search, greedy, 24},
		{"4players/greedy-random", 4, greedy, random, 16},
		{"4players/search-greedy", 4, search, greedy, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var diffs []float64
			for i := range tc.games {
				bots := make([]fliprandobot.Bot, tc.players)
				strong := make([]bool, tc.players)
				for s := range bots {
					strong[s] = (s+i)%2 == 0
					bots[s] = tc.weak
					if strong[s] {
						bots[s] = tc.strong
					}
				}
				rv := rankValues(playGame(t, playersConfig(tc.players), bots, uint64(1000+i/2)))
				var sum, cnt [2]float64
				for s, st := range strong {
					k := 0
					if st {
						k = 1
					}
					sum[k] += float64(rv[s])
					cnt[k]++
				}
				diffs = append(diffs, sum[1]/cnt[1]-sum[0]/cnt[0])
			}
			m, h := meanCI(diffs)
			t.Logf("%s: mean rank value of the stronger less the weaker %+.3f ± %.3f over %d games", tc.name, m, h, len(diffs))
			if m-h <= 0 {
				t.Errorf("the stronger bot is not stronger: %+.3f ± %.3f", m, h)
			}
		})
	}
}
