//go:build unix

package envrpc_test

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkInprocess measures env steps per second of env.Vector in
// process on flickemup/showdown-v9 and flickago-v3, self-play, random
// actions the masks allow, for batches of 64 and 1024 envs: the Go figure
// that python/benchmarks/bench_inproc.py sets the Python client's
// in-process backend (libflickarena through ctypes) against, side by side
// in one run. Only the time inside Step counts: "steps/s" on the wall
// clock, and "cpu-steps/s" on the process's CPU time (every thread), which
// a machine shared with other jobs disturbs less.
func BenchmarkInprocess(b *testing.B) {
	games := []struct {
		name    string
		factory env.Factory
	}{{"showdown", flickemup.Factory}, {"flickago", flickago.Factory}}
	for _, g := range games {
		for _, n := range []int{64, 1024} {
			b.Run(fmt.Sprintf("%s/envs=%d", g.name, n), func(b *testing.B) {
				v, err := env.NewVector(g.factory, env.Config{NumEnvs: n, Illegal: env.ReplaceIllegal})
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				benchRandomCPU(b, v, n)
			})
		}
	}
}

// benchRandomCPU is benchRandom with the process's CPU time inside Step
// measured too (the "cpu-steps/s" metric).
func benchRandomCPU(b *testing.B, v vector, n int) {
	spec := v.Spec()
	acts := spec.NewActions(n)
	rng := rand.New(rand.NewPCG(1, 2))
	batch, err := v.Reset(1)
	if err != nil {
		b.Fatal(err)
	}
	var inStep, inStepCPU time.Duration
	steps := 0
	for b.Loop() {
		randomActions(spec, batch, acts, rng)
		start, startCPU := time.Now(), cpuTime(b)
		batch, err = v.Step(acts)
		inStep += time.Since(start)
		inStepCPU += cpuTime(b) - startCPU
		if err != nil {
			b.Fatal(err)
		}
		steps += n
	}
	b.ReportMetric(float64(steps)/inStep.Seconds(), "steps/s")
	b.ReportMetric(float64(steps)/inStepCPU.Seconds(), "cpu-steps/s")
}

// cpuTime returns the CPU time the process has used, user and system, every
// thread.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
