package flickbot

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// Policy enters a [Bot] into the arena and the env's single-agent view: an [env.Policy] with
// a name and a version (what arena.Bot asks). It plays the Flick 'em Up! env games
// ([flickemup.Env]): it hands the engine to the bot and encodes the bot's choice. It is safe
// for concurrent use when its Bot is.
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

// ErrNotFlickemup is wrapped by the error of a Policy asked to play another game.
var ErrNotFlickemup = errors.New("flickbot: not a Flick 'em Up! game")

// Act implements [env.Policy]: the bot chooses on the engine of t.Game, which must be a
// *flickemup.Env, drawing from rng only, and the choice is encoded into dst.
func (p *Policy) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	e, ok := t.Game.(*flickemup.Env)
	if !ok {
		id := "?"
		if t.Spec != nil {
			id = t.Spec.ID
		}
		return fmt.Errorf("%w: %s cannot play %s", ErrNotFlickemup, p.name, id)
	}
	g := e.Engine()
	if g.Terminal() {
		return fmt.Errorf("flickbot: %s asked to act in a finished game", p.name)
	}
	e.EncodeAction(p.bot.Choose(g, rng), dst)
	return nil
}
