package env_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// rejectAll is a Race env whose joint rule refuses everything but Pass.
type rejectAll struct{ *race.Env }

func (g rejectAll) Validate(a env.Action) error {
	if a.Discrete[0] != race.Pass {
		return errors.New("only pass")
	}
	return nil
}

// turnOf returns the Turn of g's current player.
func turnOf(g env.Game) env.Turn {
	spec := g.Spec()
	mask := make([]bool, spec.MaskSize())
	g.Mask(mask)
	obs := make([]float32, spec.ObsSize())
	g.Observe(obs, g.CurrentPlayer())
	return env.Turn{Spec: spec, Player: g.CurrentPlayer(), Obs: obs, Mask: mask, Game: g}
}

func TestRandomPolicy(t *testing.T) {
	g, err := race.NewEnv(race.Config{Players: 3, Rounds: 50, Noise: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	rng := rand.New(rand.NewPCG(2, 2))
	a := spec.NewAction()
	seen := make([]int, race.Pass+1)
	for move := 0; ; move++ {
		turn := turnOf(g)
		if err := (env.RandomPolicy{}).Act(a, turn, rng); err != nil {
			t.Fatal(err)
		}
		if err := spec.Check(a, turn.Mask); err != nil {
			t.Fatalf("move %d: RandomPolicy played %v: %v", move, a, err)
		}
		if err := g.Validate(a); err != nil {
			t.Fatalf("move %d: RandomPolicy played %v: %v", move, a, err)
		}
		seen[a.Discrete[0]]++
		st, err := g.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		if st != env.Running {
			break
		}
	}
	// 150 moves: every move kind appears (Double at most once per seat).
	for m, n := range seen {
		if n == 0 {
			t.Errorf("move %d never played in %v", m, seen)
		}
	}

	// The same generator state gives the same action.
	a1, a2 := spec.NewAction(), spec.NewAction()
	turn := turnOf(g)
	(env.RandomPolicy{}).Act(a1, turn, rand.New(rand.NewPCG(5, 5)))
	(env.RandomPolicy{}).Act(a2, turn, rand.New(rand.NewPCG(5, 5)))
	if !slices.Equal(a1.Discrete, a2.Discrete) || !slices.Equal(a1.Continuous, a2.Continuous) {
		t.Errorf("same seed, different actions: %v %v", a1, a2)
	}
}

func TestRandomPolicy_FallsBackOnDefault(t *testing.T) {
	d, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	g := rejectAll{d}
	if err := g.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	a := g.Spec().NewAction()
	a.Discrete[0] = race.Gain
	rng := rand.New(rand.NewPCG(3, 3))
	for range 20 {
		if err := (env.RandomPolicy{Tries: 2}).Act(a, turnOf(g), rng); err != nil {
			t.Fatal(err)
		}
		if a.Discrete[0] != race.Pass {
			t.Fatalf("RandomPolicy played %v, want the only legal move, pass", a)
		}
	}
}
