package main

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/flickarena/flickarena/internal/pgtest"
)

// BenchmarkWorkers measures the cost of coordinating worker processes: one
// tournament on PostgreSQL played by 4 worker processes of concurrency 1,
// against 1 worker process of concurrency 4 (4 games in flight either way),
// alternated in one run. It reports the games/s of each and their ratio
// (4 workers over 1; the goal is at least 0.9: coordination costing under a
// tenth). The bots sleep delay at each decision (time spent thinking, as a
// remote or searching bot does, that the 2-core machine can overlap);
// delay=0 makes games of a few milliseconds, where the queue costs most.
// One op is one tournament played both ways.
func BenchmarkWorkers(b *testing.B) {
	for _, c := range []struct {
		delay time.Duration
		games int
	}{{4 * time.Millisecond, 200}, {0, 400}} {
		b.Run("delay="+c.delay.String(), func(b *testing.B) {
			args := []string{"run", "--bots", "steady,sharp,passer", "--scenarios", "race", "--games", strconv.Itoa(c.games),
				"--seed", "5", "--prior", "400"}
			planned := 3 * c.games
			env := envDecisionDelay + "=" + c.delay.String()
			var many, one time.Duration
			for range b.N {
				many += playWith(b, args, env, 4, 1)
				one += playWith(b, args, env, 1, 4)
			}
			gpsMany := float64(b.N*planned) / many.Seconds()
			gpsOne := float64(b.N*planned) / one.Seconds()
			b.ReportMetric(gpsMany, "games/s-4workers")
			b.ReportMetric(gpsOne, "games/s-1worker")
			b.ReportMetric(gpsMany/gpsOne, "ratio")
		})
	}
}

// playWith plays the tournament of args on a new PostgreSQL database with
// workers processes of the given concurrency and returns the wall time from
// the first start to the last exit.
func playWith(b *testing.B, args []string, env string, workers, concurrency int) time.Duration {
	b.Helper()
	u := pgtest.DB(b)
	wargs := append(append([]string{}, args...), "--db", u, "--concurrency", strconv.Itoa(concurrency))
	start := time.Now()
	ws := make([]*worker, workers)
	for i := range ws {
		ws[i] = startWorker(b, fmt.Sprintf("w%d", i), wargs, env)
	}
	for _, w := range ws {
		<-w.done
		if w.err != nil {
			b.Fatalf("%s: %v\n%s", w.name, w.err, w.stderr.String())
		}
	}
	return time.Since(start)
}
