package flickagobot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// Random plays uniformly: one of the legal actions, each equally likely, with a flick of
// uniform direction and a speed uniform up to the physics' MaxSpeed (cm/s). It is the engine-level counterpart of
// agents/random, the floor of the ladder and the wild half of the property tests' positions.
type Random struct{}

// Choose implements [Bot].
func (Random) Choose(g *flickago.Game, rng *rand.Rand) flickago.Action {
	acts := g.Legal(nil)
	if len(acts) == 0 {
		return flickago.Action{}
	}
	a := acts[rng.IntN(len(acts))]
	if a.Type == flickago.ActFlick {
		m := g.Config().Physics.MaxSpeed
		a = a.WithVelocity(physics.Polar(rng.Float64()*m, (2*rng.Float64()-1)*math.Pi))
	}
	return a
}
