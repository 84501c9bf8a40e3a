package flickemup

import (
	"fmt"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Aim tells a person's page (the viewer's play mode) what native action a of the deciding
// team flicks, its dims ignored: where the flicked piece starts, in table cm (the movement
// disc, the bullet or the dynamite on its side spot or at the Winchester's tip, the waiting
// second bullet), the fastest flick, whether the action also sets the cowboy's facing (a
// move), and a label without the velocity ("shoot left rifle"). ok is false for an action
// that flicks nothing. It changes nothing.
func (e *Env) Aim(a env.Action) (aim draw.Aim, ok bool) {
	if len(a.Discrete) != len(e.c.spec.Heads) {
		return draw.Aim{}, false
	}
	act := e.decode(a)
	start, _, ok := e.g.flickStart(act)
	if !ok {
		return draw.Aim{}, false
	}
	return draw.Aim{From: [2]float64{start.X, start.Y}, MaxSpeed: e.c.maxSpeed, Facing: act.Kind == ActMove, Label: e.flickLabel(act)}, true
}

// flickLabel names flick a without its velocity.
func (e *Env) flickLabel(a Action) string {
	if e.g.phase == PhaseSecondShot {
		return "shoot the second bullet"
	}
	rifle := ""
	if a.Rifle {
		rifle = " rifle"
	}
	switch a.Kind {
	case ActShoot:
		return fmt.Sprintf("shoot %s%s", a.Side, rifle)
	case ActDuel:
		return fmt.Sprintf("duel %d %s", a.Cowboy, a.Side)
	case ActThrow:
		return fmt.Sprintf("throw %s", a.Side)
	}
	return a.Kind.String()
}

// SetAim writes into the dims of native action a of the deciding team the flick of velocity
// (vx, vy) cm/s and, for a move, the facing (rad), both in table coordinates, in the game's
// flick format (turned into the team's frame, or the aimed point and push), as
// EncodeAction does; a's heads are kept.
func (e *Env) SetAim(a env.Action, vx, vy, facing float64) {
	act := e.decode(a)
	act.Velocity = physics.Vec{X: vx, Y: vy}
	act.Facing = facing
	e.c.encodeContinuous(a.Continuous, e.g, act, e.team())
}
