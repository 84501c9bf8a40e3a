package flickemup_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestAim_Move: for either flick format and either team, a move aimed by hand (SetAim, table
// coordinates) decodes as the velocity and facing given, and Aim starts it on the cowboy.
func TestAim_Move(t *testing.T) {
	for _, format := range []string{"velocity", "aim"} {
		for team := range 2 {
			g, err := flickemup.Factory(env.Options{"flick": format})
			if err != nil {
				t.Fatal(err)
			}
			e := g.(*flickemup.Env)
			if err := e.Reset(env.EpisodeRand(uint64(3+team), 0)); err != nil {
				t.Fatal(err)
			}
			a := e.Spec().NewAction()
			for e.CurrentPlayer() != team { // a select and an end of turn hand over to the other team
				e.DefaultAction(a)
				if _, err := e.Step(a); err != nil {
					t.Fatal(err)
				}
				e.DefaultAction(a)
				if _, err := e.Step(a); err != nil {
					t.Fatal(err)
				}
			}
			e.DefaultAction(a) // select the first cowboy
			if _, err := e.Step(a); err != nil {
				t.Fatal(err)
			}
			a.Discrete[0] = 1 // move
			aim, ok := e.Aim(a)
			if !ok || !aim.Facing || aim.Label != "move" || aim.MaxSpeed != 300 {
				t.Fatalf("%s, team %d: aim %+v %v", format, team, aim, ok)
			}
			want, facing := physics.Vec{X: 30, Y: -70}, 2.0
			e.SetAim(a, want.X, want.Y, facing)
			act, err := e.DecodeAction(a)
			if err != nil {
				t.Fatal(err)
			}
			if d := act.Velocity.Sub(want); math.Hypot(d.X, d.Y) > 1e-2 || math.Abs(act.Facing-facing) > 1e-5 {
				t.Errorf("%s, team %d: SetAim %v facing %v decodes as %v facing %v", format, team, want, facing, act.Velocity, act.Facing)
			}
		}
	}
}
