package arena

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"
)

// DefaultLeaseTTL is the default [RunnerConfig.LeaseTTL].
const DefaultLeaseTTL = 30 * time.Second

// defaultWorker names this process for the leases: host, pid and a random
// suffix (a restarted process on the same host may reuse a pid).
func defaultWorker() string {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown-host"
	}
	var b [4]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand panics instead)
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

// playLeased plays the tournament as one worker of a leased store: its
// Concurrency goroutines each claim a rotation set at a time under a lease
// (in a name of its own: the worker's name, '#' and its number), play the
// set's games not yet recorded, and mark the set done; a heartbeat renews
// the worker's leases. Every operation on the store is retried through a
// database outage (RunnerConfig.DBRetry). A goroutine that finds no set to claim waits
// while other workers hold sets (one of them may die, and its sets must be
// rescued) and ends when every set is done or given up. pending is only
// used to know whether anything is left to do.
func (st *runState) playLeased(ctx context.Context, pending []Fixture) {
	r, id := st.r, st.sched.Info.ID
	worker := r.cfg.Worker
	if worker == "" {
		worker = defaultWorker()
	}
	ttl := r.cfg.LeaseTTL
	if err := r.retry.do(ctx, func() error { return r.store.PlanLeases(ctx, st.sched) }); err != nil {
		st.fail(err)
		return
	}
	repaired, err := r.store.ReopenMissing(ctx, st.sched)
	if err != nil {
		st.fail(err)
		return
	}
	st.mu.Lock()
	st.sum.Repaired = repaired
	st.mu.Unlock()
	if len(pending) == 0 && len(repaired) == 0 {
		return // everything recorded: no set to wait for
	}
	sets := map[string][]Fixture{}
	for _, f := range st.sched.Fixtures {
		sets[f.PairID] = append(sets[f.PairID], f)
	}

	holders := make([]string, r.cfg.Concurrency)
	for i := range holders {
		holders[i] = fmt.Sprintf("%s#%d", worker, i)
	}
	hbCtx, stopHeartbeat := context.WithCancel(ctx)
	var hb sync.WaitGroup
	hb.Go(func() {
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-hbCtx.Done():
				return
			case <-t.C:
			}
			if err := r.retry.do(hbCtx, func() error { return r.store.RenewLeases(hbCtx, id, holders, ttl) }); err != nil {
				if hbCtx.Err() == nil {
					st.fail(err)
				}
				return
			}
			st.countRecorded(hbCtx)
		}
	})
	var wg sync.WaitGroup
	for _, h := range holders {
		wg.Go(func() { st.leaseLoop(ctx, h, holders, ttl, sets) })
	}
	wg.Wait()
	stopHeartbeat()
	hb.Wait()
	st.countRecorded(context.WithoutCancel(ctx))
}

// countRecorded counts the tournament's recorded games, for the progress
// and Summary.Others. A failed count is only a stale figure.
func (st *runState) countRecorded(ctx context.Context) {
	n, err := st.r.store.CountGames(ctx, st.sched.Info.ID)
	if err != nil {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	done, others := st.doneLocked(), st.sum.Others
	st.recorded = n
	st.sum.Others = max(0, n-st.sum.Skipped-st.sum.Played)
	if st.doneLocked() != done || st.sum.Others != others {
		st.reportLocked() // news: the games of other workers
	}
}

// leaseLoop claims and plays sets, in the name worker, until none is left or
// ctx is done; siblings are the names of the run's goroutines.
func (st *runState) leaseLoop(ctx context.Context, worker string, siblings []string, ttl time.Duration, sets map[string][]Fixture) {
	store, id, retry := st.r.store, st.sched.Info.ID, st.r.retry
	poll := min(ttl/4, time.Second)
	bg := context.WithoutCancel(ctx)
	for ctx.Err() == nil {
		skip := st.skipped()
		var (
			pair string
			ok   bool
		)
		err := retry.do(ctx, func() (err error) {
			pair, ok, err = store.ClaimSet(ctx, id, worker, siblings, ttl, skip)
			return err
		})
		if err != nil {
			if ctx.Err() == nil {
				st.fail(err)
			}
			return
		}
		if !ok {
			var n int
			err := retry.do(ctx, func() (err error) {
				n, err = store.UnfinishedSets(ctx, id, skip)
				return err
			})
			if err != nil {
				if ctx.Err() == nil {
					st.fail(err)
				}
				return
			}
			if n == 0 || n <= st.held() || !sleep(ctx, poll) {
				return
			}
			continue
		}
		st.hold(1)
		if slices.Contains(st.skipped(), pair) {
			// Given up by another goroutine of this run after this one read
			// the skip list: leave it, as that one did.
			if err := retry.do(ctx, func() error { return store.ReleaseSet(bg, id, pair, worker) }); err != nil {
				st.fail(err)
				return
			}
			st.hold(-1)
			continue
		}
		fixtures, known := sets[pair]
		if !known {
			st.fail(fmt.Errorf("arena: tournament %s: the queue holds set %q, which the schedule does not plan", id, pair))
			return
		}
		keys := make([]string, len(fixtures))
		for i, f := range fixtures {
			keys[i] = f.Key
		}
		var done map[string]bool
		err = retry.do(ctx, func() (err error) {
			done, err = store.RecordedKeys(ctx, id, keys)
			return err
		})
		if err != nil {
			if ctx.Err() == nil {
				st.fail(err)
			}
			return
		}
		complete := true
		for _, f := range fixtures {
			if done[f.Key] || st.play(ctx, f) {
				continue
			}
			complete = false
			if ctx.Err() != nil {
				break
			}
			// A game failed every attempt: play the set's others all the
			// same, as a store without leases would.
		}
		switch {
		case ctx.Err() != nil:
			_ = store.ReleaseSet(bg, id, pair, worker) // best effort: else the lease runs out
			return
		case !complete: // a game failed every attempt: leave the set to another worker or run
			st.mu.Lock()
			st.skip = append(st.skip, pair)
			st.mu.Unlock()
			if err := retry.do(ctx, func() error { return store.ReleaseSet(bg, id, pair, worker) }); err != nil {
				st.fail(err)
				return
			}
		default:
			if err := retry.do(ctx, func() error { return store.FinishSet(bg, id, pair, worker) }); err != nil {
				st.fail(err)
				return
			}
		}
		st.hold(-1)
	}
}

// hold counts d more sets held by this run's goroutines (d is +1 at a claim, -1 once the set
// is finished or released).
func (st *runState) hold(d int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.holding += d
}

// held returns how many sets this run's goroutines hold.
func (st *runState) held() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.holding
}

// skipped returns the sets this run gave up.
func (st *runState) skipped() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	return slices.Clone(st.skip)
}
