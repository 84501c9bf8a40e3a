package enginebot

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// Chooser is an engine-level bot: it returns an action for the current decision of engine g,
// drawing any randomness from rng only.
type Chooser[G, A any] interface {
	Choose(g G, rng *rand.Rand) A
}

// Game says how a [Policy] plays one game: env games of type E, whose engine is a G and whose
// engine-level actions are A's.
type Game[E env.Game, G, A any] struct {
	// Pkg prefixes the policy's errors, e.g. "flickbot".
	Pkg string
	// ErrWrongGame is wrapped by the error of a policy asked to play an env game that is not
	// an E.
	ErrWrongGame error
	// Engine returns the engine of env game e.
	Engine func(e E) G
	// Over reports whether the game on engine g is finished.
	Over func(g G) bool
	// Encode writes action a, chosen on engine g of env game e, into dst, or returns why a
	// cannot be played (a bot's bug): the policy then fails rather than send it.
	Encode func(e E, g G, a A, dst env.Action) error
}

// Policy is a [Chooser] entered into the arena: an env.Policy with a name and a version. It
// is safe for concurrent use when its Chooser is.
type Policy[E env.Game, G, A any] struct {
	name, version string
	bot           Chooser[G, A]
	game          *Game[E, G, A]
}

// New returns bot b, playing game, as a policy called name, at version.
func New[E env.Game, G, A any](game *Game[E, G, A], name, version string, b Chooser[G, A]) *Policy[E, G, A] {
	return &Policy[E, G, A]{name: name, version: version, bot: b, game: game}
}

// Name returns the bot's name.
func (p *Policy[E, G, A]) Name() string { return p.name }

// Version returns the bot's version.
func (p *Policy[E, G, A]) Version() string { return p.version }

// Bot returns the engine-level bot.
func (p *Policy[E, G, A]) Bot() Chooser[G, A] { return p.bot }

// Act implements [env.Policy]: the bot chooses on the engine of t.Game, which must be an E,
// drawing from rng only, and the choice is encoded into dst. It fails on another game, on a
// finished game and on a choice the game's Encode rejects.
func (p *Policy[E, G, A]) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	e, ok := t.Game.(E)
	if !ok {
		id := "?"
		if t.Spec != nil {
			id = t.Spec.ID
		}
		return fmt.Errorf("%w: %s cannot play %s", p.game.ErrWrongGame, p.name, id)
	}
	g := p.game.Engine(e)
	if p.game.Over(g) {
		return fmt.Errorf("%s: %s asked to act in a finished game", p.game.Pkg, p.name)
	}
	if err := p.game.Encode(e, g, p.bot.Choose(g, rng), dst); err != nil {
		return fmt.Errorf("%s: %s: %w", p.game.Pkg, p.name, err)
	}
	return nil
}
