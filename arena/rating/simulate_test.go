package rating_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/arena/rating"
)

// sim describes a synthetic tournament: games in pairs (same scenario, sides
// swapped) between random distinct bots, with results drawn from the model
// of §3 so that the expected score of side X is exactly
// L(r_X − r_Y + h + f·m).
type sim struct {
	elos      []float64 // true ratings, Elo
	sides     []float64 // true side terms per scenario, Elo
	first     float64   // true first-mover term, Elo
	varyFirst bool      // draw the first mover at random per game (else X)
	pairs     int
	draws     float64 // draw propensity in [0, 1]: P(draw) = draws·2·min(p, 1−p)
	// corr is the probability that both games of a pair use the same
	// uniform draw: the results are then correlated (as when a seed favours
	// one side) while each game keeps its exact model probabilities.
	corr float64
	seed uint64
}

func botName(i int) string { return fmt.Sprintf("bot%02d", i) }

func scenarioName(c int) string { return fmt.Sprintf("scn%d", c) }

func (s sim) games() []rating.Game {
	rng := rand.New(rand.NewPCG(s.seed, 0x5eed))
	games := make([]rating.Game, 0, 2*s.pairs)
	for k := range s.pairs {
		i := rng.IntN(len(s.elos))
		j := rng.IntN(len(s.elos) - 1)
		if j >= i {
			j++
		}
		c := rng.IntN(len(s.sides))
		shared := rng.Float64() < s.corr
		u0 := rng.Float64()
		for g := range 2 {
			x, y := i, j
			if g == 1 {
				x, y = j, i
			}
			first := rating.SideX
			if s.varyFirst && rng.IntN(2) == 1 {
				first = rating.SideY
			}
			m := 1.0
			if first == rating.SideY {
				m = -1
			}
			p := rating.Expected(s.elos[x] - s.elos[y] + s.sides[c] + m*s.first)
			d := s.draws * 2 * min(p, 1-p)
			u := rng.Float64()
			if shared {
				u = u0
			}
			score := 0.0
			switch {
			case u < p-d/2:
				score = 1
			case u < p+d/2:
				score = 0.5
			}
			games = append(games, rating.Game{
				X: botName(x), Y: botName(y), Scenario: scenarioName(c), First: first,
				Score: score, Pair: fmt.Sprintf("p%06d", k), Turns: 10 + rng.IntN(30),
			})
		}
	}
	return games
}

// holding counts the intervals of m, its bots' and its sides', that hold the true values
// elos and sides (in the order of m.Bots and m.Sides), and all of them.
func holding(m *rating.Model, elos, sides []float64) (covered, total int) {
	for i, b := range m.Bots {
		if b.Lo <= elos[i] && elos[i] <= b.Hi {
			covered++
		}
		total++
	}
	for c, h := range m.Sides {
		if h.Lo <= sides[c] && sides[c] <= h.Hi {
			covered++
		}
		total++
	}
	return covered, total
}

// spread returns n ratings evenly spread over [−w, w], mean 0.
func spread(n int, w float64) []float64 {
	e := make([]float64, n)
	for i := range e {
		e[i] = -w + 2*w*float64(i)/float64(n-1)
	}
	return e
}
