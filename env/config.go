package env

import (
	"github.com/flickarena/flickarena/internal/enum"
)

// Config configures a [Vector]. The zero value of every field except
// NumEnvs is the documented default.
type Config struct {
	// NumEnvs is the number of games in the Vector, ≥ 1. Required.
	NumEnvs int

	// Options are passed to the factory of every game.
	Options Options

	// Autoreset says what happens to an env whose episode ends; default
	// [NextStep].
	Autoreset Autoreset

	// View says who plays which seat; default [SelfPlay].
	View View

	// Opponent plays every seat but the agent's in the [SingleAgent] view;
	// nil means [RandomPolicy]{} (unless OpponentMix is set). Setting it in
	// the SelfPlay view is an error.
	Opponent Policy

	// OpponentMix, when not empty, replaces Opponent by a mixture for
	// league-style training: each SingleAgent episode plays against one
	// of its policies, drawn with probability proportional to its weight
	// from the episode's league stream (see the seeding scheme in
	// seed.go), so the draw depends on the env's key and episode number
	// only. Setting both Opponent and OpponentMix is an error.
	OpponentMix []WeightedPolicy

	// Seat says which seat the agent plays in the SingleAgent view;
	// default [SeatZero].
	Seat SeatMode

	// Illegal says what Step does with an illegal action; default
	// [RejectIllegal].
	Illegal IllegalMode

	// IllegalPenalty (≥ 0, reward units) is subtracted from the acting
	// seat's reward when [ReplaceIllegal] replaces its action.
	IllegalPenalty float32

	// Shaping weighs the game's dense shaping reward ([Shaper]) added to
	// the outcome rewards; 0 (the default) means pure outcome rewards, +1
	// for a win, -1 for a loss, 0 for a draw. A non-zero value requires a
	// game that implements Shaper.
	Shaping float32

	// MaxEpisodeSteps truncates an episode after this many Vector steps; 0
	// means the game's Spec.MaxEpisodeSteps, a negative value means no
	// limit.
	MaxEpisodeSteps int

	// EnvOffset (≥ 0) numbers the envs from EnvOffset instead of 0 in the
	// seed streams: env i gets the key EnvKey(seed, EnvOffset+i) on Reset
	// (and EnvKey(0, EnvOffset+i) before any), so that Vectors of NumEnvs
	// n₁, n₂, … with offsets 0, n₁, n₁+n₂, … together draw exactly the
	// streams of one Vector of n₁+n₂+… envs: a batch split across servers
	// plays the same games. It changes nothing else.
	EnvOffset int

	// Workers is the number of goroutines stepping the games, the caller's
	// included; 0 means runtime.GOMAXPROCS(0) at creation. It is capped at
	// NumEnvs. It changes speed only, never results.
	Workers int
}

// Autoreset is the autoreset mode of a Vector.
type Autoreset uint8

const (
	// NextStep (the default, as Gymnasium ≥ 1.0 and EnvPool): the step
	// that ends an episode returns the final observation with Terminated
	// or Truncated set; the next Step resets that env instead of stepping
	// it, ignores its action, and returns the first observation of the new
	// episode with zero reward and both flags false.
	NextStep Autoreset = iota
	// SameStep (as Gymnasium's SAME_STEP, Brax): the step that ends an
	// episode also resets the env: Obs, Mask, CurrentPlayer and StateHash
	// already describe the new episode, while Reward, Terminated,
	// Truncated and the episode statistics describe the one that ended,
	// whose final observation and hash are in FinalObs and FinalStateHash.
	SameStep
	// Disabled means an ended env stays ended; stepping it is an error
	// ([ErrEpisodeOver]) until [Vector.ResetMask] resets it.
	Disabled
)

// String returns "next-step", "same-step" or "disabled".
func (m Autoreset) String() string {
	return enum.Name(m, "Autoreset", "next-step", "same-step", "disabled")
}

// View says which seats the caller of a Vector controls.
type View uint8

const (
	// SelfPlay (the default): the caller acts for every seat; each Step
	// applies one action per env, for that env's CurrentPlayer.
	SelfPlay View = iota
	// SingleAgent means the caller is the agent, seat 0 (or the seat of
	// Config.Seat, per episode: Batch.AgentSeat); the Vector plays the
	// other seats with Config.Opponent (or Config.OpponentMix) inside Step
	// and Reset, so that every running env returned to the caller waits
	// for the agent's seat, and observations are always the agent's.
	SingleAgent
)

// String returns "self-play" or "single-agent".
func (v View) String() string {
	return enum.Name(v, "View", "self-play", "single-agent")
}

// IllegalMode says what Step does with an illegal action.
type IllegalMode uint8

const (
	// RejectIllegal (the default, for APIs and the arena): Step checks every
	// action first and, if any is illegal, returns an *[ActionError] naming
	// the first bad env and action part, and changes nothing.
	RejectIllegal IllegalMode = iota
	// ReplaceIllegal (for training): Step replaces an illegal action by the
	// game's DefaultAction (a no-op such as "end turn" where the game has
	// one), sets Batch.Illegal for that env and subtracts
	// Config.IllegalPenalty from the acting seat's reward.
	ReplaceIllegal
)

// String returns "reject" or "replace".
func (m IllegalMode) String() string {
	return enum.Name(m, "IllegalMode", "reject", "replace")
}
