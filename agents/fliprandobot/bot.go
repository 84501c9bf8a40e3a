package fliprandobot

import (
	"errors"
	"math/rand/v2"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env/fliprando"
)

// Bot decides for the seat that decides now in a Flip' Rando game.
type Bot interface {
	// Choose returns a legal action for g's pending decision when g is not over. It must
	// not change g (it plans on clones), reads nothing the deciding seat cannot see, draws
	// any randomness from rng only, and so returns the same action for the same information
	// and the same rng state.
	Choose(g *fliprando.Game, rng *rand.Rand) fliprando.Action
}

// Policy enters a [Bot] into the arena and the env's single-agent view: an env.Policy with a
// name and a version (what arena.Bot asks), playing *fliprando.Env games through Env.Engine
// and Env.EncodeAction. It is safe for concurrent use when its Bot is (every bot of this
// package is).
type Policy = enginebot.Policy[*fliprando.Env, *fliprando.Game, fliprando.Action]

// ErrNotFliprando is wrapped by the error of a Policy asked to play another game.
var ErrNotFliprando = errors.New("fliprandobot: not a Flip' Rando game")

// game names Flip' Rando in a Policy's errors.
var game = enginebot.Game{Pkg: "fliprandobot", ErrWrongGame: ErrNotFliprando}

// NewPolicy returns bot b as a policy called name, at version.
func NewPolicy(name, version string, b Bot) *Policy {
	return enginebot.New[*fliprando.Env, *fliprando.Game, fliprando.Action](game, name, version, b)
}

// Names of the bots in tournaments.
const (
	GreedyName     = "greedy"
	SearchName     = "search"
	SearchDeepName = "search-deep"
)

// NewGreedyBot returns the greedy bot as an arena bot, called [GreedyName] at
// [GreedyVersion].
func NewGreedyBot() *Policy { return NewPolicy(GreedyName, GreedyVersion, Greedy{}) }

// NewSearchBot returns a search bot with budget b as an arena bot called name, at version
// "<SearchVersion>/<budget>" (so that a change of budget is a new bot for the arena).
func NewSearchBot(name string, b Budget) *Policy {
	s := NewSearch(b)
	return NewPolicy(name, SearchVersion+"/"+s.Budget().String(), s)
}

// legal returns g's legal actions in buf's storage.
func legal(g *fliprando.Game, buf *[fliprando.NumActions]fliprando.Action) []fliprando.Action {
	return g.Legal(buf[:0])
}
