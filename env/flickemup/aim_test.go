package flickemup_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// newAimEnv is newEnv with flick=aim.
func newAimEnv(t *testing.T, text string, tab flickemup.Table) *flickemup.Env {
	t.Helper()
	cfg := flickemup.DefaultConfig()
	cfg.Custom = mustParse(t, text)
	cfg.Options.Noise = physics.Noise{}
	cfg.Flick = env.FlickAim
	if tab != nil {
		cfg.Options.Table = tab
	}
	e, err := flickemup.NewEnv(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestAim_Conformance runs the env conformance suite on the showdown with flick=aim.
func TestAim_Conformance(t *testing.T) {
	envtest.RunConfig(t, flickemup.Factory, envtest.Config{Options: env.Options{"flick": "aim"}, NumEnvs: 3})
}

// TestAim_Option checks the option flick: listed with its values, velocity by default, aim
// giving the dims x, y, facing, push.
func TestAim_Option(t *testing.T) {
	envtest.CheckFlickOption(t, flickemup.Factory, []string{"vx", "vy", "facing"}, []string{"x", "y", "facing", "push"})
}

// aimed returns the native action of engine action a (velocity ignored) aimed at the
// egocentric normalised target (x, y) with push, facing 0.
func aimed(e *flickemup.Env, a flickemup.Action, x, y, push float32) env.Action {
	a.Velocity = physics.Vec{}
	na := flickemup.EncodeUnchecked(e, a)
	na.Continuous[0], na.Continuous[1], na.Continuous[2], na.Continuous[3] = x, y, 0, push
	return na
}

// TestAim_Starts plays each kind of flick with flick=aim on a scripted table, which records
// where the flicked piece lay and its velocity, and checks that the velocity points from
// that start to the target at the speed that stops the piece there: the env's idea of the
// start is the engine's, for a move on the street and out of a building, a pistol shot, the
// second bullet of two pistols, the Winchester, the dynamite and a duel, for both teams.
func TestAim_Starts(t *testing.T) {
	const duels = "rule duels"
	cases := []struct {
		name    string
		cowboys string
		extra   string
		outlaws bool // the outlaws act (after the lawmen end their turn)
		acts    []flickemup.Action
	}{
		{"move", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", false,
			[]flickemup.Action{{Kind: flickemup.ActMove}}},
		{"move out", "cowboy id=lawmen:1 in=saloon hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", false,
			[]flickemup.Action{{Kind: flickemup.ActMove}}},
		{"outlaws move", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", true,
			[]flickemup.Action{{Kind: flickemup.ActMove}}},
		{"shoot", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", false,
			[]flickemup.Action{{Kind: flickemup.ActShoot, Side: flickemup.SideRight}}},
		{"two pistols", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=colt\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", false,
			[]flickemup.Action{{Kind: flickemup.ActShoot, Side: flickemup.SideLeft}, {Kind: flickemup.ActShoot}}},
		{"outlaws winchester", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3 tokens=winchester\n", "", true,
			[]flickemup.Action{{Kind: flickemup.ActShoot, Rifle: true}}},
		{"dynamite", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=dynamite\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", false,
			[]flickemup.Action{{Kind: flickemup.ActThrow, Side: flickemup.SideLeft}}},
		{"duel", "cowboy id=lawmen:1 x=36 y=45 facing=180 hp=3\ncowboy id=outlaws:1 in=saloon hp=3\n", duels, false,
			[]flickemup.Action{{Kind: flickemup.ActDuel, Cowboy: 1, Side: flickemup.SideLeft}}},
	}
	slide := func(k physics.Kind) physics.Slide {
		cfg := physics.DefaultConfig()
		cfg.Pieces = flickemup.Pieces
		return cfg.Slide(k)
	}
	kinds := map[flickemup.ActionKind]physics.Kind{flickemup.ActMove: flickemup.KindMovementDisc, flickemup.ActShoot: flickemup.KindBullet,
		flickemup.ActDuel: flickemup.KindBullet, flickemup.ActThrow: flickemup.KindDynamite}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tab := &scripted{t: t}
			for range 4 {
				tab.steps = append(tab.steps, script{To: v(5, 5), Off: true})
			}
			tab.steps[0] = script{To: v(60, 30)} // a move that succeeds
			e := newAimEnv(t, town(tc.cowboys, tc.extra), tab)
			team := flickemup.Lawmen
			if tc.outlaws {
				step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
				step(t, e, flickemup.Action{Kind: flickemup.ActEndTurn})
				team = flickemup.Outlaws
			}
			step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
			w, h := 90.0, 90.0
			for i, a := range tc.acts {
				x, y := float32(0.2+0.1*float64(i)), float32(0.6)
				na := aimed(e, a, x, y, 0)
				if err := e.Validate(na); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
				if _, err := e.Step(na); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
				n := len(tab.flicks) - 1
				if n != i {
					t.Fatalf("%d flicks after %d actions", n+1, i+1)
				}
				target := physics.Vec{X: float64(x) * w, Y: float64(y) * h}
				if team == flickemup.Outlaws {
					target = physics.Vec{X: w - target.X, Y: h - target.Y}
				}
				start, vel := tab.starts[n], tab.flicks[n].Velocity
				d := target.Sub(start)
				want := d.Scale(slide(kinds[a.Kind]).StopSpeed(d.Len()) / d.Len())
				if vel.Sub(want).Len() > 1e-3 {
					t.Errorf("%v from %v to %v: velocity %v, want %v", a, start, target, vel, want)
				}
			}
		})
	}
}

