package fliprando_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/fliprando"
)

// TestEngine_Convention checks the engine convention (docs/adding-a-game.md) on random games
// of 2 and 4 players (2 only under -short), probing every action value at each decision.
func TestEngine_Convention(t *testing.T) {
	counts := []string{"2", "4"}
	if testing.Short() {
		counts = counts[:1]
	}
	for _, players := range counts {
		t.Run(players, func(t *testing.T) {
			envtest.RunEngine(t, envtest.EngineConfig[*fliprando.Game, fliprando.Action]{
				NewEnv: func() (envtest.EngineEnv[*fliprando.Game, fliprando.Action], error) {
					return newEnv(env.Options{"players": players, "first": "-1"})
				},
				Illegal: func(*fliprando.Game) fliprando.Action { return fliprando.NumActions },
				Probe: func(*fliprando.Game) []fliprando.Action {
					p := make([]fliprando.Action, fliprando.NumActions)
					for a := range p {
						p[a] = fliprando.Action(a)
					}
					return p
				},
				Sentinel: fliprando.ErrIllegal,
				Seeds:    1,
			})
		})
	}
}
