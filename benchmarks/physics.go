package main

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/flickarena/flickarena/benchmarks/flickbench"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// physicsResult is the result of physicsRun: flicks per second of each round, by process
// CPU time and by the wall clock, and the mean steps per flick.
type physicsResult struct {
	cpu, wall []float64
	steps     float64
}

// physicsRun runs the flicks of package flickbench (BenchmarkFlick's workload: the reference
// town, a bullet or a movement disc from a lawman's position at up to 300 cm/s) on a
// Simulator of Flick 'em Up!'s default configuration, on one core (GOMAXPROCS=1): a warm-up,
// then rounds rounds of the same flicks flicks each.
func physicsRun(flicks, rounds int) (physicsResult, error) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return physicsResult{}, err
	}
	run := func(n int) (steps int, err error) {
		st := flickbench.Scene()
		stream := flickbench.NewStream()
		for range n {
			out, err := sim.Flick(st, stream.Next(st), nil)
			if err != nil {
				return 0, fmt.Errorf("flick: %w", err)
			}
			steps += out.Steps
			out.Restore(st)
		}
		return steps, nil
	}
	if _, err := run(min(flicks, 200)); err != nil {
		return physicsResult{}, err
	}
	var r physicsResult
	for range rounds {
		c0, w0 := cpuNow(), time.Now()
		steps, err := run(flicks)
		if err != nil {
			return physicsResult{}, err
		}
		c, w := cpuNow()-c0, time.Since(w0)
		r.cpu = append(r.cpu, float64(flicks)/c.Seconds())
		r.wall = append(r.wall, float64(flicks)/w.Seconds())
		r.steps = float64(steps) / float64(flicks)
	}
	return r, nil
}

// spread formats the median and the range of xs: "7,300 (6,900-7,600)".
func spread(xs []float64) string {
	s := slices.Sorted(slices.Values(xs))
	return fmt.Sprintf("%s (%s-%s)", count(median(s)), count(s[0]), count(s[len(s)-1]))
}
