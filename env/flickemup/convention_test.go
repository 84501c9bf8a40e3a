package flickemup_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestEngine_Convention plays random games of the bank job and checks the engine convention
// (docs/adding-a-game.md) at every decision: Current, Over, Legal, Check, Apply, Clone,
// Scores, Validate; an illegal action is refused with an error wrapping env.ErrIllegalAction
// (by Check, Apply and Env.EncodeAction) and changes nothing.
func TestEngine_Convention(t *testing.T) {
	cfg := flickemup.DefaultEnvConfig()
	cfg.Scenario = "bank-job"
	for seed := range uint64(2) {
		e, err := flickemup.NewEnv(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatal(err)
		}
		g := e.Engine()
		rng := rand.New(rand.NewPCG(seed, 5))
		dst := e.Spec().NewAction()
		var buf []flickemup.Action
		n := 0
		for ; !g.Over() && n < 300; n++ {
			if err := g.Validate(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if got, want := g.Current()%2, e.CurrentPlayer(); got != want {
				t.Fatalf("seed %d: engine player %d (team %d), env seat %d", seed, g.Current(), got, want)
			}
			for _, a := range g.Legal(nil) {
				if err := g.Check(a); err != nil {
					t.Fatalf("seed %d: legal %v refused: %v", seed, a, err)
				}
			}
			bad := flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 9}
			if g.Phase() == flickemup.PhaseSelect {
				bad = flickemup.Action{Kind: flickemup.ActEndTurn}
			}
			before := g.Hash()
			for name, err := range map[string]error{"Check": g.Check(bad), "Apply": g.Apply(bad), "EncodeAction": e.EncodeAction(dst, bad)} {
				if !errors.Is(err, env.ErrIllegalAction) || !errors.Is(err, flickemup.ErrIllegalAction) {
					t.Fatalf("seed %d: %s(%v) in phase %v = %v, want an error wrapping env.ErrIllegalAction", seed, name, bad, g.Phase(), err)
				}
			}
			if g.Hash() != before {
				t.Fatalf("seed %d: a refused action changed the game", seed)
			}
			c := g.Clone()
			a := randomAction(g, rng, buf)
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
			}
			if c.Hash() != before {
				t.Fatalf("seed %d: Apply on the game changed its clone", seed)
			}
		}
		if n < 20 {
			t.Errorf("seed %d: only %d decisions", seed, n)
		}
		s := g.Scores(nil)
		hp := g.HitPointsByTeam()
		if len(s) != 2 || s[0] != float64(hp[flickemup.Lawmen]) || s[1] != float64(hp[flickemup.Outlaws]) {
			t.Errorf("seed %d: Scores %v, hit points by team %v", seed, s, hp)
		}
	}
}
