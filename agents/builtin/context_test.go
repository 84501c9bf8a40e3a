package builtin_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
)

// searchers are the bots whose decisions are searches: they stop once their turn's context
// is done (issue 35 item 7).
var searchers = []string{"planner-lite", "planner", "planner-deep", "search", "search-deep"}

// TestBots_Context: a turn that carries a live context gets the very action a turn without
// one gets (same generator draws), and the searching bots return the context's error on a
// turn whose context is done instead of searching to the end.
func TestBots_Context(t *testing.T) {
	games := []struct {
		label string
		f     env.Factory
	}{{"flickemup", flickemup.Factory}, {"flickago", flickago.Factory}, {"fliprando", fliprando.Factory}}
	decisions := 4
	if testing.Short() {
		decisions = 2
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, e := range builtin.Entries() {
		for _, gm := range games {
			if len(e.Games) > 0 && !slices.Contains(e.Games, gm.label) {
				continue
			}
			bot := e.New()
			g, err := gm.f(nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Reset(env.EpisodeRand(7, 0)); err != nil {
				t.Fatal(err)
			}
			spec := g.Spec()
			obs, mask := make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
			cut := 0
			for k := range decisions {
				p := g.CurrentPlayer()
				g.Observe(obs, p)
				g.Mask(mask)
				turn := env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}
				want, got := spec.NewAction(), spec.NewAction()
				if err := bot.Act(want, turn, rand.New(rand.NewPCG(uint64(k), 1))); err != nil {
					t.Fatalf("%s on %s, decision %d: %v", e.Name, gm.label, k, err)
				}
				turn.Context = context.Background()
				if err := bot.Act(got, turn, rand.New(rand.NewPCG(uint64(k), 1))); err != nil {
					t.Fatalf("%s on %s, decision %d, with a context: %v", e.Name, gm.label, k, err)
				}
				if !slices.Equal(got.Discrete, want.Discrete) || !slices.Equal(got.Continuous, want.Continuous) {
					t.Errorf("%s on %s, decision %d: %v with a context, %v without", e.Name, gm.label, k, got, want)
				}
				turn.Context = done
				if err := bot.Act(spec.NewAction(), turn, rand.New(rand.NewPCG(uint64(k), 1))); err != nil {
					if !errors.Is(err, context.Canceled) {
						t.Errorf("%s on %s, decision %d, cancelled: %v, want context.Canceled", e.Name, gm.label, k, err)
					}
					cut++
				}
				if st, err := g.Step(want); err != nil || st != env.Running {
					break
				}
			}
			if slices.Contains(searchers, e.Name) && cut == 0 {
				t.Errorf("%s on %s: no decision stopped on a cancelled context", e.Name, gm.label)
			}
		}
	}
}
