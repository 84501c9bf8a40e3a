package flickago_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestEngine_Convention checks the engine convention (docs/adding-a-game.md) on random
// games, and that the scores are the points.
func TestEngine_Convention(t *testing.T) {
	envtest.RunEngine(t, envtest.EngineConfig[*flickago.Game, flickago.Action]{
		NewEnv: func() (envtest.EngineEnv[*flickago.Game, flickago.Action], error) {
			return flickago.NewEnv(flickago.DefaultConfig())
		},
		Illegal: func(*flickago.Game) flickago.Action { return flickago.FlickDisc(99, physics.Vec{Y: 10}) },
		Play: func(g *flickago.Game, _ []flickago.Action, rng *rand.Rand) flickago.Action {
			return randomAction(g, rng, nil)
		},
		Apply:    func(g *flickago.Game, a flickago.Action) error { return g.Apply(a, nil) },
		Sentinel: flickago.ErrIllegal,
		Final: func(g *flickago.Game) error {
			if s, p := g.Scores(nil), g.Points(); s[0] != float64(p[0]) || s[1] != float64(p[1]) {
				return fmt.Errorf("scores %v, points %v", s, p)
			}
			return nil
		},
	})
}
