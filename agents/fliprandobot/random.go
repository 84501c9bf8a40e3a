package fliprandobot

import (
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/fliprando"
)

// Random plays one of the legal actions, each equally likely: the engine-level counterpart
// of agents/random, the floor of the ladder and the search's cheapest rollout.
type Random struct{}

// Choose implements [Bot].
func (Random) Choose(g *fliprando.Game, rng *rand.Rand) fliprando.Action {
	var buf [fliprando.NumActions]fliprando.Action
	l := legal(g, &buf)
	if len(l) == 0 {
		return fliprando.Pass
	}
	return l[rng.IntN(len(l))]
}
