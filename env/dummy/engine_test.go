package dummy_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/dummy"
)

// TestEngine_Convention plays random games of 3 players and checks the engine convention at
// every decision: the legal actions pass Check and encode to actions the env accepts and
// decodes back; an illegal action is refused by Check, Apply and EncodeAction with an error
// wrapping env.ErrIllegalAction, changing nothing; Clone is deep; Validate holds.
func TestEngine_Convention(t *testing.T) {
	cfg := dummy.DefaultConfig()
	cfg.Players = 3
	for seed := range uint64(20) {
		e, err := dummy.NewEnv(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatal(err)
		}
		g := e.Engine()
		rng := rand.New(rand.NewPCG(seed, 9))
		dst := e.Spec().NewAction()
		for !g.Over() {
			if err := g.Validate(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if g.Current() != e.CurrentPlayer() {
				t.Fatalf("engine seat %d, env seat %d", g.Current(), e.CurrentPlayer())
			}
			legal := g.Legal(nil)
			for _, a := range legal {
				if err := g.Check(a); err != nil {
					t.Fatalf("seed %d: legal %v refused: %v", seed, a, err)
				}
				if err := e.EncodeAction(dst, a); err != nil {
					t.Fatalf("seed %d: EncodeAction(%v): %v", seed, a, err)
				}
				got, err := e.DecodeAction(dst)
				if err != nil || got.Move != a.Move || (a.Move == dummy.Steal && got.Target != a.Target) {
					t.Fatalf("seed %d: %v encodes to %v, decodes to %v, %v", seed, a, dst, got, err)
				}
			}
			// Steal from each other seat: legal exactly when listed.
			for s := range cfg.Players {
				a := dummy.Action{Move: dummy.Steal, Target: s}
				listed := slices.Contains(legal, a)
				before, clone := g.Hash(), g.Clone()
				err := g.Apply(a)
				switch {
				case listed && err != nil:
					t.Fatalf("seed %d: listed %v refused: %v", seed, a, err)
				case !listed && !errors.Is(err, env.ErrIllegalAction):
					t.Fatalf("seed %d: unlisted %v: %v, want an illegal action", seed, a, err)
				case !listed && g.Hash() != before:
					t.Fatalf("seed %d: refused %v changed the game", seed, a)
				case !listed && !errors.Is(e.EncodeAction(dst, a), env.ErrIllegalAction):
					t.Fatalf("seed %d: EncodeAction accepted %v", seed, a)
				}
				if listed {
					if clone.Hash() != before {
						t.Fatalf("seed %d: Apply on the game changed its clone", seed)
					}
					*g = *clone // undo, through the clone
				}
			}
			a := legal[rng.IntN(len(legal))]
			a.Power = rng.Float64()*2 - 1
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
			}
		}
		if err := g.Apply(dummy.Action{Move: dummy.Pass}); !errors.Is(err, env.ErrIllegalAction) {
			t.Errorf("seed %d: a move after the end: %v", seed, err)
		}
		if s := g.Scores(nil); len(s) != cfg.Players {
			t.Errorf("seed %d: scores %v", seed, s)
		}
	}
}