// TestAim_MoveStops moves a cowboy with flick=aim and push 0 on the real table (no noise),
// for both teams, and measures where it ends up: within 0.05 cm of the target (the largest
// miss is logged).
func TestAim_MoveStops(t *testing.T) {
	worst := 0.0
	for _, tg := range [][2]float32{{0.6, 0.35}, {0.3, 0.1}, {0.75, 0.5}, {0.45, 0.3}} {
		for _, outlaws := range []bool{false, true} {
			e := newAimEnv(t, town(""), nil)
			team := flickemup.Lawmen
			if outlaws {
				step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
				step(t, e, flickemup.Action{Kind: flickemup.ActEndTurn})
				team = flickemup.Outlaws
			}
			step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
			if _, err := e.Step(aimed(e, flickemup.Action{Kind: flickemup.ActMove}, tg[0], tg[1], 0)); err != nil {
				t.Fatal(err)
			}
			id := "lawmen:1"
			if team == flickemup.Outlaws {
				id = "outlaws:1"
			}
			got := pos(e.Engine(), piece(t, e.Engine(), id))
			want := physics.Vec{X: float64(tg[0]) * 90, Y: float64(tg[1]) * 90}
			if outlaws {
				want = physics.Vec{X: 90 - want.X, Y: 90 - want.Y}
			}
			miss := got.Sub(want).Len()
			worst = max(worst, miss)
			if miss > 0.05 {
				t.Errorf("%v moved to %v, %.3f cm from the target %v", id, got, miss, want)
			}
		}
	}
	t.Logf("largest miss %.4f cm", worst)
}

// TestAim_RoundTrip checks that decoding inverts encoding for moves and shots of every speed,
// for both teams: the velocity comes back (clipped to the maximum speed), the facing too.
func TestAim_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, outlaws := range []bool{false, true} {
		e := newAimEnv(t, town(""), nil)
		if outlaws {
			step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
			step(t, e, flickemup.Action{Kind: flickemup.ActEndTurn})
		}
		step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
		for i := range 300 {
			speed := []float64{0, 8, 50, 120, 200, 300, 400}[i%7]
			vel := physics.Polar(speed, rng.Float64()*2*math.Pi)
			a := flickemup.Action{Kind: flickemup.ActMove, Velocity: vel, Facing: 1.25}
			if i%2 == 1 {
				a = flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.Side(i % 4 / 2), Velocity: vel}
			}
			na := e.Spec().NewAction()
			if err := e.EncodeAction(na, a); err != nil {
				t.Fatal(err)
			}
			back, err := e.DecodeAction(na)
			if err != nil {
				t.Fatalf("%v encoded as %v: %v", a, na, err)
			}
			want := vel.Scale(math.Min(1, 300/math.Max(speed, 1)))
			if back.Kind != a.Kind || back.Side != a.Side || back.Velocity.Sub(want).Len() > 1e-3 || math.Abs(back.Facing-a.Facing) > 1e-6 {
				t.Errorf("%v encoded as %v decodes to %v, want velocity %v", a, na.Continuous, back, want)
			}
		}
	}
}
