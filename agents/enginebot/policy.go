package enginebot

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// Chooser is an engine-level bot: it returns an action for the current decision of engine g,
// drawing any randomness from rng only.
type Chooser[G, A any] interface {
	Choose(g G, rng *rand.Rand) A
}

// ContextChooser is a [Chooser] whose decisions are long (a search) and can be cut short:
// ChooseContext returns Choose's action, drawing the same numbers from rng, while ctx is not
// done, and stops soon after ctx is done (within one of its playouts or simulations),
// returning ctx's error. A [Policy] calls it when its turn carries a context (env.Turn's).
type ContextChooser[G, A any] interface {
	Chooser[G, A]
	ChooseContext(ctx context.Context, g G, rng *rand.Rand) (A, error)
}

// Engine is what a [Policy] reads of a rules engine (see docs/adding-a-game.md).
type Engine interface {
	// Over reports whether the game is finished.
	Over() bool
}

// Env is what a [Policy] needs of an env game: its rules engine, and the encoding of the
// engine's actions (see docs/adding-a-game.md).
type Env[G Engine, A any] interface {
	env.Game
	// Engine returns the rules engine behind the env game.
	Engine() G
	// EncodeAction writes engine action a into dst, or returns why a cannot be played now
	// (a bot's bug: the policy then fails rather than send it).
	EncodeAction(dst env.Action, a A) error
}

// Game names the game a [Policy] plays, for its errors.
type Game struct {
	// Pkg prefixes the policy's errors, e.g. "flickemupbot".
	Pkg string
	// ErrWrongGame is wrapped by the error of a policy asked to play an env game of another
	// type.
	ErrWrongGame error
}

// Policy is a [Chooser] entered into the arena: an env.Policy with a name and a version. It
// plays env games of type E, whose engine is a G and whose engine-level actions are A's. It
// is safe for concurrent use when its Chooser is.
type Policy[E Env[G, A], G Engine, A any] struct {
	name, version string
	bot           Chooser[G, A]
	game          Game
}

// New returns bot b, playing game, as a policy called name, at version.
func New[E Env[G, A], G Engine, A any](game Game, name, version string, b Chooser[G, A]) *Policy[E, G, A] {
	return &Policy[E, G, A]{name: name, version: version, bot: b, game: game}
}

// Name returns the bot's name.
func (p *Policy[E, G, A]) Name() string { return p.name }

// Version returns the bot's version.
func (p *Policy[E, G, A]) Version() string { return p.version }

// Bot returns the engine-level bot.
func (p *Policy[E, G, A]) Bot() Chooser[G, A] { return p.bot }

// Act implements [env.Policy]: the bot chooses on the engine of t.Game (unwrapped: see
// [env.Unwrap]), which must be an E,
// drawing from rng only, and the choice is encoded into dst. A [ContextChooser] chooses
// under t.Context when the turn carries one, and fails with its error once it is done. It fails on another game, on a
// finished game and on a choice the game's EncodeAction refuses.
func (p *Policy[E, G, A]) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	e, ok := env.Unwrap(t.Game).(E)
	if !ok {
		id := "?"
		if t.Spec != nil {
			id = t.Spec.ID
		}
		return fmt.Errorf("%w: %s cannot play %s", p.game.ErrWrongGame, p.name, id)
	}
	g := e.Engine()
	if g.Over() {
		return fmt.Errorf("%s: %s asked to act in a finished game", p.game.Pkg, p.name)
	}
	var a A
	if cc, ok := p.bot.(ContextChooser[G, A]); ok && t.Context != nil {
		var err error
		if a, err = cc.ChooseContext(t.Context, g, rng); err != nil {
			return fmt.Errorf("%s: %s: %w", p.game.Pkg, p.name, err)
		}
	} else {
		a = p.bot.Choose(g, rng)
	}
	if err := e.EncodeAction(dst, a); err != nil {
		return fmt.Errorf("%s: %s chose %v: %w", p.game.Pkg, p.name, a, err)
	}
	return nil
}
