package envtest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// badAction is one way to make an action illegal.
type badAction struct {
	name   string
	field  string // substring the ActionError's Field must contain; "" for any
	mutate func(a env.Action)
}

// badActions returns the illegal variants of an action for a state whose
// mask is mask, in game g.
func (s *suite) badActions(spec *env.Spec, mask []bool, g env.Game) []badAction {
	var bad []badAction
	for h, hd := range spec.Heads {
		bad = append(bad,
			badAction{fmt.Sprintf("head %s = N", hd.Name), hd.Name, func(a env.Action) { a.Discrete[h] = int32(hd.N) }},
			badAction{fmt.Sprintf("head %s = -1", hd.Name), hd.Name, func(a env.Action) { a.Discrete[h] = -1 }},
		)
		off := spec.MaskOffset(h)
		if v := slices.Index(mask[off:off+hd.N], false); v >= 0 {
			bad = append(bad, badAction{fmt.Sprintf("head %s = %d masked out", hd.Name, v), hd.Name, func(a env.Action) { a.Discrete[h] = int32(v) }})
		}
	}
	for d, dm := range spec.Dims {
		span := dm.High - dm.Low
		above, below := dm.High+span, dm.Low-span
		if !finite(above) {
			above = math.MaxFloat32
		}
		if !finite(below) {
			below = -math.MaxFloat32
		}
		for _, x := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), above, below} {
			bad = append(bad, badAction{fmt.Sprintf("dim %s = %g", dm.Name, x), dm.Name, func(a env.Action) { a.Continuous[d] = x }})
		}
	}
	// A combination each head of which the mask allows but the game's
	// joint rules refuse, if random search finds one.
	rng := s.actionRNG(7)
	joint := spec.NewAction()
	for range 1000 {
		// RandomPolicy with one try draws a fresh mask-allowed combination
		// and falls back on DefaultAction when Validate refuses it: draw
		// the heads ourselves instead.
		off := 0
		for h, hd := range spec.Heads {
			allowed := []int32{}
			for v := range hd.N {
				if mask[off+v] {
					allowed = append(allowed, int32(v))
				}
			}
			joint.Discrete[h] = allowed[rng.IntN(len(allowed))]
			off += hd.N
		}
		for d, dm := range spec.Dims {
			joint.Continuous[d] = dm.Low + float32(rng.Float64())*(dm.High-dm.Low)
		}
		if g.Validate(joint) != nil {
			found := spec.NewAction()
			found.CopyFrom(joint)
			bad = append(bad, badAction{fmt.Sprintf("joint rule %v", found), "", func(a env.Action) { a.CopyFrom(found) }})
			break
		}
	}
	return bad
}

// testIllegalActions checks both illegal-action modes.
func (s *suite) testIllegalActions(t *testing.T) {
	t.Run("NotReset", func(t *testing.T) {
		v := s.newVector(t, env.Config{})
		_, err := v.Step(v.Spec().NewActions(v.NumEnvs()))
		if !errors.Is(err, env.ErrNotReset) {
			t.Errorf("Step before Reset: got %v, want ErrNotReset", err)
		}
	})
	t.Run("Reject", s.testReject)
	t.Run("Replace", s.testReplace)
}

// warmUp resets the vectors with seed and plays steps of random legal
// actions (the same on all) until env j runs; it returns the last batch of
// vs[0].
func (s *suite) warmUp(t *testing.T, seed uint64, j int, vs ...*env.Vector) *env.Batch {
	t.Helper()
	var b *env.Batch
	for _, v := range vs {
		var err error
		if b, err = v.Reset(seed); err != nil {
			t.Fatalf("Reset(%d): %v", seed, err)
		}
	}
	rng := s.actionRNG(8)
	act := vs[0].Spec().NewActions(vs[0].NumEnvs())
	for step := 0; step < 3 || b.Done(j); step++ {
		randomActions(vs[0], b, act, rng)
		for _, v := range vs {
			var err error
			if b, err = v.Step(act); err != nil {
				t.Fatalf("warm-up step %d: %v", step, err)
			}
		}
	}
	return vs[0].Batch()
}

