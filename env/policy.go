package env

import (
	"context"
	"math/rand/v2"
)

// Policy chooses actions for a seat. In the [SingleAgent] view, a Vector
// plays every seat but 0 with the Policy given in [Config.Opponent]; bots in
// agents/ implement it so that they can be such opponents and enter the
// arena.
type Policy interface {
	// Act writes into dst (sized for t.Spec) the action of seat t.Player in
	// the state t describes, drawing any randomness from rng only. The
	// Vector calls it from one goroutine at a time per env but from many
	// goroutines at once across envs: a Policy shared by a Vector must be
	// safe for concurrent use (stateless, or guarded). Act must not keep
	// t's slices, dst or rng. A returned error, or an illegal action, is a
	// fault of that env (an *[EnvError] with Op "opponent").
	Act(dst Action, t Turn, rng *rand.Rand) error
}

// Turn is what a Policy sees when it must act.
type Turn struct {
	// Spec is the game's spec.
	Spec *Spec
	// Player is the seat to act, the game's current player.
	Player int
	// Obs is the observation from Player's seat (length Spec.ObsSize()).
	Obs []float32
	// Mask is the legal-action mask of Player (length Spec.MaskSize()).
	Mask []bool
	// Game is the game itself, read-only: a Policy may call Validate,
	// DefaultAction, Hash, MarshalJSON, or type-assert it to the concrete
	// game to read its state (after [Unwrap]: the game may be wrapped, by a
	// replay recorder say), and never calls Reset or Step.
	Game Game
	// Context is the context of the Vector call the turn is played in
	// ([Vector.StepContext]), or nil outside one. A Policy whose decisions
	// are long may stop early once it is done, returning an error (the
	// Vector then reports its call interrupted, not the policy faulty); it
	// must choose the same action whenever it is not done.
	Context context.Context
}

// RandomPolicy plays uniformly random legal actions: each head uniformly
// among the values the mask allows, each dim uniformly in [Low, High]; it
// retries a combination the game's Validate rejects up to Tries times and
// then plays the game's DefaultAction. It is the default opponent of the
// single-agent view, and it is safe for concurrent use.
type RandomPolicy struct {
	// Tries is the number of random draws before falling back on
	// DefaultAction; 0 means 16.
	Tries int
}

// Act implements [Policy]. It never returns an error.
func (p RandomPolicy) Act(dst Action, t Turn, rng *rand.Rand) error {
	tries := p.Tries
	if tries <= 0 {
		tries = 16
	}
	for range tries {
		off := 0
		for h, hd := range t.Spec.Heads {
			dst.Discrete[h] = int32(pickAllowed(t.Mask[off:off+hd.N], rng))
			off += hd.N
		}
		for d, dm := range t.Spec.Dims {
			x := dm.Low + float32(rng.Float64())*(dm.High-dm.Low)
			dst.Continuous[d] = min(max(x, dm.Low), dm.High)
		}
		if t.Game.Validate(dst) == nil {
			return nil
		}
	}
	t.Game.DefaultAction(dst)
	return nil
}

// pickAllowed returns a uniformly random index among the true entries of
// mask, or 0 if there is none.
func pickAllowed(mask []bool, rng *rand.Rand) int {
	n := 0
	for _, ok := range mask {
		if ok {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	k := rng.IntN(n)
	for v, ok := range mask {
		if ok {
			if k == 0 {
				return v
			}
			k--
		}
	}
	return 0
}
