package envtest

import (
	"fmt"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// testSingleAgent plays the SingleAgent view with the default opponent:
// checkBatch verifies that every running env waits for seat 0 and reports
// seat 0's observation; two Vectors with one seed must agree bit for bit.
func (s *suite) testSingleAgent(t *testing.T) {
	c := env.Config{View: env.SingleAgent, MaxEpisodeSteps: compareLimit}
	v1, v2 := s.newVector(t, c), s.newVector(t, c)
	seed := s.cfg.Seed + 7
	b1, err := v1.Reset(seed)
	if err != nil {
		t.Fatalf("Reset(%d): %v", seed, err)
	}
	b2, err := v2.Reset(seed)
	if err != nil {
		t.Fatalf("Reset(%d): %v", seed, err)
	}
	checkBatch(t, v1, b1, "reset", true)
	rng := s.actionRNG(11)
	act := v1.Spec().NewActions(v1.NumEnvs())
	ended := 0
	for step := 1; step <= s.cfg.Steps; step++ {
		if digest(b1) != digest(b2) {
			t.Fatalf("seed %d step %d: two single-agent runs diverge", seed, step-1)
		}
		randomActions(v1, b1, act, rng)
		if b1, err = v1.Step(act); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		if b2, err = v2.Step(act); err != nil {
			t.Fatalf("seed %d step %d (twin): %v", seed, step, err)
		}
		checkBatch(t, v1, b1, fmt.Sprintf("seed %d step %d (single-agent)", seed, step), step%8 == 1)
		for i := range v1.NumEnvs() {
			if b1.Done(i) {
				ended++
			}
		}
	}
	if ended == 0 {
		t.Errorf("seed %d: no single-agent episode ended in %d steps", seed, s.cfg.Steps)
	}
}
