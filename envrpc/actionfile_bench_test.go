package envrpc_test

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/catalogue"
)

// BenchmarkVectorReplay steps env.Vector in process with the actions that a
// file holds, so that Go plays exactly the games another client played: the
// file $FLICKARENA_BENCH_ACTIONS, written by python/benchmarks/bench_inproc.py
// from its own in-process run (skipped when unset). The Vector is the one a
// self-play pool of that game runs (REPLACE mode, next-step autoreset), reset
// with the file's seed; only the time inside Step counts ("steps/s", and
// "cpu-steps/s" on the process's CPU time), and after the last step the
// Vector's state hashes must be the file's, or the games were not the same.
// It runs twice: "default", the Vector as NewVector makes it, and "spinwait",
// with env.Vector.SetSpinWait (as the in-process library's pools run).
//
// The file, little-endian: one text line "flickarena-actions v1 game=ID
// envs=N heads=H dims=D steps=K seed=S", then K steps of N×H int32 (the
// discrete actions) and N×D float32 (the continuous ones), then the N uint64
// state hashes of the last batch.
func BenchmarkVectorReplay(b *testing.B) {
	path := os.Getenv("FLICKARENA_BENCH_ACTIONS")
	if path == "" {
		b.Skip("FLICKARENA_BENCH_ACTIONS names no file of actions (python/benchmarks/bench_inproc.py writes one)")
	}
	r, err := readActionFile(path)
	if err != nil {
		b.Fatal(err)
	}
	reg, err := catalogue.Registry()
	if err != nil {
		b.Fatal(err)
	}
	f, err := reg.Lookup(r.game)
	if err != nil {
		b.Fatal(err)
	}
	for _, spin := range []bool{false, true} {
		name := map[bool]string{false: "default", true: "spinwait"}[spin]
		b.Run(name, func(b *testing.B) { replayActions(b, f, r, path, spin) })
	}
}

// replayActions is one run of BenchmarkVectorReplay: the file r (read from path) replayed on
// a new Vector of f, spin-waiting if spin.
func replayActions(b *testing.B, f env.Factory, r *actionFile, path string, spin bool) {
	v, err := env.NewVector(f, env.Config{NumEnvs: r.envs, Illegal: env.ReplaceIllegal})
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	v.SetSpinWait(spin)
	if h, d := len(v.Spec().Heads), len(v.Spec().Dims); h != r.heads || d != r.dims {
		b.Fatalf("%s: the game has %d heads and %d dims, the file %d and %d", path, h, d, r.heads, r.dims)
	}
	batch, err := v.Reset(r.seed)
	if err != nil {
		b.Fatal(err)
	}
	var inStep, inStepCPU time.Duration
	steps := 0
	for b.Loop() {
		if steps == len(r.steps) {
			b.Fatalf("%s holds %d steps; run with -benchtime %dx", path, len(r.steps), len(r.steps))
		}
		start, startCPU := time.Now(), processCPU()
		batch, err = v.Step(r.steps[steps])
		inStep += time.Since(start)
		inStepCPU += processCPU() - startCPU
		if err != nil {
			b.Fatal(err)
		}
		steps++
	}
	if steps == len(r.steps) {
		for i, h := range batch.StateHash {
			if h != r.hashes[i] {
				b.Fatalf("env %d: state hash %d after the last step, the file's %d: not the same games", i, h, r.hashes[i])
			}
		}
	}
	b.ReportMetric(float64(steps*r.envs)/inStep.Seconds(), "steps/s")
	if inStepCPU > 0 {
		b.ReportMetric(float64(steps*r.envs)/inStepCPU.Seconds(), "cpu-steps/s")
	}
}

// actionFile is the content of a file of actions (BenchmarkVectorReplay).
type actionFile struct {
	game              string
	envs, heads, dims int
	seed              uint64
	steps             []env.Actions
	hashes            []uint64
}

// readActionFile reads a file of actions.
func readActionFile(path string) (*actionFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in := bufio.NewReader(f)
	line, err := in.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", path, err)
	}
	r := &actionFile{}
	var k int
	if _, err := fmt.Sscanf(line, "flickarena-actions v1 game=%s envs=%d heads=%d dims=%d steps=%d seed=%d\n",
		&r.game, &r.envs, &r.heads, &r.dims, &k, &r.seed); err != nil {
		return nil, fmt.Errorf("%s: header %q: %w", path, line, err)
	}
	for range k {
		a := env.Actions{Discrete: make([]int32, r.envs*r.heads), Continuous: make([]float32, r.envs*r.dims)}
		if err := binary.Read(in, binary.LittleEndian, a.Discrete); err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", path, len(r.steps), err)
		}
		if err := binary.Read(in, binary.LittleEndian, a.Continuous); err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", path, len(r.steps), err)
		}
		r.steps = append(r.steps, a)
	}
	r.hashes = make([]uint64, r.envs)
	if err := binary.Read(in, binary.LittleEndian, r.hashes); err != nil {
		return nil, fmt.Errorf("%s: state hashes: %w", path, err)
	}
	return r, nil
}
