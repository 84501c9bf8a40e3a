package flickemup

import (
	"math/rand/v2"

	"github.com/flickarena/flickarena/physics"
)

// Table is what the rules need of the physics: one flick, from rest to rest. It must update
// st in place to the resting state and report what happened, drawing any randomness from
// rng; on error it must leave st unchanged. [*physics.Simulator] implements it; tests script
// outcomes with their own. The engine never calls [physics.Outcome.Restore]: it keeps its own
// snapshot, so a scripted Outcome needs only its exported fields.
type Table interface {
	Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error)
}
