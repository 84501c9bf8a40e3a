package flickemup_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestEngine_Convention checks the engine convention (docs/adding-a-game.md) on random games
// of the bank job (players map to their team's seat), and that the scores are the teams'
// hit points.
func TestEngine_Convention(t *testing.T) {
	cfg := flickemup.DefaultConfig()
	cfg.Scenario = "bank-job"
	envtest.RunEngine(t, envtest.EngineConfig[*flickemup.Game, flickemup.Action]{
		NewEnv: func() (envtest.EngineEnv[*flickemup.Game, flickemup.Action], error) {
			return flickemup.NewEnv(cfg)
		},
		Illegal: func(g *flickemup.Game) flickemup.Action {
			if g.Phase() == flickemup.PhaseSelect {
				return flickemup.Action{Kind: flickemup.ActEndTurn}
			}
			return flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 9}
		},
		Play: func(g *flickemup.Game, _ []flickemup.Action, rng *rand.Rand) flickemup.Action {
			return randomAction(g, rng, nil)
		},
		Seat:         func(g *flickemup.Game) int { return g.Current() % 2 },
		Sentinel:     flickemup.ErrIllegal,
		Seeds:        2,
		MaxDecisions: 300,
		Final: func(g *flickemup.Game) error {
			s, hp := g.Scores(nil), g.HitPointsByTeam()
			if s[0] != float64(hp[flickemup.Lawmen]) || s[1] != float64(hp[flickemup.Outlaws]) {
				return fmt.Errorf("scores %v, hit points by team %v", s, hp)
			}
			return nil
		},
	})
}
