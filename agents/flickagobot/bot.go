package flickagobot

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
)

// Bot decides for the current player of a Flickago game.
type Bot interface {
	// Choose returns a legal action for g's current decision when g has one (g is not over).
	// It must not change g (it may clone it), draws any randomness from rng only, and so
	// returns the same action for the same game and the same rng state.
	Choose(g *flickago.Game, rng *rand.Rand) flickago.Action
}

// Policy enters a [Bot] into the arena and the env's single-agent view: an [env.Policy] with a
// name and a version (what arena.Bot asks). It plays the Flickago env game ([flickago.Env]):
// it hands the engine (Env.Game) to the bot and encodes the bot's choice with Env.Encode. It
// is safe for concurrent use when its Bot is.
type Policy struct {
	name, version string
	bot           Bot
}

// NewPolicy returns bot b as a policy called name, at version.
func NewPolicy(name, version string, b Bot) *Policy {
	return &Policy{name: name, version: version, bot: b}
}

// Name returns the bot's name.
func (p *Policy) Name() string { return p.name }

// Version returns the bot's version.
func (p *Policy) Version() string { return p.version }

// Bot returns the engine-level bot.
func (p *Policy) Bot() Bot { return p.bot }

// ErrNotFlickago is wrapped by the error of a Policy asked to play another game.
var ErrNotFlickago = errors.New("flickagobot: not a Flickago game")

// Act implements [env.Policy]: the bot chooses on the engine of t.Game, which must be a
// *flickago.Env, drawing from rng only, and the choice is encoded into dst for seat t.Player.
// It fails on a finished game and on a choice the engine rejects (a bot's bug), rather than
// send an illegal action.
func (p *Policy) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	e, ok := t.Game.(*flickago.Env)
	if !ok {
		id := "?"
		if t.Spec != nil {
			id = t.Spec.ID
		}
		return fmt.Errorf("%w: %s cannot play %s", ErrNotFlickago, p.name, id)
	}
	g := e.Game()
	if g.Over() {
		return fmt.Errorf("flickagobot: %s asked to act in a finished game", p.name)
	}
	a := p.bot.Choose(g, rng)
	if err := g.Validate(a); err != nil {
		return fmt.Errorf("flickagobot: %s chose %v: %w", p.name, a, err)
	}
	e.Encode(dst, g.Current(), a)
	return nil
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