// testReject checks that RejectIllegal refuses every bad action with an
// error naming the env and the part, and changes nothing.
func (s *suite) testReject(t *testing.T) {
	v := s.newVector(t, env.Config{})
	twin := s.newVector(t, env.Config{})
	spec, n := v.Spec(), v.NumEnvs()
	j := n - 1 // the last env, so that the index in the error means something
	seed := s.cfg.Seed + 5
	b := s.warmUp(t, seed, j, v, twin)
	act := spec.NewActions(n)
	randomActions(v, b, act, s.actionRNG(9))

	for _, c := range s.badActions(spec, b.MaskAt(j), v.Game(j)) {
		hashes, dg := gameHashes(v), digest(v.Batch())
		bad := env.Actions{Discrete: slices.Clone(act.Discrete), Continuous: slices.Clone(act.Continuous)}
		c.mutate(bad.At(spec, j))
		got, err := v.Step(bad)
		var ae *env.ActionError
		switch {
		case !errors.As(err, &ae) || !errors.Is(err, env.ErrIllegalAction):
			t.Errorf("%s in env %d: got error %v, want an *env.ActionError", c.name, j, err)
		case ae.Env != j || !strings.Contains(ae.Field, c.field):
			t.Errorf("%s in env %d: error %q names env %d, field %q; want env %d, field containing %q", c.name, j, err, ae.Env, ae.Field, j, c.field)
		case got != nil:
			t.Errorf("%s: refused Step returned a batch", c.name)
		}
		if !slices.Equal(hashes, gameHashes(v)) || digest(v.Batch()) != dg {
			t.Fatalf("%s: a refused Step changed the state", c.name)
		}
	}

	h, d := len(spec.Heads), len(spec.Dims)
	shapes := []struct {
		name string
		a    env.Actions
	}{
		{"discrete too long", env.Actions{Discrete: make([]int32, n*h+1), Continuous: make([]float32, n*d)}},
		{"continuous too long", env.Actions{Discrete: make([]int32, n*h), Continuous: make([]float32, n*d+1)}},
		{"nil", env.Actions{}},
	}
	for _, c := range shapes {
		if n*h+n*d == 0 && c.name == "nil" {
			continue
		}
		hashes, dg := gameHashes(v), digest(v.Batch())
		if _, err := v.Step(c.a); !errors.Is(err, env.ErrShape) {
			t.Errorf("actions %s: got %v, want ErrShape", c.name, err)
		}
		if !slices.Equal(hashes, gameHashes(v)) || digest(v.Batch()) != dg {
			t.Fatalf("actions %s: a refused Step changed the state", c.name)
		}
	}

	// After all the refusals, v must step exactly as its twin, which saw
	// none: nothing (not even an rng draw) happened.
	bv, err := v.Step(act)
	if err != nil {
		t.Fatalf("legal step after refusals: %v", err)
	}
	bt, err := twin.Step(act)
	if err != nil {
		t.Fatalf("twin step: %v", err)
	}
	if digest(bv) != digest(bt) {
		t.Errorf("after refused steps the vector diverges from its twin")
	}
}

// testReplace checks that ReplaceIllegal plays DefaultAction instead of an
// illegal action, flags it, and applies the penalty.
func (s *suite) testReplace(t *testing.T) {
	const penalty = 0.25
	vr := s.newVector(t, env.Config{Illegal: env.ReplaceIllegal, IllegalPenalty: penalty})
	vd := s.newVector(t, env.Config{})
	spec, n := vr.Spec(), vr.NumEnvs()
	j := n - 1
	seed := s.cfg.Seed + 6
	b := s.warmUp(t, seed, j, vr, vd)
	act := spec.NewActions(n)
	randomActions(vr, b, act, s.actionRNG(10))
	player := b.CurrentPlayer[j]

	// vr gets an illegal action for env j, vd the default action.
	bad := env.Actions{Discrete: slices.Clone(act.Discrete), Continuous: slices.Clone(act.Continuous)}
	if len(spec.Heads) > 0 {
		bad.At(spec, j).Discrete[0] = -1
	} else {
		bad.At(spec, j).Continuous[0] = float32(math.NaN())
	}
	vd.Game(j).DefaultAction(act.At(spec, j))

	br, err := vr.Step(bad)
	if err != nil {
		t.Fatalf("ReplaceIllegal Step with an illegal action: %v", err)
	}
	bd, err := vd.Step(act)
	if err != nil {
		t.Fatalf("Step with the default action: %v", err)
	}
	for i := range n {
		if br.Illegal[i] != (i == j) {
			t.Errorf("env %d: Illegal = %v", i, br.Illegal[i])
		}
		if d := diffRow(br, i, bd, i); d != "" {
			t.Errorf("env %d: replaced step vs default action: %s", i, d)
		}
		want := slices.Clone(bd.RewardAt(i))
		if i == j {
			want[player] -= penalty
		}
		for k, x := range br.RewardAt(i) {
			if math.Abs(float64(x-want[k])) > 1e-6 {
				t.Errorf("env %d seat %d: reward %g, want %g (penalty %g on seat %d of env %d)", i, k, x, want[k], penalty, player, j)
			}
		}
	}
}
