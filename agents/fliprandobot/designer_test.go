package fliprandobot_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// BenchmarkSeatAdvantage answers the designer's first question: does the first player have
// an advantage? Each iteration is one game between equal bots (all greedy, or all random),
// seat 0 first, dealt from seed i; it reports each seat's win share (ties shared), in percent, with the
// half-width of its 95% normal interval, and the first seat's mean rank value (the env's
// reward 1 − 2r/(N−1), 0 for no advantage) with its interval. Run it long:
// go test -run '^$' -bench SeatAdvantage -benchtime 4000x ./agents/fliprandobot
func BenchmarkSeatAdvantage(b *testing.B) {
	for _, kind := range []struct {
		name string
		bot  fliprandobot.Bot
	}{{"greedy", fliprandobot.Greedy{}}, {"random", fliprandobot.Random{}}} {
		for n := 2; n <= fliprando.MaxPlayers; n++ {
			seatAdvantage(b, kind.name, kind.bot, n)
		}
	}
}

// seatAdvantage is one sub-benchmark of BenchmarkSeatAdvantage: n seats played by bot.
func seatAdvantage(b *testing.B, name string, bot fliprandobot.Bot, n int) {
	b.Run(name+"/"+strconv.Itoa(n)+"players", func(b *testing.B) {
		bots := make([]fliprandobot.Bot, n)
		for s := range bots {
			bots[s] = bot
		}
		wins := make([][]float64, n)
		var rank0 []float64
		for i := 0; b.Loop(); i++ {
			g := playGame(b, playersConfig(n), bots, uint64(i))
			w := g.Winners()
			for s := range n {
				x := 0.0
				for _, v := range w {
					if v == s {
						x = 1 / float64(len(w))
					}
				}
				wins[s] = append(wins[s], x)
			}
			rank0 = append(rank0, float64(rankValues(g)[0]))
		}
		for s := range n {
			m, h := meanCI(wins[s])
			b.ReportMetric(100*m, fmt.Sprintf("seat%d-win%%", s))
			b.ReportMetric(100*h, fmt.Sprintf("seat%d-ci95", s))
		}
		m, h := meanCI(rank0)
		b.ReportMetric(m, "seat0-rank")
		b.ReportMetric(h, "seat0-rank-ci95")
		b.ReportMetric(0, "ns/op")
	})
}

// BenchmarkRulings answers the designer's second question: how much do our [P] rulings
// matter? Each iteration is one 4-player game between greedy bots dealt from seed i, under
// our rulings and under each alternative the package doc offers (fliprando.Config switches); it
// reports the mean final total (points), the spread of the totals within a game (their
// standard deviation, points), the winner's margin over the second (points), and the game's
// length in decisions, each with the half-width of its 95% interval (suffix -ci).
// go test -run '^$' -bench Rulings -benchtime 2000x ./agents/fliprandobot
func BenchmarkRulings(b *testing.B) {
	variants := []struct {
		name string
		set  func(*fliprando.Config)
	}{
		{"ours", func(*fliprando.Config) {}},
		{"move_legs", func(c *fliprando.Config) { c.MoveLegs = true }},
		{"literal_phase1", func(c *fliprando.Config) { c.LiteralPhase1 = true }},
		{"slot_per_round", func(c *fliprando.Config) { c.SlotPerRound = true }},
		{"negative_scores", func(c *fliprando.Config) { c.NegativeScores = true }},
	}
	const n = 4
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			bots := make([]fliprandobot.Bot, n)
			for s := range bots {
				bots[s] = fliprandobot.Greedy{}
			}
			cfg := playersConfig(n)
			v.set(&cfg)
			var total, spread, margin, length []float64
			for i := 0; b.Loop(); i++ {
				g, decisions := playCounted(b, cfg, bots, uint64(i))
				sc := g.Scores(nil)
				mean := 0.0
				for _, x := range sc {
					mean += x / n
				}
				ss, first, second := 0.0, math.Inf(-1), math.Inf(-1)
				for _, x := range sc {
					ss += (x - mean) * (x - mean)
					switch {
					case x > first:
						first, second = x, first
					case x > second:
						second = x
					}
				}
				total = append(total, mean)
				spread = append(spread, math.Sqrt(ss/(n-1)))
				margin = append(margin, first-second)
				length = append(length, float64(decisions))
			}
			for _, m := range []struct {
				name string
				xs   []float64
			}{{"total", total}, {"spread", spread}, {"margin", margin}, {"decisions", length}} {
				mean, h := meanCI(m.xs)
				b.ReportMetric(mean, m.name)
				b.ReportMetric(h, m.name+"-ci")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}

// playCounted is playGame that also returns the number of decisions of the game.
func playCounted(tb testing.TB, cfg fliprando.Config, bots []fliprandobot.Bot, seed uint64) (*fliprando.Game, int) {
	tb.Helper()
	count := 0
	counting := make([]fliprandobot.Bot, len(bots))
	for s, b := range bots {
		counting[s] = countingBot{b, &count}
	}
	return playGame(tb, cfg, counting, seed), count
}

// countingBot counts the decisions of its bot.
type countingBot struct {
	fliprandobot.Bot
	n *int
}

func (c countingBot) Choose(g *fliprando.Game, rng *rand.Rand) fliprando.Action {
	*c.n++
	return c.Bot.Choose(g, rng)
}
