package flickago_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestEngine_Convention plays random games and checks the engine convention
// (docs/adding-a-game.md) at every decision: Current, Over, Legal, Check, Apply, Clone,
// Scores, Validate; an illegal action is refused with an error wrapping env.ErrIllegalAction
// (by Check, Apply and Env.EncodeAction) and changes nothing.
func TestEngine_Convention(t *testing.T) {
	for seed := range uint64(4) {
		e, err := flickago.NewEnv(flickago.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatal(err)
		}
		g := e.Engine()
		rng := rand.New(rand.NewPCG(seed, 5))
		dst := e.Spec().NewAction()
		for !g.Over() {
			if err := g.Validate(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if g.Current() != e.CurrentPlayer() {
				t.Fatalf("seed %d: engine seat %d, env seat %d", seed, g.Current(), e.CurrentPlayer())
			}
			for _, a := range g.Legal(nil) {
				if err := g.Check(a); err != nil {
					t.Fatalf("seed %d: legal %v refused: %v", seed, a, err)
				}
			}
			bad := flickago.FlickDisc(99, physics.Vec{Y: 10})
			before := g.Hash()
			for name, err := range map[string]error{"Check": g.Check(bad), "Apply": g.Apply(bad, nil), "EncodeAction": e.EncodeAction(dst, bad)} {
				if !errors.Is(err, env.ErrIllegalAction) || !errors.Is(err, flickago.ErrIllegal) {
					t.Fatalf("seed %d: %s(%v) = %v, want an error wrapping env.ErrIllegalAction", seed, name, bad, err)
				}
			}
			if g.Hash() != before {
				t.Fatalf("seed %d: a refused action changed the game", seed)
			}
			c := g.Clone()
			a := randomAction(g, rng, nil)
			if err := g.Apply(a, nil); err != nil {
				t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
			}
			if c.Hash() != before {
				t.Fatalf("seed %d: Apply on the game changed its clone", seed)
			}
		}
		s := g.Scores(nil)
		if p := g.Points(); len(s) != flickago.NumPlayers || s[0] != float64(p[0]) || s[1] != float64(p[1]) {
			t.Errorf("seed %d: Scores %v, Points %v", seed, s, p)
		}
	}
}
