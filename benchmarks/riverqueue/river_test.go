package riverqueue

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/flickarena/flickarena/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// setArgs is a job: one rotation set of a tournament.
type setArgs struct {
	Tournament string `json:"tournament"`
	Pair       string `json:"pair"`
}

// Kind names the job kind.
func (setArgs) Kind() string { return "arena_set" }

// emptySet plays nothing: the measurement is the queue's own ceiling.
type emptySet struct {
	river.WorkerDefaults[setArgs]
	done *atomic.Int64
}

// Work counts the job.
func (w *emptySet) Work(context.Context, *river.Job[setArgs]) error {
	w.done.Add(1)
	return nil
}

// BenchmarkRiver_Claim is BenchmarkLeases_Claim on River: clients (each
// with a pool of its own, as a worker process has) with one job slot each
// work b.N empty set jobs; claims/s is the rate at which River hands out
// and completes them. cooldown is River's FetchCooldown: its default,
// 100 ms, caps a client at MaxWorkers jobs per fetch and one fetch per
// cooldown; 1 ms is its minimum.
func BenchmarkRiver_Claim(b *testing.B) {
	for _, cooldown := range []time.Duration{100 * time.Millisecond, time.Millisecond} {
		for _, clients := range []int{1, 4, 16, 64} {
			b.Run(fmt.Sprintf("cooldown=%v/claimers=%d", cooldown, clients), func(b *testing.B) {
				benchRiver(b, clients, cooldown)
			})
		}
	}
}

func benchRiver(b *testing.B, clients int, cooldown time.Duration) {
	ctx := context.Background()
	u := pgtest.DB(b)
	pools := make([]*pgxpool.Pool, clients)
	for i := range pools {
		p, err := pgxpool.New(ctx, u)
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		pools[i] = p
	}
	m, err := rivermigrate.New(riverpgxv5.New(pools[0]), nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		b.Fatal(err)
	}
	inserter, err := river.NewClient(riverpgxv5.New(pools[0]), &river.Config{})
	if err != nil {
		b.Fatal(err)
	}
	params := make([]river.InsertManyParams, b.N)
	for i := range params {
		params[i] = river.InsertManyParams{Args: setArgs{Tournament: "bench", Pair: "set" + strconv.Itoa(i)}}
	}
	if _, err := inserter.InsertManyFast(ctx, params); err != nil {
		b.Fatal(err)
	}
	var done atomic.Int64
	cs := make([]*river.Client[pgx.Tx], clients)
	for i := range cs {
		workers := river.NewWorkers()
		river.AddWorker(workers, &emptySet{done: &done})
		c, err := river.NewClient(riverpgxv5.New(pools[i]), &river.Config{
			Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 1}},
			Workers:           workers,
			FetchCooldown:     cooldown,
			FetchPollInterval: max(cooldown, 50*time.Millisecond),
		})
		if err != nil {
			b.Fatal(err)
		}
		cs[i] = c
	}
	b.ResetTimer()
	start := time.Now()
	for _, c := range cs {
		if err := c.Start(ctx); err != nil {
			b.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Minute)
	for done.Load() < int64(b.N) {
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d jobs done after 5 minutes", done.Load(), b.N)
		}
		time.Sleep(time.Millisecond)
	}
	elapsed := time.Since(start)
	b.StopTimer()
	for _, c := range cs {
		if err := c.Stop(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "claims/s")
}
