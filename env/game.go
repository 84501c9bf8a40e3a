package env

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/flickarena/flickarena/internal/enum"
)

// Game is one instance of a turn-based game, as a [Vector] drives it. Every
// game package (flickemup, flickago, fliprando) implements it; env/race is
// a small, fully commented template.
//
// The Vector calls the methods of one Game from one goroutine at a time,
// never concurrently, but not always from the same goroutine: a Game must
// not use goroutine-local state and must not share mutable state with other
// Games (package-level caches, counters, a shared physics world).
//
// Life cycle: the factory creates the Game; Reset starts an episode; then,
// while the episode runs, the Vector reads CurrentPlayer, Mask, Observe and
// Hash, checks the current player's action with [Spec.Check] and Validate,
// and applies it with Step, until Step reports the end. Reset may be called
// again at any time, including in the middle of an episode.
//
// Randomness: a Game draws every random number (initial placement, first
// player, execution noise on flicks) from the rng given to Reset, and from
// nothing else: no global rand, no time, no map iteration order. Then the
// same rng seed and the same actions give the same trajectory, bit for bit.
type Game interface {
	// Spec returns the game's static description. It is called once, right
	// after creation, and must return the same value for the Game's whole
	// life. The caller does not modify it.
	Spec() *Spec

	// Reset starts a new episode and returns nil, or returns an error if
	// the game cannot start (its scenario is invalid, say); the Vector then
	// reports an *EnvError. rng is owned by the Vector, seeded for this
	// episode (see [EpisodeRand]); the Game may keep it and draw from it
	// until the next Reset, in Reset and in Step, and must draw from no
	// other source. After Reset the episode is running.
	Reset(rng *rand.Rand) error

	// CurrentPlayer returns the seat, in [0, Spec.NumPlayers), whose action
	// the next Step applies. A game decides freely who moves next (strict
	// alternation, initiative, several moves in a row). After the episode
	// ends it still returns a valid seat (the one that would have moved
	// next, say); the Vector reports it but no action is applied.
	CurrentPlayer() int

	// Mask writes the legal-action mask of the current player into dst,
	// which has length Spec.MaskSize(): dst[Spec.MaskOffset(h)+v] is true
	// if value v of head h appears in at least one legal action. The mask
	// is factorised: a combination of values each allowed by the mask can
	// still be illegal, and Validate says so. While the episode runs, every
	// head has at least one true value and DefaultAction is legal. The
	// Game writes every entry of dst (the caller does not clear it) and
	// does not keep dst. Not called after the episode ends.
	Mask(dst []bool)

	// Validate returns nil if a is legal for the current player, or an
	// error explaining why not, preferably an *[ActionError] with Env -1
	// and Field "action" or the head at fault. The caller has already
	// checked a with [Spec.Check] against Mask, so Validate only checks
	// the game's joint rules (which cowboy may shoot, which disc may be
	// flicked). Continuous values within their bounds are always legal:
	// the game interprets them (a flick too weak to move still moves
	// nothing). Validate must not change the game's state or draw from
	// the rng: a rejected batch leaves every env as it was. It does not
	// keep a.
	Validate(a Action) error

	// DefaultAction writes into dst (sized for the Spec) a legal action
	// for the current player: the game's no-op where one exists ("end the
	// turn", "pass"), otherwise a fixed simple choice. It must not draw
	// from the rng. The Vector uses it to replace illegal actions in
	// [ReplaceIllegal] mode, and [RandomPolicy] falls back on it. Not
	// called after the episode ends.
	DefaultAction(dst Action)

	// Step applies the legal action a of the current player and returns
	// the episode status afterwards: [Running], [Terminated] (the rules
	// ended the game: a win, a loss, a draw, the last round played) or
	// [Truncated] (the game gave up before its rules ended it: a safety
	// cap on moves or simulated time). The caller guarantees that a passed
	// Spec.Check and Validate; Step does not keep a. A non-nil error means
	// the game failed (a bug, a physics explosion): the Vector reports an
	// *EnvError and resets that env before using it again. Not called
	// after the episode ends.
	Step(a Action) (Status, error)

	// Outcome writes each player's final result into dst (length
	// Spec.NumPlayers, zeroed by the caller): +1 for a win, -1 for a loss,
	// 0 for a draw, or any value in [-1, 1] for a ranking among more than
	// two players. The Vector calls it once, right after Step returns
	// Terminated, and adds it to the rewards of that step; a truncated
	// episode has no outcome. It does not keep dst.
	Outcome(dst []float32)

	// Observe writes the observation of the state as seen by seat player
	// into dst, which has length Spec.ObsSize(), field by field as
	// Spec.Obs describes, every value within its field's bounds. A game
	// with hidden information hides it here. The Game writes every entry
	// and does not keep dst. Called in any state after Reset, including
	// after the end.
	Observe(dst []float32, player int)

	// Hash returns a 64-bit hash of the game state: everything that
	// decides the future given the same actions and the same rng draws
	// (the rng's own position is not included). Equal states have equal
	// hashes on every run and platform; see [Hasher]. Called in any state
	// after Reset.
	Hash() uint64

	// MarshalJSON returns a structured view of the state, for debugging,
	// logs and viewers: a JSON object whose layout the game documents.
	// It is not used for learning and need not be fast. Called in any
	// state after Reset.
	json.Marshaler
}

// Status is the state of an episode after a step.
type Status uint8

const (
	// Running means the episode goes on.
	Running Status = iota
	// Terminated means the rules ended the episode (a terminal state of the
	// game: win, loss, draw). Value bootstrapping stops here.
	Terminated
	// Truncated means the episode was cut short before the rules ended it,
	// by a limit outside the game's dynamics (a step limit, a safety cap).
	// The state is not terminal: a learner may bootstrap from it.
	Truncated
)

// String returns "running", "terminated" or "truncated".
func (s Status) String() string {
	return enum.Name(s, "Status", "running", "terminated", "truncated")
}

// Shaper is implemented by a Game that offers a dense shaping reward on top
// of the sparse outcome. A [Vector] uses it only when [Config.Shaping] is
// not zero.
type Shaper interface {
	// Shaping writes into dst (length Spec.NumPlayers, zeroed by the
	// caller) each player's shaping reward for the transition made by the
	// last Step, in the game's documented unit. The Vector calls it right
	// after each Step, including the last one of an episode, and adds
	// Config.Shaping × dst to the rewards. It must not change the state or
	// draw from the rng, and does not keep dst.
	Shaping(dst []float32)
}

// Factory creates a new Game from options (nil means all defaults). It is
// called once per env of a Vector, possibly concurrently, so it must not
// share mutable state between the Games it creates. It returns an error for
// an unknown option or a bad value; see [Options].
type Factory func(opts Options) (Game, error)
