package flickago

import (
	"math/rand/v2"

	"github.com/flickarena/flickarena/physics"
)

// Flicker simulates one flick on a physics state, as [physics.Simulator.Flick] does: it
// moves the pieces of st in place to where they rest and returns what happened. A game
// reads only the resting pieces and the Outcome's Velocity, Steps, Time and Capped.
type Flicker interface {
	Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error)
}

// CloneWith returns an independent copy of the game, as [Game.Clone], whose flicks are
// simulated by sim instead of the game's [physics.Simulator]: a planner may give its
// clones a cheaper model of the table. Such a clone plays by the rules but not by the game's
// physics: its positions are predictions, and its Hash says nothing of the game's future.
func (g *Game) CloneWith(sim Flicker) *Game {
	c := &Game{cfg: g.cfg, board: g.board, rad: g.rad, sim: sim, st: g.st, bhash: g.bhash}
	c.phys.Table = g.phys.Table
	c.phys.Pieces = make([]physics.Piece, len(g.phys.Pieces))
	return c
}
