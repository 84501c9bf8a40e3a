package rating_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/flickarena/flickarena/arena/rating"
)

// plSim describes a synthetic N-seat tournament as the arena plays one:
// fixtures of k distinct random bots, each played k times with the seating
// rotated cyclically (one rotation set, one cluster), finishing orders drawn
// from Plackett–Luce with strengths r_bot + a_seat (Elo).
type plSim struct {
	elos     []float64 // true ratings, Elo
	seats    []float64 // true seat terms, Elo, seat 0 first (0)
	fixtures int
	// tie is the tie propensity: a random pair of neighbouring places
	// (A just ahead of B) is merged with probability tie·min(1, P(o')/P(o)),
	// o' the order with A and B swapped, so that a shared place takes its
	// mass equally from both orders and the expected score of each game is
	// exactly the model's (as draws do in sim).
	tie float64
	// corr is the probability that the k games of a rotation set share
	// their noise per seat (a seed favouring some seats): the games are
	// then correlated while each keeps the model's probabilities.
	corr float64
	seed uint64
}

func (s plSim) rankings(scenario string) []rating.Ranking {
	rng := rand.New(rand.NewPCG(s.seed, 0x91))
	k := len(s.seats)
	out := make([]rating.Ranking, 0, s.fixtures*k)
	kappa := math.Ln10 / 400
	for f := range s.fixtures {
		bots := rng.Perm(len(s.elos))[:k]
		shared := rng.Float64() < s.corr
		noise := make([]float64, k)
		for i := range noise {
			noise[i] = -math.Log(-math.Log(rng.Float64()))
		}
		for rot := range k {
			seatBots := make([]int, k)
			for seat := range k {
				seatBots[seat] = bots[(seat+rot)%k]
			}
			keys := make([]float64, k)
			eta := make([]float64, k)
			for seat, b := range seatBots {
				gumbel := -math.Log(-math.Log(rng.Float64()))
				if shared {
					gumbel = noise[seat]
				}
				eta[seat] = kappa * (s.elos[b] + s.seats[seat])
				keys[seat] = eta[seat] + gumbel
			}
			order := make([]int, k)
			for i := range order {
				order[i] = i
			}
			slices.SortFunc(order, func(a, b int) int { return -cmpFloat(keys[a], keys[b]) })
			ranks := make([]int, k)
			for place, seat := range order {
				ranks[seat] = place
			}
			if at := rng.IntN(k - 1); s.tie > 0 {
				// A at place at, B at at+1, R the seats below.
				a, b := order[at], order[at+1]
				var rest float64
				for _, q := range order[at+2:] {
					rest += math.Exp(eta[q])
				}
				ratio := (math.Exp(eta[b]) + rest) / (math.Exp(eta[a]) + rest)
				if rng.Float64() < s.tie*min(1, ratio) {
					ranks[b] = at
				}
			}
			names := make([]string, k)
			for seat, b := range seatBots {
				names[seat] = botName(b)
			}
			out = append(out, rating.Ranking{Bots: names, Ranks: ranks, Scenario: scenario, Cluster: fmt.Sprintf("f%05d", f)})
		}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
