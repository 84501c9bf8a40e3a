package flickemupbot_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
)

// TestPolicy_PlaysEnvGames plays whole env games of two scenarios with Random behind a
// Policy on both seats: every encoded action passes the spec's check and the game's
// validation, and the same seed gives the same game.
func TestPolicy_PlaysEnvGames(t *testing.T) {
	p := flickemupbot.NewPolicy("random-engine", "1", flickemupbot.Random{})
	if p.Name() != "random-engine" || p.Version() != "1" {
		t.Fatalf("identity %q %q", p.Name(), p.Version())
	}
	for _, name := range []string{"showdown", "bank-job"} {
		play := func(seed uint64) (uint64, int) {
			cfg := flickemup.DefaultConfig()
			cfg.Scenario = name
			e, err := flickemup.NewEnv(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Reset(env.EpisodeRand(seed, 0)); err != nil {
				t.Fatal(err)
			}
			spec := e.Spec()
			a, obs, mask := spec.NewAction(), make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
			rng := rand.New(rand.NewPCG(seed, 7))
			for n := 1; ; n++ {
				pl := e.CurrentPlayer()
				e.Observe(obs, pl)
				e.Mask(mask)
				if err := p.Act(a, env.Turn{Spec: spec, Player: pl, Obs: obs, Mask: mask, Game: e}, rng); err != nil {
					t.Fatal(err)
				}
				if err := spec.Check(a, mask); err != nil {
					t.Fatalf("%s: decision %d: %v", name, n, err)
				}
				if err := e.Validate(a); err != nil {
					t.Fatalf("%s: decision %d: %v", name, n, err)
				}
				st, err := e.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				if st != env.Running {
					return e.Hash(), n
				}
			}
		}
		h1, n1 := play(3)
		h2, n2 := play(3)
		if h1 != h2 || n1 != n2 {
			t.Errorf("%s: same seed, different games: %x after %d, %x after %d", name, h1, n1, h2, n2)
		}
	}
}

// TestPolicy_OtherGame checks that a Policy refuses a game that is not Flick 'em Up!.
func TestPolicy_OtherGame(t *testing.T) {
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	err = flickemupbot.NewPolicy("x", "1", flickemupbot.Random{}).Act(spec.NewAction(), env.Turn{Spec: spec, Game: g}, rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, flickemupbot.ErrNotFlickemup) {
		t.Errorf("Act on Race: %v, want ErrNotFlickemup", err)
	}
}
