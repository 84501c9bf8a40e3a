package flickemupbot

import (
	"errors"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env/flickemup"
)

// Policy enters a [Bot] into the arena and the env's single-agent view: an env.Policy with a
// name and a version (what arena.Bot asks). It plays the Flick 'em Up! env games
// ([flickemup.Env]): it hands the engine to the bot and encodes the bot's choice. It is safe
// for concurrent use when its Bot is.
type Policy = enginebot.Policy[*flickemup.Env, *flickemup.Game, flickemup.Action]

// ErrNotFlickemup is wrapped by the error of a Policy asked to play another game.
var ErrNotFlickemup = errors.New("flickemupbot: not a Flick 'em Up! game")

// game names Flick 'em Up! in a Policy's errors.
var game = enginebot.Game{Pkg: "flickemupbot", ErrWrongGame: ErrNotFlickemup}

// NewPolicy returns bot b as a policy called name, at version.
func NewPolicy(name, version string, b Bot) *Policy {
	return enginebot.New[*flickemup.Env, *flickemup.Game, flickemup.Action](game, name, version, b)
}
