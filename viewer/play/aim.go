package play

import (
	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
)

// Aimer is a flicking game that lets a person aim a flick by hand: Flickago and every Flick
// 'em Up! scenario. For a legal action of the seat to move, Aim says which piece it flicks
// and from where, in the view's coordinates; SetAim writes a velocity given in the view's
// coordinates (cm/s) into the action's dims, in the game's own flick format and frame, so
// that the page knows nothing of either.
type Aimer interface {
	// Aim returns the flick of action a (its dims ignored), or false when a flicks nothing.
	Aim(a env.Action) (draw.Aim, bool)
	// SetAim writes the flick of velocity (vx, vy), cm/s, and facing, rad (for an action
	// whose Aim says Facing), into a's dims; a's heads are kept.
	SetAim(a env.Action, vx, vy, facing float64)
}
