package bygame_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestBot_RealGames routes the aimers of both games, as cmd/arena does, and checks on the
// first decisions of a showdown and of a Flickago game that the bot's actions are those of
// the game's own policy, with the same generator: the dispatch changes nothing.
func TestBot_RealGames(t *testing.T) {
	fem, fago := aimer.NewBot(), flickagobot.NewAimerBot()
	b := bygame.New("aimer", bygame.On[*flickemup.Env]("flickemup", fem), bygame.On[*flickago.Env]("flickago", fago))
	tests := []struct {
		name    string
		factory env.Factory
		direct  env.Policy
	}{
		{"Showdown", flickemup.Factory, fem},
		{"Flickago", flickago.Factory, fago},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.factory(nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Reset(env.EpisodeRand(5, 0)); err != nil {
				t.Fatal(err)
			}
			spec := g.Spec()
			got, want := spec.NewAction(), spec.NewAction()
			obs, mask := make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
			for i := range 12 {
				p := g.CurrentPlayer()
				g.Observe(obs, p)
				g.Mask(mask)
				turn := env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}
				if err := b.Act(got, turn, rand.New(rand.NewPCG(uint64(i), 3))); err != nil {
					t.Fatal(err)
				}
				if err := tc.direct.Act(want, turn, rand.New(rand.NewPCG(uint64(i), 3))); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.Discrete, want.Discrete) || !slices.Equal(got.Continuous, want.Continuous) {
					t.Fatalf("decision %d: %v, the game's policy %v", i, got, want)
				}
				st, err := g.Step(got)
				if err != nil {
					t.Fatal(err)
				}
				if st != env.Running {
					break
				}
			}
		})
	}
}
