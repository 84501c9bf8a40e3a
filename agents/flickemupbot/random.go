package flickemupbot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Random plays uniformly: one of the legal actions, each equally likely, with a flick
// velocity whose components are uniform in ±MaxSpeed and a facing uniform in (-π, π]. It is
// the engine-level counterpart of agents/random.
type Random struct{}

// Choose implements [Bot].
func (Random) Choose(g *flickemup.Game, rng *rand.Rand) flickemup.Action {
	acts := g.Legal(nil)
	if len(acts) == 0 {
		return flickemup.Action{Kind: flickemup.ActEndTurn}
	}
	a := acts[rng.IntN(len(acts))]
	switch a.Kind {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
		m := physics.DefaultConfig().MaxSpeed
		a.Velocity = physics.Vec{X: (2*rng.Float64() - 1) * m, Y: (2*rng.Float64() - 1) * m}
		a.Facing = (2*rng.Float64() - 1) * math.Pi
	}
	return a
}
