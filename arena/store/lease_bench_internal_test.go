package store

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/flickarena/flickarena/internal/pgtest"

	"github.com/flickarena/flickarena/arena"
)

// BenchmarkLeases_Claim measures the work queue under a simulated fleet:
// claimers (each with a connection pool of its own, as a worker process
// has) claim sets of empty fixtures and mark them done at once, so the
// figure is the queue's own ceiling: claims/s is the rate at which the
// queue hands out and closes rotation sets. One op is one set claimed and
// finished.
func BenchmarkLeases_Claim(b *testing.B) {
	for _, claimers := range []int{1, 4, 16, 64} {
		b.Run("claimers="+strconv.Itoa(claimers), func(b *testing.B) {
			ctx := context.Background()
			u := pgtest.DB(b)
			stores := make([]*Store, claimers)
			for i := range stores {
				s, err := Open(ctx, u)
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				stores[i] = s
			}
			info := arena.TournamentInfo{ID: "bench", Kind: arena.RoundRobin}
			if err := stores[0].RecordTournament(ctx, info); err != nil {
				b.Fatal(err)
			}
			sched := arena.Schedule{Info: info}
			for i := range b.N {
				pair := fmt.Sprintf("set%08d", i)
				sched.Fixtures = append(sched.Fixtures, arena.Fixture{Seq: i, PairID: pair, Key: pair + "|0"})
			}
			if err := stores[0].PlanLeases(ctx, sched); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := time.Now()
			var (
				wg     sync.WaitGroup
				mu     sync.Mutex
				claims int
			)
			for c, s := range stores {
				worker := "w" + strconv.Itoa(c)
				wg.Go(func() {
					n := 0
					defer func() { mu.Lock(); claims += n; mu.Unlock() }()
					for {
						pair, ok, err := s.ClaimSet(ctx, "bench", worker, nil, time.Minute, nil)
						if err != nil {
							b.Error(err)
							return
						}
						if !ok {
							return
						}
						if err := s.FinishSet(ctx, "bench", pair, worker); err != nil {
							b.Error(err)
							return
						}
						n++
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			if claims != b.N {
				b.Fatalf("%d sets claimed, want %d", claims, b.N)
			}
			b.ReportMetric(float64(claims)/time.Since(start).Seconds(), "claims/s")
		})
	}
}
