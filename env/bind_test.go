package env_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// ownBatch returns caller-owned buffers for v, every number 7 and every flag false (stale
// memory: binding must overwrite it).
func ownBatch(v *env.Vector) env.Batch {
	n, s, c := v.NumEnvs(), v.Spec(), v.Config()
	p, o, m := s.NumPlayers, s.ObsSize(), s.MaskSize()
	b := env.Batch{
		Obs: make([]float32, n*o), Reward: make([]float32, n*p), Terminated: make([]bool, n), Truncated: make([]bool, n),
		CurrentPlayer: make([]int32, n), Mask: make([]bool, n*m), StateHash: make([]uint64, n), Episode: make([]uint64, n),
		Illegal: make([]bool, n), EpisodeReturn: make([]float32, n*p), EpisodeLength: make([]int32, n),
	}
	if c.View == env.SingleAgent {
		b.AgentSeat = make([]int32, n)
	}
	if c.Autoreset == env.SameStep {
		b.FinalObs, b.FinalStateHash = make([]float32, n*o), make([]uint64, n)
	}
	for _, f := range [][]float32{b.Obs, b.Reward, b.EpisodeReturn, b.FinalObs} {
		for i := range f {
			f[i] = 7
		}
	}
	for _, f := range [][]int32{b.CurrentPlayer, b.EpisodeLength, b.AgentSeat} {
		for i := range f {
			f[i] = 7
		}
	}
	for _, f := range [][]uint64{b.StateHash, b.Episode, b.FinalStateHash} {
		for i := range f {
			f[i] = 7
		}
	}
	return b
}

// TestVector_BindBatch checks that a Vector bound to caller-owned buffers, from the start or
// in the middle of a run, plays exactly as one that keeps its own, writing into the bound
// memory itself (the returned batch aliases it), in every autoreset mode and both views.
func TestVector_BindBatch(t *testing.T) {
	for _, c := range []env.Config{
		{NumEnvs: 5, Autoreset: env.NextStep},
		{NumEnvs: 5, Autoreset: env.SameStep, Illegal: env.ReplaceIllegal, IllegalPenalty: 0.5},
		{NumEnvs: 5, Autoreset: env.SameStep, View: env.SingleAgent, Seat: env.SeatAlternate},
		{NumEnvs: 5, Autoreset: env.NextStep, View: env.SingleAgent, Seat: env.SeatRandom},
	} {
		c.Options = env.Options{"rounds": "3"}
		ref, early, late := newVector(t, nil, c), newVector(t, nil, c), newVector(t, nil, c)
		own := ownBatch(early)
		if err := early.BindBatch(own); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		acts := ref.Spec().NewActions(c.NumEnvs)
		want, err := ref.Reset(7)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []*env.Vector{early, late} {
			if _, err := v.Reset(7); err != nil {
				t.Fatal(err)
			}
		}
		for step := range 40 {
			if step >= 10 && step%3 == 1 { // again and again: some rows ended on the call before
				if err := late.BindBatch(ownBatch(late)); err != nil {
					t.Fatal(err)
				}
			}
			for i := range c.NumEnvs {
				a := acts.At(ref.Spec(), i)
				turn := env.Turn{Spec: ref.Spec(), Player: int(want.CurrentPlayer[i]), Obs: want.ObsAt(i), Mask: want.MaskAt(i), Game: ref.Game(i)}
				_ = env.RandomPolicy{}.Act(a, turn, rng)
			}
			if want, err = ref.Step(acts); err != nil {
				t.Fatal(err)
			}
			for k, v := range []*env.Vector{early, late} {
				got, err := v.Step(acts)
				if err != nil {
					t.Fatal(err)
				}
				if d := diffBatches(got, want); d != "" {
					t.Fatalf("%+v, vector %d, step %d: %s", c, k, step, d)
				}
			}
		}
		if b := early.Batch(); &b.Obs[0] != &own.Obs[0] || &b.Mask[0] != &own.Mask[0] {
			t.Errorf("%+v: the batch does not alias the bound memory", c)
		}
	}
}

// diffBatches names the first field in which got and want differ, or returns "".
func diffBatches(got, want *env.Batch) string {
	switch {
	case !slices.Equal(got.Obs, want.Obs):
		return "Obs"
	case !slices.Equal(got.Reward, want.Reward):
		return "Reward"
	case !slices.Equal(got.Terminated, want.Terminated) || !slices.Equal(got.Truncated, want.Truncated):
		return "flags"
	case !slices.Equal(got.CurrentPlayer, want.CurrentPlayer) || !slices.Equal(got.AgentSeat, want.AgentSeat):
		return "seats"
	case !slices.Equal(got.Mask, want.Mask):
		return "Mask"
	case !slices.Equal(got.StateHash, want.StateHash) || !slices.Equal(got.Episode, want.Episode):
		return "hashes"
	case !slices.Equal(got.Illegal, want.Illegal):
		return "Illegal"
	case !slices.Equal(got.EpisodeReturn, want.EpisodeReturn) || !slices.Equal(got.EpisodeLength, want.EpisodeLength):
		return "episode statistics"
	case !slices.Equal(got.FinalObs, want.FinalObs) || !slices.Equal(got.FinalStateHash, want.FinalStateHash):
		return "final observation"
	case !slices.Equal(got.EnvID, want.EnvID):
		return "EnvID"
	}
	return ""
}

// TestVector_BindBatchShape checks that a buffer of the wrong length, or a field the
// Vector's mode does not have, is refused with ErrShape and changes nothing.
func TestVector_BindBatchShape(t *testing.T) {
	v := newVector(t, nil, env.Config{NumEnvs: 3})
	before, err := v.Reset(1)
	if err != nil {
		t.Fatal(err)
	}
	obs := before.Obs
	for name, mutate := range map[string]func(b *env.Batch){
		"Obs":       func(b *env.Batch) { b.Obs = b.Obs[1:] },
		"Mask":      func(b *env.Batch) { b.Mask = append(b.Mask, true) },
		"AgentSeat": func(b *env.Batch) { b.AgentSeat = make([]int32, 3) },
		"FinalObs":  func(b *env.Batch) { b.FinalObs = make([]float32, len(b.Obs)) },
	} {
		b := ownBatch(v)
		mutate(&b)
		err := v.BindBatch(b)
		if !errors.Is(err, env.ErrShape) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want ErrShape naming it", name, err)
		}
		if &v.Batch().Obs[0] != &obs[0] {
			t.Errorf("%s: a refused bind moved the batch", name)
		}
	}
	_ = v.Close()
	if err := v.BindBatch(ownBatch(v)); !errors.Is(err, env.ErrClosed) {
		t.Errorf("closed: %v, want ErrClosed", err)
	}
}
