package env_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
)

// TestVector_SpinWaitSameTrajectory checks that spin-waiting changes no result: a Vector
// with SetSpinWait(true), toggled off and on again, steps the same games as one without, row
// for row and bit for bit, with pauses longer than the spin between some calls (the helpers
// then block) and calls back to back between others.
func TestVector_SpinWaitSameTrajectory(t *testing.T) {
	const n, steps = 64, 300
	cfg := env.Config{NumEnvs: n, Workers: 4, Autoreset: env.SameStep, Illegal: env.ReplaceIllegal}
	plain, spin := newVector(t, nil, cfg), newVector(t, nil, cfg)
	spin.SetSpinWait(true)
	bp, err := plain.Reset(7)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := spin.Reset(7)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(bp.StateHash, bs.StateHash) || !slices.Equal(bp.Obs, bs.Obs) {
		t.Fatal("the two Vectors' resets differ")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	spec := plain.Spec()
	a := spec.NewActions(n)
	for step := range steps {
		for i := range a.Discrete {
			a.Discrete[i] = int32(rng.IntN(spec.Heads[i%len(spec.Heads)].N))
		}
		for i := range a.Continuous {
			d := spec.Dims[i%len(spec.Dims)]
			a.Continuous[i] = d.Low + rng.Float32()*(d.High-d.Low)
		}
		switch {
		case step == 100:
			spin.SetSpinWait(false)
		case step == 150:
			spin.SetSpinWait(true)
		case step%7 == 0:
			time.Sleep(2 * time.Millisecond) // longer than the spins: the helpers block
		}
		if bp, err = plain.Step(a); err != nil {
			t.Fatal(err)
		}
		if bs, err = spin.Step(a); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(bp.StateHash, bs.StateHash) || !slices.Equal(bp.Reward, bs.Reward) ||
			!slices.Equal(bp.Obs, bs.Obs) || !slices.Equal(bp.Mask, bs.Mask) {
			t.Fatalf("step %d: the spin-waiting Vector's batch differs from the plain one's", step)
		}
	}
}

// TestVector_SpinWaitCloseStopsHelpers checks that Close stops helpers that are spinning
// (right after a call that came within the spin of the one before).
func TestVector_SpinWaitCloseStopsHelpers(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 5 {
		v := newVector(t, nil, env.Config{NumEnvs: 8, Workers: 4})
		v.SetSpinWait(true)
		if _, err := v.Reset(1); err != nil {
			t.Fatal(err)
		}
		a := v.Spec().NewActions(8)
		for range 3 {
			if _, err := v.Step(a); err != nil {
				t.Fatal(err)
			}
		}
		v.Close()
	}
	for range 200 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Errorf("%d goroutines left over after closing 5 spinning Vectors", runtime.NumGoroutine()-before)
}
