package envtest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// testDeterminism checks that a run depends on its seed and actions only.
func (s *suite) testDeterminism(t *testing.T) {
	seed := s.cfg.Seed + 4
	c := env.Config{MaxEpisodeSteps: compareLimit}

	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	c.Workers = 1
	v1 := s.newVector(t, c)
	want := s.record(t, v1, func() (*env.Batch, error) { return v1.Reset(seed) })

	runtime.GOMAXPROCS(max(2, prev))
	c.Workers = 4 // more workers than envs or cores is allowed
	v2 := s.newVector(t, c)
	tests := []struct {
		name string
		v    *env.Vector
		run  func() (*env.Batch, error)
	}{
		{"OtherWorkersAndGOMAXPROCS", v2, func() (*env.Batch, error) { return v2.Reset(seed) }},
		{"SecondReset", v1, func() (*env.Batch, error) { return v1.Reset(seed) }},
		{"ResetMaskWithEnvKeys", v2, func() (*env.Batch, error) {
			keys := make([]uint64, v2.NumEnvs())
			for i := range keys {
				keys[i] = env.EnvKey(seed, i)
			}
			return v2.ResetMask(nil, keys)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.record(t, tt.v, tt.run)
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("seed %d: batch digest differs at step %d: %#x vs %#x", seed, k, got[k], want[k])
				}
			}
		})
	}
	t.Run("OtherSeedDiverges", func(t *testing.T) {
		got := s.record(t, v2, func() (*env.Batch, error) { return v2.Reset(seed + 1) })
		same := 0
		for k := range want {
			if got[k] == want[k] {
				same++
			}
		}
		if same == len(want) {
			t.Errorf("seeds %d and %d gave identical runs of %d steps: a game must draw from the generator its Reset gets (its start, or noise during play; docs/adding-a-game.md)", seed, seed+1, len(want)-1)
		}
	})
}

// record resets v with reset, then plays Config.Steps steps of seeded
// random legal actions, and returns the digest of every batch.
func (s *suite) record(t *testing.T, v *env.Vector, reset func() (*env.Batch, error)) []uint64 {
	t.Helper()
	b, err := reset()
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	digests := []uint64{digest(b)}
	rng := s.actionRNG(6)
	act := v.Spec().NewActions(v.NumEnvs())
	for step := 1; step <= s.cfg.Steps; step++ {
		randomActions(v, b, act, rng)
		if b, err = v.Step(act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		checkBatch(t, v, b, fmt.Sprintf("step %d", step), false)
		digests = append(digests, digest(b))
	}
	return digests
}
