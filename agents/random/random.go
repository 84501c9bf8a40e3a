package random

import (
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// Name is the bot's name in tournaments.
const Name = "random"

// Version is the bot's version. Bump it whenever its play changes, so
// that a tournament with the new bot does not resume one with the old.
const Version = "1"

// Bot plays uniformly random legal actions. It is safe for concurrent use.
type Bot struct {
	policy env.RandomPolicy
}

// New returns the random bot.
func New() *Bot { return &Bot{} }

// Name returns [Name].
func (*Bot) Name() string { return Name }

// Version returns [Version].
func (*Bot) Version() string { return Version }

// Act implements [env.Policy]: each head uniformly among the values the
// mask allows, each continuous dim uniformly within its bounds, retried
// when the game rejects the combination and the game's default action in
// the end (see [env.RandomPolicy]). It draws from rng only and never
// returns an error.
func (b *Bot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.policy.Act(dst, t, rng)
}
