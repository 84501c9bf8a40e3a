package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// player plays every seat of a Vector with env.RandomPolicy (uniform legal heads, uniform
// flick velocities) and times the Vector's Steps only, by the wall clock and by the process's
// CPU time: choosing the actions is the agent's cost, not the env's.
type player struct {
	v   *env.Vector
	b   *env.Batch
	act env.Actions
	rng *rand.Rand

	steps, flickSteps int           // env steps, and those that flicked a piece
	wall, cpu         time.Duration // wall-clock and CPU time spent inside Vector.Step
}

// newPlayer creates a Vector of n games made by f with workers goroutines (0: GOMAXPROCS),
// resets it with seed and returns its player, whose action choices are seeded with seed too.
func newPlayer(f env.Factory, n, workers int, seed uint64) (*player, error) {
	v, err := env.NewVector(f, env.Config{NumEnvs: n, Workers: workers})
	if err != nil {
		return nil, err
	}
	b, err := v.Reset(seed)
	if err != nil {
		v.Close()
		return nil, err
	}
	return &player{v: v, b: b, act: v.Spec().NewActions(n), rng: rand.New(rand.NewPCG(seed, 0xbe))}, nil
}

// close stops the Vector.
func (p *player) close() { p.v.Close() }

// step chooses every env's action, steps the Vector and counts.
func (p *player) step() error {
	spec := p.v.Spec()
	n := p.v.NumEnvs()
	flicked := 0
	for i := range n {
		if p.b.Done(i) {
			continue // the autoreset step ignores the action
		}
		a := p.act.At(spec, i)
		t := env.Turn{Spec: spec, Player: int(p.b.CurrentPlayer[i]), Obs: p.b.ObsAt(i), Mask: p.b.MaskAt(i), Game: p.v.Game(i)}
		if err := (env.RandomPolicy{}).Act(a, t, p.rng); err != nil {
			return err
		}
		e := p.v.Game(i).(*flickemup.Env)
		if act, err := e.DecodeAction(a); err == nil && flicks(e.Engine().Phase(), act.Kind) {
			flicked++
		}
	}
	w0, c0 := time.Now(), cpuNow()
	b, err := p.v.Step(p.act)
	w, c := time.Since(w0), cpuNow()-c0
	if err != nil {
		return fmt.Errorf("step: %w", err)
	}
	p.b = b
	p.wall += w
	p.cpu += c
	p.steps += n
	p.flickSteps += flicked
	return nil
}

// run makes k steps.
func (p *player) run(k int) error {
	for range k {
		if err := p.step(); err != nil {
			return err
		}
	}
	return nil
}

// resetCounts forgets the counts and times (after a warm-up).
func (p *player) resetCounts() {
	p.steps, p.flickSteps = 0, 0
	p.wall, p.cpu = 0, 0
}

// stepsPerSecond returns env steps per second of wall-clock time in Step.
func (p *player) stepsPerSecond() float64 { return float64(p.steps) / p.wall.Seconds() }

// stepsPerCPUSecond returns env steps per second of CPU time in Step.
func (p *player) stepsPerCPUSecond() float64 { return float64(p.steps) / p.cpu.Seconds() }

// hashes returns a copy of the batch's state hashes.
func (p *player) hashes() []uint64 { return append([]uint64(nil), p.b.StateHash...) }

// flicks reports whether an action of kind k in phase ph flicks a piece.
func flicks(ph flickemup.Phase, k flickemup.ActionKind) bool {
	switch {
	case ph == flickemup.PhaseSecondShot:
		return true
	case ph != flickemup.PhaseAct:
		return false
	}
	switch k {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
		return true
	}
	return false
}

// liveHeap returns the bytes of live heap objects after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
