package flickemupbot

import (
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
)

// Bot decides for the current player of a Flick 'em Up! game.
type Bot interface {
	// Choose returns a legal action for g's current decision (g is not over). It must not
	// change g (it may clone it), draws any randomness from rng only, and so returns the same
	// action for the same game and the same rng state.
	Choose(g *flickemup.Game, rng *rand.Rand) flickemup.Action
}
