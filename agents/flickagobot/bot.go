package flickagobot

import (
	"errors"
	"math/rand/v2"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env/flickago"
)

// Bot decides for the current player of a Flickago game.
type Bot interface {
	// Choose returns a legal action for g's current decision when g has one (g is not over).
	// It must not change g (it may clone it), draws any randomness from rng only, and so
	// returns the same action for the same game and the same rng state.
	Choose(g *flickago.Game, rng *rand.Rand) flickago.Action
}

// Policy enters a [Bot] into the arena and the env's single-agent view: an env.Policy with a
// name and a version (what arena.Bot asks). It plays the Flickago env game ([flickago.Env]):
// it hands the engine (Env.Engine) to the bot and encodes the bot's choice with Env.EncodeAction,
// failing on a choice the engine rejects (a bot's bug) rather than send an illegal action. It
// is safe for concurrent use when its Bot is.
type Policy = enginebot.Policy[*flickago.Env, *flickago.Game, flickago.Action]

// ErrNotFlickago is wrapped by the error of a Policy asked to play another game.
var ErrNotFlickago = errors.New("flickagobot: not a Flickago game")

// game names Flickago in a Policy's errors.
var game = enginebot.Game{Pkg: "flickagobot", ErrWrongGame: ErrNotFlickago}

// NewPolicy returns bot b as a policy called name, at version.
func NewPolicy(name, version string, b Bot) *Policy {
	return enginebot.New[*flickago.Env, *flickago.Game, flickago.Action](game, name, version, b)
}

// AimerName is the aimer's name in tournaments.
const AimerName = "aimer"

// NewAimerBot returns the aimer as an arena bot, called [AimerName] at [AimerVersion].
func NewAimerBot() *Policy { return NewPolicy(AimerName, AimerVersion, NewAimer()) }

// NewPlannerBot returns a planner with budget b as an arena bot called name, at version
// "<PlannerVersion>/<budget>" (so that a change of budget is a new bot for the arena).
func NewPlannerBot(name string, b Budget) *Policy {
	p := NewPlanner(b)
	return NewPolicy(name, PlannerVersion+"/"+p.Budget().String(), p)
}
