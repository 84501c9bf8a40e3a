package play

import (
	"context"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// Bot is a bot that can take a seat: a built-in bot played in process, or a remote one (an
// AgentService the server was started with). The command that serves the play mode builds
// the list; this package knows no bot.
type Bot struct {
	// Name is the bot's name, as the arena and the pools' opponents name it ("random",
	// "aimer", "planner").
	Name string
	// Policy plays the bot's seats; it must be safe for concurrent use (one bot plays in
	// many sessions at once). A Policy that is a [ContextPolicy] is called with a context
	// that ends at [Limits.BotTimeout].
	Policy env.Policy
	// Plays reports whether the bot plays game g; nil means every game.
	Plays func(g env.Game) bool
	// Help describes the bot in a line or a few, for the page.
	Help string
}

// ContextPolicy is a policy whose decisions a context bounds, such as a remote bot: it
// returns once ctx is done.
type ContextPolicy interface {
	ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error
}
