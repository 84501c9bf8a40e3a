package flickbot

import (
	"errors"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// Policy enters a [Bot] into the arena and the env's single-agent view: an env.Policy with a
// name and a version (what arena.Bot asks). It plays the Flick 'em Up! env games
// ([flickemup.Env]): it hands the engine to the bot and encodes the bot's choice. It is safe
// for concurrent use when its Bot is.
type Policy = enginebot.Policy[*flickemup.Env, *flickemup.Game, flickemup.Action]

// ErrNotFlickemup is wrapped by the error of a Policy asked to play another game.
var ErrNotFlickemup = errors.New("flickbot: not a Flick 'em Up! game")

// game is how a Policy plays Flick 'em Up!.
var game = &enginebot.Game[*flickemup.Env, *flickemup.Game, flickemup.Action]{
	Pkg:          "flickbot",
	ErrWrongGame: ErrNotFlickemup,
	Engine:       (*flickemup.Env).Engine,
	Over:         (*flickemup.Game).Terminal,
	Encode: func(e *flickemup.Env, _ *flickemup.Game, a flickemup.Action, dst env.Action) error {
		e.EncodeAction(a, dst)
		return nil
	},
}

// NewPolicy returns bot b as a policy called name, at version.
func NewPolicy(name, version string, b Bot) *Policy { return enginebot.New(game, name, version, b) }
