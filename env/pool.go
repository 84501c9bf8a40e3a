package env

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// helperSpin is how long a helper of a spinning pool polls for the next run before it
// blocks, when the caller's last call came within that time of the run before. A blocked
// helper's thread sleeps, and the OS takes tens to hundreds of microseconds to wake it for
// the next run. Each poll yields the processor (runtime.Gosched), so the spin takes no time
// from other goroutines.
const helperSpin = time.Millisecond

// callerSpin is how long the caller of a spinning pool's run polls for its helpers' end
// before it blocks. The poll does not yield: a caller that entered Go from a C thread runs
// locked to that thread, and each time such a goroutine blocks or yields, the thread sleeps
// and must be woken by the OS, which usually costs more than the helpers' last chunk takes.
const callerSpin = 500 * time.Microsecond

// pool is a fixed set of helper goroutines that, together with the calling
// goroutine, apply a function to indices 0..n-1. Indices are handed out in
// chunks by an atomic counter (dynamic scheduling), so that one slow env
// (a long flick) does not hold up a whole static partition. Which goroutine
// runs which index is irrelevant to results: each index touches only its
// own env.
type pool struct {
	helpers int           // helper goroutines; the caller is one more worker
	wake    chan struct{} // one token per helper per run; closed by close
	wg      sync.WaitGroup
	next    atomic.Int64 // next index to hand out

	// Spinning (see [Vector.SetSpinWait]): whether the pool polls instead of blocking, the
	// helpers still running the current run's share, the time from the end of the run
	// before to the start of the current one (ns), and the end of the last run (the caller's).
	spin    atomic.Bool
	pending atomic.Int64
	gap     atomic.Int64
	lastEnd time.Time

	// Set by run before waking the helpers (the channel send orders the
	// writes before their reads) and cleared after: between runs the pool
	// holds no reference to the Vector, so a forgotten Vector can be
	// collected and its cleanup can stop the helpers.
	n, chunk int
	fn       func(i int)

	closeOnce sync.Once
}

// newPool starts workers-1 helper goroutines.
func newPool(workers int) *pool {
	p := &pool{helpers: max(workers-1, 0), wake: make(chan struct{}, max(workers-1, 0))}
	for range p.helpers {
		go p.helper()
	}
	return p
}

// helper runs one share of each run until the pool is closed.
func (p *pool) helper() {
	for p.await() {
		p.drain()
		p.pending.Add(-1)
		p.wg.Done()
	}
}

// await takes the next run's token and returns false once the pool is closed. A spinning
// pool's helper polls for the token for helperSpin first if the caller's last gap between
// runs was that short.
func (p *pool) await() bool {
	if p.spin.Load() && time.Duration(p.gap.Load()) <= helperSpin {
		deadline := time.Now().Add(helperSpin)
		for time.Now().Before(deadline) {
			select {
			case _, ok := <-p.wake:
				return ok
			default:
			}
			runtime.Gosched()
		}
	}
	_, ok := <-p.wake
	return ok
}

// run calls fn(i) for every i in [0, n), spread over the workers, and
// returns when all calls have returned. fn must not panic (callers recover
// inside fn).
func (p *pool) run(n int, fn func(i int)) {
	h := min(p.helpers, n-1)
	if h <= 0 {
		for i := range n {
			fn(i)
		}
		return
	}
	p.n, p.fn = n, fn
	// Chunks of about 1/16 of a worker's share: small enough to balance
	// uneven envs, large enough that the counter is not contended when
	// envs are cheap.
	p.chunk = max(1, n/((h+1)*16))
	p.next.Store(0)
	p.pending.Store(int64(h))
	spin := p.spin.Load()
	if spin {
		p.gap.Store(int64(time.Since(p.lastEnd)))
	}
	p.wg.Add(h)
	for range h {
		p.wake <- struct{}{}
	}
	p.drain()
	if spin {
		deadline := time.Now().Add(callerSpin)
		for i := 0; p.pending.Load() > 0; i++ {
			if i%64 == 63 && time.Now().After(deadline) {
				break
			}
		}
	}
	p.wg.Wait()
	p.fn = nil
	if spin {
		p.lastEnd = time.Now()
	}
}

// drain takes chunks of indices until none is left.
func (p *pool) drain() {
	n, chunk, fn := p.n, p.chunk, p.fn
	for {
		end := int(p.next.Add(int64(chunk)))
		start := end - chunk
		if start >= n {
			return
		}
		for i := start; i < min(end, n); i++ {
			fn(i)
		}
	}
}

// close stops the helpers. It is idempotent and must not be called during
// run.
func (p *pool) close() {
	p.closeOnce.Do(func() { close(p.wake) })
}
