package random_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// TestBot_Act plays whole games of Race and checks that every
// action is legal and that the same seed gives the same actions.
func TestBot_Act(t *testing.T) {
	b := random.New()
	if b.Name() != "random" || b.Version() == "" {
		t.Fatalf("identity %q %q", b.Name(), b.Version())
	}
	play := func(seed uint64) [][]int32 {
		g, err := race.NewEnv(race.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatal(err)
		}
		spec := g.Spec()
		a, obs, mask := spec.NewAction(), make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
		rng := rand.New(rand.NewPCG(seed, 1))
		var moves [][]int32
		for {
			p := g.CurrentPlayer()
			g.Observe(obs, p)
			g.Mask(mask)
			if err := b.Act(a, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}, rng); err != nil {
				t.Fatal(err)
			}
			if err := spec.Check(a, mask); err != nil {
				t.Fatalf("illegal action %v: %v", a, err)
			}
			if err := g.Validate(a); err != nil {
				t.Fatalf("illegal action %v: %v", a, err)
			}
			moves = append(moves, slices.Clone(a.Discrete))
			st, err := g.Step(a)
			if err != nil {
				t.Fatal(err)
			}
			if st != env.Running {
				return moves
			}
		}
	}
	first, again := play(7), play(7)
	if !slices.EqualFunc(first, again, slices.Equal) {
		t.Errorf("same seed, different moves:\n%v\n%v", first, again)
	}
	if len(first) != 10 {
		t.Errorf("played %d moves, want 10 (2 players × 5 rounds)", len(first))
	}
}
