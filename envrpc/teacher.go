package envrpc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/flickarena/flickarena/env"
)

// A pool with a teacher (PoolConfig.teacher) asks a named bot, after every Reset and Step
// that returns a batch, what it would play in each env where the agent is to act, and sends
// that action with the batch (Batch.teacher_discrete, teacher_continuous), in the native
// encoding whatever the pool's action format. The teacher only reads the games (env.Turn's
// contract): it never steps them and draws nothing from their random streams or the
// opponents', so a trajectory is the same with and without it. Its own randomness comes from
// a generator seeded by the position's state hash, so that the same position always gets the
// same advice and the advice does not depend on which worker computes it.

// teacherDomain separates a teacher's random stream from the others derived from a state.
const teacherDomain = 0x74656163682d7267 // "teach-rg"

// teacher is a pool's teacher and its per-env buffers. Its methods are called under the
// pool's lock.
type teacher struct {
	name   string
	policy env.Policy    // plays in process
	remote ContextPolicy // non-nil for a remote bot: plays under the call's context
	spec   *env.Spec
	n      int

	acts env.Actions // [N] the advice of the last batch, zero where the agent is not to act
	pcgs []rand.PCG  // [N] per-env generators, re-seeded per position
	rngs []*rand.Rand
	errs []error // [N] per-env error of the last pass
	par  int     // goroutines of a pass
}

// newTeacher returns the teacher of a pool of n envs of spec, played by o (named name) on
// up to par goroutines at once.
func newTeacher(name string, o Opponent, spec *env.Spec, n, par int) *teacher {
	t := &teacher{
		name: name, policy: o.Policy, spec: spec, n: n, par: max(par, 1),
		acts: spec.NewActions(n), pcgs: make([]rand.PCG, n), rngs: make([]*rand.Rand, n), errs: make([]error, n),
	}
	if cp, ok := o.Policy.(ContextPolicy); ok {
		t.remote, t.par = cp, min(n, remoteWorkers)
	}
	for i := range t.rngs {
		t.rngs[i] = rand.New(&t.pcgs[i])
	}
	return t
}

// acting reports whether the agent is to act on row i of b: the env is running (its state
// hash is not 0, the hash of a faulted or never reset env) and its next action will be
// applied (the row's episode did not end in this call, unless SAME_STEP autoreset already
// started the next one).
func acting(b *env.Batch, i int, autoreset env.Autoreset) bool {
	if b.StateHash[i] == 0 {
		return false
	}
	return autoreset == env.SameStep || (!b.Terminated[i] && !b.Truncated[i])
}

// advise fills t.acts with the teacher's action on every row of b (the batch of vec) where
// the agent is to act, under ctx (the call's context). It returns the fault of the lowest
// env whose teacher failed (an error or an illegal action), as a *teacherError; a teacher
// cut short by ctx's end fails too, and the caller reports the interruption instead.
func (t *teacher) advise(ctx context.Context, vec *env.Vector, b *env.Batch) error {
	clear(t.acts.Discrete)
	clear(t.acts.Continuous)
	autoreset := vec.Config().Autoreset
	one := func(i int) {
		t.errs[i] = nil
		if !acting(b, i, autoreset) {
			return
		}
		if err := callEnded(ctx); err != nil {
			t.errs[i] = err // cut short between envs, as the Vector's passes are
			return
		}
		if err := t.act(ctx, vec.Game(i), b, i); err != nil {
			clear(t.acts.At(t.spec, i).Discrete)
			clear(t.acts.At(t.spec, i).Continuous)
			t.errs[i] = err
		}
	}
	workers := min(t.par, t.n)
	if workers <= 1 {
		for i := range t.n {
			one(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < t.n; i = int(next.Add(1) - 1) {
					one(i)
				}
			})
		}
		wg.Wait()
	}
	for i, err := range t.errs {
		if err != nil {
			return &teacherError{name: t.name, ee: &env.EnvError{Env: i, Op: "teacher", Err: err}}
		}
	}
	return nil
}

// act asks the teacher for env i's action (row i of b describes game g) and checks it.
func (t *teacher) act(ctx context.Context, g env.Game, b *env.Batch, i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	o, m := b.ObsSize, b.MaskSize
	turn := env.Turn{
		Spec: t.spec, Player: int(b.CurrentPlayer[i]), Game: g, Context: ctx,
		Obs: b.Obs[i*o : (i+1)*o : (i+1)*o], Mask: b.Mask[i*m : (i+1)*m : (i+1)*m],
	}
	h := b.StateHash[i]
	t.pcgs[i].Seed(h^teacherDomain, h)
	dst := t.acts.At(t.spec, i)
	if t.remote != nil {
		err = t.remote.ActContext(ctx, dst, turn, t.rngs[i])
	} else {
		err = t.policy.Act(dst, turn, t.rngs[i])
	}
	if err != nil {
		return err
	}
	if err := t.spec.Check(dst, turn.Mask); err != nil {
		return fmt.Errorf("illegal advice: %w", err)
	}
	if err := g.Validate(dst); err != nil {
		return fmt.Errorf("illegal advice: %w", err)
	}
	return nil
}

// teacherError is a fault of a pool's teacher: an error, a panic or an illegal action of the
// bot asked for advice. It is never the client's fault.
type teacherError struct {
	name string        // the teacher's name, as in PoolConfig.teacher
	ee   *env.EnvError // Op "teacher"
}

// Error implements error.
func (e *teacherError) Error() string { return "teacher " + e.name + ": " + e.ee.Error() }

// Unwrap returns the env error.
func (e *teacherError) Unwrap() error { return e.ee }
