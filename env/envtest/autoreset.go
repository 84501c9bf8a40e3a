package envtest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// compareLimit is the episode step limit of the comparison runs, so that
// episodes end within a short run even in long games.
const compareLimit = 16

// testAutoreset checks the three autoreset modes against each other.
func (s *suite) testAutoreset(t *testing.T) {
	t.Run("SameStepIsDisabledPlusReset", s.testSameStep)
	t.Run("NextStepIsDisabledPlusReset", s.testNextStep)
}

// testSameStep runs SameStep and Disabled side by side with the same seed
// and actions: SameStep must report what Disabled reports, its FinalObs and
// FinalStateHash must be Disabled's last row, and its new episode must be
// what ResetMask gives Disabled. It also checks that Disabled refuses to
// step an ended env and that ResetMask leaves unselected envs untouched.
func (s *suite) testSameStep(t *testing.T) {
	vs := s.newVector(t, env.Config{Autoreset: env.SameStep, MaxEpisodeSteps: compareLimit})
	vd := s.newVector(t, env.Config{Autoreset: env.Disabled, MaxEpisodeSteps: compareLimit})
	n := vs.NumEnvs()
	seed := s.cfg.Seed + 2
	bs, err := vs.Reset(seed)
	if err != nil {
		t.Fatalf("SameStep Reset(%d): %v", seed, err)
	}
	bd, err := vd.Reset(seed)
	if err != nil {
		t.Fatalf("Disabled Reset(%d): %v", seed, err)
	}
	for i := range n {
		if d := diffRow(bs, i, bd, i); d != "" {
			t.Fatalf("seed %d: Reset: env %d: SameStep vs Disabled: %s", seed, i, d)
		}
	}
	rng := s.actionRNG(4)
	act := vs.Spec().NewActions(n)
	done := make([]bool, n)
	resets := 0
	for step := 1; step <= s.cfg.Steps; step++ {
		randomActions(vs, bs, act, rng)
		if bs, err = vs.Step(act); err != nil {
			t.Fatalf("seed %d step %d: SameStep: %v", seed, step, err)
		}
		if bd, err = vd.Step(act); err != nil {
			t.Fatalf("seed %d step %d: Disabled: %v", seed, step, err)
		}
		where := fmt.Sprintf("seed %d step %d", seed, step)
		checkBatch(t, vs, bs, where+" (SameStep)", false)
		checkBatch(t, vd, bd, where+" (Disabled)", false)
		o := bs.ObsSize
		for i := range n {
			if d := diffOutcome(bs, i, bd, i); d != "" {
				t.Fatalf("%s: env %d: SameStep vs Disabled: %s", where, i, d)
			}
			done[i] = bd.Done(i)
			final := bs.FinalObs[i*o : (i+1)*o]
			if !done[i] {
				if d := diffRow(bs, i, bd, i); d != "" {
					t.Fatalf("%s: env %d: SameStep vs Disabled: %s", where, i, d)
				}
				if slices.ContainsFunc(final, nonZero) || bs.FinalStateHash[i] != 0 {
					t.Fatalf("%s: env %d: FinalObs or FinalStateHash set on a row that did not end", where, i)
				}
				continue
			}
			if !bitsEqual(final, bd.ObsAt(i)) || bs.FinalStateHash[i] != bd.StateHash[i] {
				t.Fatalf("%s: env %d: SameStep final observation/hash differ from Disabled's last row", where, i)
			}
		}
		first := slices.Index(done, true)
		if first < 0 {
			continue
		}
		// Disabled refuses to step an ended env, and changes nothing.
		hashes, dg := gameHashes(vd), digest(bd)
		_, err := vd.Step(act)
		var ee *env.EnvError
		if !errors.Is(err, env.ErrEpisodeOver) || !errors.As(err, &ee) || ee.Env != first {
			t.Fatalf("%s: Disabled Step with env %d ended: got %v, want an *env.EnvError for env %d wrapping ErrEpisodeOver", where, first, err, first)
		}
		if !slices.Equal(hashes, gameHashes(vd)) || digest(vd.Batch()) != dg {
			t.Fatalf("%s: a refused Disabled Step changed the state", where)
		}
		// Partial reset of the ended envs only.
		if bd, err = vd.ResetMask(done, nil); err != nil {
			t.Fatalf("%s: ResetMask: %v", where, err)
		}
		checkBatch(t, vd, bd, where+" (ResetMask)", false)
		resets++
		for i := range n {
			if d := diffRow(bs, i, bd, i); d != "" {
				t.Fatalf("%s: env %d after ResetMask(%v): SameStep vs Disabled: %s", where, i, done, d)
			}
			if !done[i] && bd.StateHash[i] != hashes[i] {
				t.Fatalf("%s: env %d not selected by ResetMask but its state changed", where, i)
			}
			if bd.Done(i) || slices.ContainsFunc(bd.RewardAt(i), nonZero) {
				t.Fatalf("%s: env %d after ResetMask: done %v, reward %v", where, i, bd.Done(i), bd.RewardAt(i))
			}
		}
	}
	if resets == 0 {
		t.Errorf("seed %d: no episode ended in %d steps with MaxEpisodeSteps %d", seed, s.cfg.Steps, compareLimit)
	}
}

