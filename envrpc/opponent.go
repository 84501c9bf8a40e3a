package envrpc

import (
	"context"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// remoteWorkers is the number of goroutines of a pool whose opponent is a
// ContextPolicy (a remote bot): its envs wait for the bot concurrently,
// up to this many at once, so that a slow or silent bot holds a call for
// one timeout, not one per env. Each env draws from its own generators,
// so the results do not depend on it.
const remoteWorkers = 64

// ContextPolicy is an env.Policy whose moves can be bounded by a context:
// a remote bot such as [AgentPolicy]. An opponent that implements it plays
// under the context of the client's call (its deadline and cancellation),
// and the envs of its pool call it concurrently.
type ContextPolicy interface {
	env.Policy
	// ActContext is Act under ctx: it returns (with ctx's error, wrapped)
	// once ctx is done.
	ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error
}

// callOpponent plays a ContextPolicy under the context of the pool call in
// flight.
type callOpponent struct {
	policy ContextPolicy
	// ctx is the context of the call in flight, set by the pool under its
	// lock before each Vector call and read by the Vector's workers during
	// it (the Vector's hand-off to its workers orders the two).
	ctx context.Context
}

// Act implements env.Policy.
func (c *callOpponent) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return c.policy.ActContext(c.ctx, dst, t, rng)
}

// opponentError is a fault of a pool's opponent: an error, an illegal
// action or silence of the bot playing the other seats. It is never the
// client's fault, whatever the cause says (an illegal action of the bot
// is an *env.ActionError with env -1).
type opponentError struct {
	name string        // the opponent's name, as in PoolConfig.opponent
	ee   *env.EnvError // Op "opponent"
}

// Error implements error.
func (e *opponentError) Error() string { return "opponent " + e.name + ": " + e.ee.Error() }

// Unwrap returns the env error.
func (e *opponentError) Unwrap() error { return e.ee }
