package env_test

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// TestVector_EnvOffset checks that Vectors with Config.EnvOffset 0, 3 and 5
// of 3, 2 and 4 envs play, row for row, the games of one Vector of 9 envs:
// after Reset(seed), after the first ResetMask(nil, nil) of never reset
// envs, and through the autoresets of many episodes, with the SingleAgent
// view's random opponent drawing from its own stream.
func TestVector_EnvOffset(t *testing.T) {
	cfg := env.Config{View: env.SingleAgent, Options: env.Options{"rounds": "3"}}
	whole := cfg
	whole.NumEnvs = 9
	parts := []struct{ offset, n int }{{0, 3}, {3, 2}, {5, 4}}

	for _, start := range []struct {
		name  string
		reset func(v *env.Vector) (*env.Batch, error)
	}{
		{"Reset", func(v *env.Vector) (*env.Batch, error) { return v.Reset(42) }},
		{"NeverReset", func(v *env.Vector) (*env.Batch, error) { return v.ResetMask(nil, nil) }},
	} {
		t.Run(start.name, func(t *testing.T) {
			want := playRows(t, newVector(t, nil, whole), start.reset, 60)
			var got [][]rowDigest
			for _, p := range parts {
				c := cfg
				c.NumEnvs, c.EnvOffset = p.n, p.offset
				rows := playRows(t, newVector(t, nil, c), start.reset, 60)
				for k := range rows {
					if len(got) <= k {
						got = append(got, nil)
					}
					got[k] = append(got[k], rows[k]...)
				}
			}
			for k := range want {
				if !slices.Equal(got[k], want[k]) {
					t.Fatalf("call %d: the split Vectors' rows differ from the whole's:\n got %v\nwant %v", k, got[k], want[k])
				}
			}
		})
	}

	t.Run("OffsetChangesTheStreams", func(t *testing.T) {
		c := cfg
		c.NumEnvs = 3
		reset := func(v *env.Vector) (*env.Batch, error) { return v.Reset(42) }
		a := playRows(t, newVector(t, nil, c), reset, 60)
		c.EnvOffset = 3
		b := playRows(t, newVector(t, nil, c), reset, 60)
		same := 0
		for k := range a {
			if slices.Equal(a[k], b[k]) {
				same++
			}
		}
		if same == len(a) {
			t.Errorf("offsets 0 and 3 played identical games over %d calls", len(a))
		}
	})

	t.Run("Negative", func(t *testing.T) {
		c := cfg
		c.NumEnvs, c.EnvOffset = 1, -1
		if v, err := env.NewVector(race.Factory, c); err == nil {
			v.Close()
			t.Fatal("NewVector accepted EnvOffset -1")
		}
	})
}

// rowDigest is what a test compares of one env's row of a batch.
type rowDigest struct {
	hash, episode uint64
	reward        float32
	obs0          float32
	done          bool
}

// playRows resets v with reset, then makes steps Steps of the zero action
// (seat 0 gains) and returns every call's rows.
func playRows(t *testing.T, v *env.Vector, reset func(*env.Vector) (*env.Batch, error), steps int) [][]rowDigest {
	t.Helper()
	b, err := reset(v)
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	rows := func(b *env.Batch) []rowDigest {
		r := make([]rowDigest, b.NumEnvs)
		for i := range r {
			r[i] = rowDigest{b.StateHash[i], b.Episode[i], b.RewardAt(i)[0], b.ObsAt(i)[0], b.Done(i)}
		}
		return r
	}
	out := [][]rowDigest{rows(b)}
	act := v.Spec().NewActions(v.NumEnvs())
	for step := range steps {
		if b, err = v.Step(act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		out = append(out, rows(b))
	}
	return out
}
