package dummy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/dummy"
	"github.com/flickarena/flickarena/env/envtest"
)

// TestEngine_Convention checks the engine convention (docs/adding-a-game.md) on random games
// of 3 players, probing Steal from every seat at each decision.
func TestEngine_Convention(t *testing.T) {
	cfg := dummy.DefaultConfig()
	cfg.Players = 3
	envtest.RunEngine(t, envtest.EngineConfig[*dummy.Game, dummy.Action]{
		NewEnv: func() (envtest.EngineEnv[*dummy.Game, dummy.Action], error) { return dummy.NewEnv(cfg) },
		// Stealing from oneself is never legal.
		Illegal: func(g *dummy.Game) dummy.Action { return dummy.Action{Move: dummy.Steal, Target: g.Current()} },
		Play: func(_ *dummy.Game, legal []dummy.Action, rng *rand.Rand) dummy.Action {
			a := legal[rng.IntN(len(legal))]
			a.Power = rng.Float64()*2 - 1
			return a
		},
		Probe: func(*dummy.Game) []dummy.Action {
			p := make([]dummy.Action, cfg.Players)
			for s := range p {
				p[s] = dummy.Action{Move: dummy.Steal, Target: s}
			}
			return p
		},
		Sentinel: dummy.ErrIllegal,
		Seeds:    20,
	})
}
