package flickemup_test

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// randomAction picks a legal action uniformly among the legal templates and fills in its
// continuous parameters: half the flicks aim at a random cowboy or door, half go anywhere.
func randomAction(g *flickemup.Game, rng *rand.Rand, buf []flickemup.Action) flickemup.Action {
	legal := g.LegalActions(buf[:0])
	a := legal[rng.IntN(len(legal))]
	v := g.View()
	speed := 30 + rng.Float64()*170
	dir := rng.Float64() * 2 * math.Pi
	if rng.IntN(2) == 0 && len(v.Pieces) > 0 {
		// Aim at a random piece from the acting cowboy.
		from := physics.Vec{}
		for _, c := range v.Cowboys {
			if c.ID == v.Actor {
				from = physics.Vec{X: c.X, Y: c.Y}
			}
		}
		to := v.Pieces[rng.IntN(len(v.Pieces))]
		if d := (physics.Vec{X: to.X, Y: to.Y}).Sub(from); d.Len() > 0 {
			dir = d.Angle()
		}
	}
	switch a.Kind {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
		a.Velocity = physics.Polar(speed, dir)
		a.Facing = rng.Float64()*2*math.Pi - math.Pi
	}
	return a
}
