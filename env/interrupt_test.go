package env_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// cancelling is an opponent that cancels its call's context at its k-th decision and counts
// the decisions it is asked for.
type cancelling struct {
	k      int64
	calls  atomic.Int64
	cancel context.CancelFunc
	ctxs   atomic.Int64 // decisions whose turn carried a context
}

func (c *cancelling) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	if t.Context != nil {
		c.ctxs.Add(1)
	}
	if c.calls.Add(1) == c.k && c.cancel != nil {
		c.cancel()
	}
	return env.RandomPolicy{}.Act(dst, t, rng)
}

// TestVector_StepContext: a call whose context ends during it stops between opponent
// decisions (a worker's current decision at most finishes), returns ErrInterrupted with the
// context's error, and leaves the Vector refusing Step and partial resets until a reset of
// every env; a context done before the call changes nothing; an uncancelled context changes
// no trajectory.
func TestVector_StepContext(t *testing.T) {
	const n, seed, workers = 64, 5, 2
	bot := &cancelling{k: 1 << 62}
	newVec := func(p env.Policy) *env.Vector {
		v, err := env.NewVector(race.Factory, env.Config{NumEnvs: n, View: env.SingleAgent, Opponent: p, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { v.Close() })
		return v
	}
	v, plain := newVec(bot), newVec(env.RandomPolicy{})
	acts := v.Spec().NewActions(n)
	got, err := v.ResetContext(context.Background(), seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := plain.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	for step := range 5 {
		for i, h := range got.StateHash {
			if h != want.StateHash[i] {
				t.Fatalf("step %d env %d: StepContext's state differs from Step's", step, i)
			}
		}
		if got, err = v.StepContext(context.Background(), acts); err != nil {
			t.Fatal(err)
		}
		if want, err = plain.Step(acts); err != nil {
			t.Fatal(err)
		}
	}
	if bot.ctxs.Load() != bot.calls.Load() {
		t.Errorf("%d of %d turns carried the call's context", bot.ctxs.Load(), bot.calls.Load())
	}

	done, cancel := context.WithCancel(context.Background())
	cancel()
	before := v.Batch().StateHash[0]
	if _, err := v.StepContext(done, acts); !errors.Is(err, context.Canceled) || errors.Is(err, env.ErrInterrupted) {
		t.Fatalf("StepContext with a done context: %v, want context.Canceled and no interruption", err)
	}
	if v.Batch().StateHash[0] != before {
		t.Error("a call with a done context changed an env")
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	bot.calls.Store(0)
	bot.k, bot.cancel = 3, cancel
	b, err := v.StepContext(ctx, acts)
	if b != nil || !errors.Is(err, env.ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("StepContext cancelled at the 3rd decision: %v, %v; want no batch, ErrInterrupted and Canceled", b, err)
	}
	if c := bot.calls.Load(); c > 3+workers {
		t.Errorf("the opponent played %d decisions, want at most %d: the cancellation after the 3rd stops the others", c, 3+workers)
	}
	bot.cancel = nil
	if _, err := v.Step(acts); !errors.Is(err, env.ErrInterrupted) {
		t.Errorf("Step after an interrupted call: %v, want ErrInterrupted", err)
	}
	mask := make([]bool, n)
	mask[0] = true
	if _, err := v.ResetMask(mask, nil); !errors.Is(err, env.ErrInterrupted) {
		t.Errorf("partial ResetMask after an interrupted call: %v, want ErrInterrupted", err)
	}
	if _, err := v.ResetMask(nil, nil); err != nil {
		t.Fatalf("ResetMask of every env after an interrupted call: %v", err)
	}
	if _, err := v.Step(acts); err != nil {
		t.Errorf("Step after the reset: %v", err)
	}
}
