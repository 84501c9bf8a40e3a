package flickago_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestRecord_SameGame: the option record keeps the flicks' trajectories and changes nothing
// of the game: the same seed and actions give the same hashes, with a flick traced per step.
func TestRecord_SameGame(t *testing.T) {
	plain, err := flickago.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := flickago.Factory(env.Options{"record": "true"})
	if err != nil {
		t.Fatal(err)
	}
	tr := rec.(*flickago.Env).Tracer()
	if tr == nil || plain.(*flickago.Env).Tracer() != nil {
		t.Fatal("record=true has no tracer, or the default has one")
	}
	if err := plain.Reset(env.EpisodeRand(9, 0)); err != nil {
		t.Fatal(err)
	}
	if err := rec.Reset(env.EpisodeRand(9, 0)); err != nil {
		t.Fatal(err)
	}
	a := plain.Spec().NewAction()
	traced := 0
	for step := 0; step < 200; step++ {
		plain.DefaultAction(a)
		a.Continuous[0], a.Continuous[1] = float32(step%7*20-60), 150
		tr.Begin()
		s1, err1 := plain.Step(a)
		s2, err2 := rec.Step(a)
		traced += len(tr.Take())
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if plain.Hash() != rec.Hash() || s1 != s2 {
			t.Fatalf("step %d: the recording game differs", step)
		}
		if s1 != env.Running {
			break
		}
	}
	if traced == 0 {
		t.Error("no flick traced")
	}
}

// TestAim_Frames: for either seat and either flick format, SetAim writes the velocity given in
// the board's coordinates into the action, as the engine reads it back (DecodeAction), and Aim
// starts the flick where the engine does.
func TestAim_Frames(t *testing.T) {
	for _, format := range []string{"velocity", "aim"} {
		for first := range 2 {
			g, err := flickago.Factory(env.Options{"flick": format, "first_player": []string{"0", "1"}[first]})
			if err != nil {
				t.Fatal(err)
			}
			e := g.(*flickago.Env)
			if err := e.Reset(env.EpisodeRand(1, 0)); err != nil {
				t.Fatal(err)
			}
			a := e.Spec().NewAction()
			e.DefaultAction(a)
			aim, ok := e.Aim(a)
			if !ok || aim.MaxSpeed != 300 || aim.Label == "" {
				t.Fatalf("%s, seat %d: aim %+v %v", format, first, aim, ok)
			}
			want := physics.Vec{X: 40, Y: -120}
			if first == 1 {
				want = physics.Vec{X: -35, Y: 90}
			}
			e.SetAim(a, want.X, want.Y, 0)
			act, err := e.DecodeAction(a)
			if err != nil {
				t.Fatal(err)
			}
			if d := act.Velocity.Sub(want); math.Hypot(d.X, d.Y) > 1e-2 {
				t.Errorf("%s, seat %d: SetAim %v decodes as %v", format, first, want, act.Velocity)
			}
			if act.Disc == flickago.NoDisc {
				if p := e.Engine().Board().Points[first][act.Point].Pos; aim.From != [2]float64{p.X, p.Y} {
					t.Errorf("%s, seat %d: aim from %v, the start point is %v", format, first, aim.From, p)
				}
			} else {
				t.Errorf("%s, seat %d: the first action flicks disc %d, want a reserve disc", format, first, act.Disc)
			}
		}
	}
}
