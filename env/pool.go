package env

import (
	"sync"
	"sync/atomic"
)

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
	for range p.wake {
		p.drain()
		p.wg.Done()
	}
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
	p.wg.Add(h)
	for range h {
		p.wake <- struct{}{}
	}
	p.drain()
	p.wg.Wait()
	p.fn = nil
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
