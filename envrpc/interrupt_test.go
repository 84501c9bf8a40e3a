package envrpc_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// slowBot is an in-process opponent that takes a while over each decision while slow is set
// (it sleeps, burning no CPU on a shared machine), and counts its decisions.
type slowBot struct {
	slow  atomic.Bool
	calls atomic.Int64
}

// slowMove is how long a slow decision takes.
const slowMove = 25 * time.Millisecond

func (b *slowBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	if b.slow.Load() {
		time.Sleep(slowMove)
	}
	b.calls.Add(1)
	return env.RandomPolicy{}.Act(dst, t, rng)
}

// settled waits until the bot's count stops moving (unchanged for half a second: a wait,
// not a timing assertion) and returns it; it gives up after 60 s.
func (b *slowBot) settled(t *testing.T) int64 {
	t.Helper()
	last, quiet := b.calls.Load(), time.Now()
	for end := time.Now().Add(60 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if c := b.calls.Load(); c != last {
			last, quiet = c, time.Now()
		} else if time.Since(quiet) > 500*time.Millisecond {
			return c
		}
	}
	t.Fatal("the opponent is still being called a minute after the call ended")
	return 0
}

// interruptPool creates a single-agent pool of Race games against the slow bot, large
// enough that stepping every env takes about a second whatever the number of CPUs, and
// resets it with the bot fast.
func interruptPool(t *testing.T, opts ...envrpc.Option) (*slowBot, *envrpctest.Env, string, int) {
	t.Helper()
	bot := &slowBot{}
	n := 40 * runtime.GOMAXPROCS(0) // 40 slow moves a worker: a second of sleeping each
	e := envrpctest.NewServer(t, raceRegistry(t), append(opts, envrpc.WithOpponent("bot", bot))...)
	resp, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: singleAgent(int32(n))})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	seed := uint64(3)
	if _, err := e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	return bot, e, pid, n
}

// stepAll steps every env of pool pid (Race games) with the zero action under ctx.
func stepAll(ctx context.Context, e *envrpctest.Env, pid string, n int) error {
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		return err
	}
	spec := g.Spec()
	h, d := len(spec.Heads), len(spec.Dims)
	_, err = e.Client.Step(ctx, &flickv1.StepRequest{PoolId: pid,
		Discrete:   envrpctest.Tensor(make([]int32, n*h), int64(n), int64(h)),
		Continuous: envrpctest.Tensor(make([]float32, n*d), int64(n), int64(d))})
	return err
}

// checkStopped checks that the bot stopped being called soon after the call ended (far
// fewer decisions than the step's), that the pool then
// refuses Step until a Reset of every env, and that it plays again after one.
func checkStopped(t *testing.T, bot *slowBot, e *envrpctest.Env, pid string, n int, atEnd int64) {
	t.Helper()
	final := bot.settled(t)
	t.Logf("opponent decisions: %d when the call ended, %d once settled, of about %d for the whole step", atEnd, final, n)
	// A worker finishes the decision in flight; the bounds leave room for a loaded machine
	// (the server's deadline can start a little after the client's).
	if final > int64(n)/2 || final-atEnd > int64(n)/4 {
		t.Errorf("the opponent went on after the call ended: %d decisions then, %d once settled (the step needs about %d)", atEnd, final, n)
	}
	bot.slow.Store(false)
	err := stepAll(testCtx(t), e, pid, n)
	wantCode(t, "Step after the interrupted call", err, codes.FailedPrecondition, "interrupted", "Reset every env")
	mask := make([]bool, n)
	mask[0] = true
	_, err = e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Mask: envrpctest.Tensor(mask, int64(n))})
	wantCode(t, "a partial Reset after the interrupted call", err, codes.FailedPrecondition, "interrupted")
	seed := uint64(4)
	if _, err := e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Seed: &seed}); err != nil {
		t.Fatalf("Reset after the interrupted call: %v", err)
	}
	if err := stepAll(testCtx(t), e, pid, n); err != nil {
		t.Fatalf("Step after the Reset: %v", err)
	}
}

// TestInterrupt_ClientDeadlineStopsTheOpponent is a regression test of issue 35 item 7:
// after a Step's deadline the server's opponents played on, env after env, for work no
// client would ever receive. The Step ends with DeadlineExceeded, the opponent stops being
// called within a decision or two a worker, and the pool says it needs a Reset.
func TestInterrupt_ClientDeadlineStopsTheOpponent(t *testing.T) {
	bot, e, pid, n := interruptPool(t)
	bot.calls.Store(0)
	bot.slow.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err := stepAll(ctx, e, pid, n)
	atEnd := bot.calls.Load()
	wantCode(t, "Step past its deadline", err, codes.DeadlineExceeded)
	checkStopped(t, bot, e, pid, n, atEnd)
}

// TestInterrupt_CPUBudget: a Step over the server's CPU budget of one call ends with
// ResourceExhausted naming the limit, stops its opponent and leaves the pool interrupted.
func TestInterrupt_CPUBudget(t *testing.T) {
	workers := runtime.GOMAXPROCS(0)
	// A wall-clock bound of 100 ms at the pool's parallelism.
	bot, e, pid, n := interruptPool(t, envrpc.WithLimits(envrpc.Limits{MaxCallCPU: time.Duration(workers) * 100 * time.Millisecond}))
	bot.calls.Store(0)
	bot.slow.Store(true)
	err := stepAll(testCtx(t), e, pid, n)
	atEnd := bot.calls.Load()
	wantCode(t, "Step over the CPU budget", err, codes.ResourceExhausted, "CPU budget", "--max-call-cpu", "Reset")
	checkStopped(t, bot, e, pid, n, atEnd)
}
