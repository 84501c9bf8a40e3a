package envrpc

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"
)

// A call whose context ends while the server plays it (the client's deadline or
// cancellation, a disconnect, or the server's CPU budget of one call, Limits.MaxCallCPU) is
// cut short: the Vector stops between envs and between the opponents' decisions, and the
// built-in bots stop inside their searches. The client never receives that call's batch and
// the pool's envs may be partly stepped, so the pool is marked interrupted: every later Step
// and partial Reset fails with FailedPrecondition, saying so, until a Reset of every env (a
// Reset with a seed, or without a mask) succeeds. Nothing is rolled back.

// interruptedError is a pool call cut short by the end of its context, or a later call
// refused because of it.
type interruptedError struct {
	op       string // "step" or "reset": the call cut short
	cause    error  // context.Canceled, context.DeadlineExceeded or a *budgetError
	opponent string // the pool's opponent, "" for none
	// again marks a later call, refused because the pool is still interrupted.
	again bool
}

// Error implements error.
func (e *interruptedError) Error() string {
	by := ""
	if e.opponent != "" {
		by = fmt.Sprintf(" (opponent %q)", e.opponent)
	}
	if e.again {
		return fmt.Sprintf("the pool is interrupted: a %s call ended (%v) while the server was playing it%s, leaving its envs partly stepped; Reset every env (a Reset with a seed, or without a mask) first",
			e.op, e.cause, by)
	}
	return fmt.Sprintf("the call ended (%v) while the server was playing it%s: the envs may be partly stepped and the batch is lost; the pool refuses Step until a Reset of every env (a Reset with a seed, or without a mask)",
		e.cause, by)
}

// Unwrap returns the cause, so that the error is a context error.
func (e *interruptedError) Unwrap() error { return e.cause }

// refused returns the error of a call refused because of e.
func (e *interruptedError) refused() *interruptedError {
	c := *e
	c.again = true
	return &c
}

// budgetError is the cause of a call cut short by the server's CPU budget of one call.
type budgetError struct {
	cpu  time.Duration // Limits.MaxCallCPU
	wall time.Duration // the call's wall-clock bound: cpu / par
	par  int           // the pool's parallelism
}

// Error implements error.
func (e *budgetError) Error() string {
	return fmt.Sprintf("the server's CPU budget of one call, %v (envserver --max-call-cpu): %v of wall-clock time at %d CPUs, used up",
		e.cpu, e.wall, e.par)
}

// Unwrap returns context.DeadlineExceeded: the budget is a deadline.
func (e *budgetError) Unwrap() error { return context.DeadlineExceeded }

// parallelism returns the most CPUs a Vector of n envs with workers (0: GOMAXPROCS) can keep
// busy at once: its goroutines, at most GOMAXPROCS.
func parallelism(n, workers int) int {
	procs := runtime.GOMAXPROCS(0)
	if workers <= 0 {
		workers = procs
	}
	return max(1, min(n, workers, procs))
}

// callContext returns the context a call of the pool plays under: ctx, bounded by the CPU
// budget of one call when the server has one. A call's CPU time is at most its wall-clock
// time times the pool's parallelism, so the budget is a wall-clock deadline of
// MaxCallCPU / parallelism: a loaded server cuts calls short sooner than their CPU time says.
func (p *pool) callContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if p.cpuBudget <= 0 {
		return ctx, func() {}
	}
	wall := max(p.cpuBudget/time.Duration(p.par), time.Nanosecond)
	return context.WithTimeoutCause(ctx, wall, &budgetError{cpu: p.cpuBudget, wall: wall, par: p.par})
}

// interruption returns the error that marks the pool interrupted when the call's context
// (call, derived from the client's ctx by callContext) has ended, whatever the Vector did
// (err), or nil when it has not.
func (p *pool) interruption(ctx, call context.Context, op string) *interruptedError {
	cause := callEnded(ctx)
	if cause == nil {
		if callEnded(call) == nil {
			return nil
		}
		cause = context.Cause(call)
		var be *budgetError
		if !errors.As(cause, &be) {
			// The budget's deadline has passed but its timer has not fired yet.
			wall := max(p.cpuBudget/time.Duration(p.par), time.Nanosecond)
			cause = &budgetError{cpu: p.cpuBudget, wall: wall, par: p.par}
		}
	}
	return &interruptedError{op: op, cause: cause, opponent: p.opponentName()}
}

// lateStart returns the cause of call's end (a context error or a *budgetError) when it has
// ended before the call touches any game, or nil.
func lateStart(call context.Context) error {
	err := callEnded(call)
	if err == nil {
		return nil
	}
	if cause := context.Cause(call); cause != nil {
		return cause
	}
	return err
}

// allSelected reports whether a reset mask selects every env (nil does).
func allSelected(mask []bool) bool {
	for _, m := range mask {
		if !m {
			return false
		}
	}
	return true
}
