package flickago

import (
	"fmt"
	"slices"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Aim tells a person's page (the viewer's play mode) what native action a of the current
// player flicks, its dims ignored: the disc's start in the view's board coordinates (cm, the
// start point of a reserve disc, the place of a family disc), the fastest flick and a label
// ("return disc 3, flick from point 2 (T)"). ok is false for an action that flicks nothing
// (placing an inspector) or after the game. It changes nothing.
func (e *Env) Aim(a env.Action) (aim draw.Aim, ok bool) {
	if e.g.Phase() != PhaseFlick || len(a.Discrete) != len(e.spec.Heads) {
		return draw.Aim{}, false
	}
	p := e.g.Current()
	act := e.lay.decode(a, e.g, p, e.g.Phase())
	if act.Type != ActFlick {
		return draw.Aim{}, false
	}
	start := e.lay.start(e.g, p, act)
	label := "flick " + e.spec.Heads[headSource].Values[a.Discrete[headSource]]
	if r := a.Discrete[headReturn]; r > 0 {
		label = fmt.Sprintf("return %s, %s", e.spec.Heads[headReturn].Values[r], label)
	}
	return draw.Aim{From: [2]float64{start.X, start.Y}, MaxSpeed: e.lay.maxSpeed, Label: label}, true
}

// SetAim writes into the dims of native action a of the current player the flick of
// velocity (vx, vy) cm/s in the view's board coordinates, in the game's flick format (the
// velocity turned into the player's frame, or the aimed point and push), as EncodeAction
// does; facing is ignored (a disc has none) and a's heads are kept.
func (e *Env) SetAim(a env.Action, vx, vy, _ float64) {
	p := e.g.Current()
	act := e.lay.decode(a, e.g, p, e.g.Phase())
	act.Velocity = physics.Vec{X: vx, Y: vy}
	heads := slices.Clone(a.Discrete)
	e.lay.encode(a, e.g, p, act)
	copy(a.Discrete, heads)
}