// testNextStep runs one env with NextStep and one with Disabled: NextStep
// must equal Disabled, except that the step after an end resets the env
// (ignoring its action, even a malformed one) as ResetMask does for
// Disabled.
func (s *suite) testNextStep(t *testing.T) {
	vn := s.newVector(t, env.Config{NumEnvs: 1, MaxEpisodeSteps: compareLimit})
	vd := s.newVector(t, env.Config{NumEnvs: 1, Autoreset: env.Disabled, MaxEpisodeSteps: compareLimit})
	spec := vn.Spec()
	seed := s.cfg.Seed + 3
	bn, err := vn.Reset(seed)
	if err != nil {
		t.Fatalf("NextStep Reset(%d): %v", seed, err)
	}
	bd, err := vd.Reset(seed)
	if err != nil {
		t.Fatalf("Disabled Reset(%d): %v", seed, err)
	}
	if d := diffRow(bn, 0, bd, 0); d != "" {
		t.Fatalf("seed %d: Reset: NextStep vs Disabled: %s", seed, d)
	}
	// A malformed action, which the reset step must ignore.
	garbage := spec.NewActions(1)
	for h := range garbage.Discrete {
		garbage.Discrete[h] = -7
	}
	for d := range garbage.Continuous {
		garbage.Continuous[d] = float32(math.NaN())
	}
	rng := s.actionRNG(5)
	act := spec.NewActions(1)
	resets := 0
	for step := 1; step <= s.cfg.Steps; step++ {
		where := fmt.Sprintf("seed %d step %d", seed, step)
		if bn.Done(0) {
			if bn, err = vn.Step(garbage); err != nil {
				t.Fatalf("%s: NextStep reset step with an ignored malformed action: %v", where, err)
			}
			if bd, err = vd.ResetMask(nil, nil); err != nil {
				t.Fatalf("%s: Disabled ResetMask: %v", where, err)
			}
			resets++
			if d := diffRow(bn, 0, bd, 0) + diffOutcome(bn, 0, bd, 0); d != "" {
				t.Fatalf("%s: NextStep autoreset vs Disabled ResetMask: %s", where, d)
			}
			continue
		}
		randomActions(vn, bn, act, rng)
		if bn, err = vn.Step(act); err != nil {
			t.Fatalf("%s: NextStep: %v", where, err)
		}
		if bd, err = vd.Step(act); err != nil {
			t.Fatalf("%s: Disabled: %v", where, err)
		}
		if d := diffRow(bn, 0, bd, 0) + diffOutcome(bn, 0, bd, 0); d != "" {
			t.Fatalf("%s: NextStep vs Disabled: %s", where, d)
		}
	}
	if resets == 0 {
		t.Errorf("seed %d: no episode ended in %d steps with MaxEpisodeSteps %d", seed, s.cfg.Steps, compareLimit)
	}
}
