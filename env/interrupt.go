package env

import (
	"context"
	"errors"
	"fmt"
)

// StepContext is [Vector.Step] under ctx: it stops playing once ctx is done, between envs
// and between the opponents' decisions (a [Policy] may stop inside a decision too: see
// [Turn.Context]). A ctx done before the call changes nothing and returns its error. A ctx
// that ends during the call cuts it short: the call returns a nil batch and an error
// wrapping [ErrInterrupted] and the cause of ctx's end ([context.Cause]), and leaves its envs
// partly stepped (some stepped, some untouched, the rest cut during their opponents' turns
// and faulty); the Vector then refuses Step and a partial ResetMask (with that error) until a
// reset of every env. A call that finishes before ctx ends is exactly Step: the context
// changes no decision and no trajectory.
func (v *Vector) StepContext(ctx context.Context, actions Actions) (*Batch, error) {
	if err := v.enter(ctx, "step", true); err != nil {
		return nil, err
	}
	defer v.leave()
	return v.interruption(v.step(actions))
}

// ResetContext is [Vector.Reset] under ctx, cut short as [Vector.StepContext] is. It is
// allowed after an interrupted call, and a Reset that finishes makes the Vector usable again.
func (v *Vector) ResetContext(ctx context.Context, seed uint64) (*Batch, error) {
	if err := v.enter(ctx, "reset", false); err != nil {
		return nil, err
	}
	defer v.leave()
	b, err := v.reset(seed)
	v.interrupted = nil // every env was reset (or the call is interrupted again below)
	return v.interruption(b, err)
}

// ResetMaskContext is [Vector.ResetMask] under ctx, cut short as [Vector.StepContext] is.
// After an interrupted call only a mask selecting every env (or nil) is allowed; once such a
// reset finishes the Vector is usable again.
func (v *Vector) ResetMaskContext(ctx context.Context, mask []bool, seeds []uint64) (*Batch, error) {
	all := true
	for _, m := range mask {
		all = all && m
	}
	if err := v.enter(ctx, "reset", !all); err != nil {
		return nil, err
	}
	defer v.leave()
	b, err := v.resetMask(mask, seeds)
	if !errors.Is(err, ErrShape) {
		v.interrupted = nil
	}
	return v.interruption(b, err)
}

// enter starts a call under ctx: it refuses a closed Vector, one interrupted before when
// refuse is set, and a ctx already done.
func (v *Vector) enter(ctx context.Context, op string, refuse bool) error {
	switch {
	case v.closed:
		return ErrClosed
	case refuse && v.interrupted != nil:
		return v.interrupted
	}
	if ctx.Err() != nil {
		return fmt.Errorf("env: %s: %w", op, context.Cause(ctx))
	}
	v.ctx = ctx
	return nil
}

// leave ends a call.
func (v *Vector) leave() { v.ctx = nil }

// ended reports whether the context of the call in flight is done.
func (v *Vector) ended() bool { return v.ctx != nil && v.ctx.Err() != nil }

// cut reports whether the call's context is done before env i's turn in the pass of op; if
// so env i is left untouched and the pass records the interruption.
func (v *Vector) cut(i int, op string) bool {
	if !v.ended() {
		return false
	}
	v.errs[i] = &EnvError{Env: i, Op: op, Err: ErrInterrupted}
	return true
}

// opponentOp is the Op of the fault of an env whose opponents' moves failed with err:
// "interrupted" when the call's end cut them short, else "opponent".
func opponentOp(err error) string {
	if errors.Is(err, ErrInterrupted) {
		return "interrupted"
	}
	return "opponent"
}

// interruption returns the result of a pass, or, if the call's end cut an env short, a nil
// batch and the error that marks the Vector interrupted.
func (v *Vector) interruption(b *Batch, err error) (*Batch, error) {
	if !v.ended() {
		return b, err // no env was cut: a context that ends stays ended
	}
	for _, e := range v.errs {
		if errors.Is(e, ErrInterrupted) {
			v.interrupted = fmt.Errorf("%w (%w)", ErrInterrupted, context.Cause(v.ctx))
			return nil, v.interrupted
		}
	}
	return b, err
}
