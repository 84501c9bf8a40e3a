package race_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/race"
)

// TestEngine_Convention checks the engine convention (docs/adding-a-game.md) on random games
// of 3 players, probing Steal from every seat at each decision.
func TestEngine_Convention(t *testing.T) {
	cfg := race.DefaultConfig()
	cfg.Players = 3
	envtest.RunEngine(t, envtest.EngineConfig[*race.Game, race.Action]{
		NewEnv: func() (envtest.EngineEnv[*race.Game, race.Action], error) { return race.NewEnv(cfg) },
		// Stealing from oneself is never legal.
		Illegal: func(g *race.Game) race.Action { return race.Action{Move: race.Steal, Target: g.Current()} },
		Play: func(_ *race.Game, legal []race.Action, rng *rand.Rand) race.Action {
			a := legal[rng.IntN(len(legal))]
			a.Power = rng.Float64()*2 - 1
			return a
		},
		Probe: func(*race.Game) []race.Action {
			p := make([]race.Action, cfg.Players)
			for s := range p {
				p[s] = race.Action{Move: race.Steal, Target: s}
			}
			return p
		},
		Sentinel: race.ErrIllegal,
		Seeds:    20,
	})
}
