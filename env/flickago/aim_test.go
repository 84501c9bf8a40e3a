package flickago_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// aimOpts are the options of the aiming format, noiseless.
var aimOpts = env.Options{"flick": "aim", "angle_sd": "0", "power_sd": "0"}

// newAimEnv returns a reset env of the aiming format, noiseless, seat first to flick first.
func newAimEnv(t *testing.T, first int) *flickago.Env {
	t.Helper()
	opts := maps(aimOpts, env.Options{"first_player": string(rune('0' + first))})
	g, err := flickago.Factory(opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	return g.(*flickago.Env)
}

// maps returns the union of a and b (b wins).
func maps(a, b env.Options) env.Options {
	out := env.Options{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// TestAim_Conformance runs the env conformance suite on the aiming format.
func TestAim_Conformance(t *testing.T) {
	envtest.RunConfig(t, flickago.Factory, envtest.Config{Options: env.Options{"flick": "aim"}})
}

// TestAim_Option checks the option "flick": declared with its values, velocity by default (the
// spec unchanged), aim giving the dims x, y, push, anything else refused.
func TestAim_Option(t *testing.T) {
	envtest.CheckFlickOption(t, flickago.Factory, []string{"vx", "vy"}, []string{"x", "y", "push"})
	if d := newAimEnv(t, 0).Spec().Dims; d[0].Low != -0.1 || d[0].High != 1.1 || d[2].Low != 0 || d[2].High != 1 {
		t.Errorf("aim dims bounds %+v", d)
	}
}

// aimAction returns the native aiming action that flicks from source src (the "source" head)
// to the egocentric normalised target (x, y) with push.
func aimAction(src int, x, y, push float32) env.Action {
	return env.Action{Discrete: []int32{0, int32(src), 0}, Continuous: []float32{x, y, push}}
}

// egoNorm returns board point q as seat p sees it, normalised by the board's size.
func egoNorm(b *flickago.Board, p int, q physics.Vec) physics.Vec {
	if p == flickago.Black {
		q = b.Turn(q)
	}
	return physics.Vec{X: q.X / b.Width, Y: q.Y / b.Length}
}

// TestAim_StopsAtTarget flicks discs with push 0 on an empty board, from every start point
// and from a family disc on the board, for both seats, and measures how far from its target
// each stops on the real physics (noiseless): within 0.05 cm (the largest miss is logged).
func TestAim_StopsAtTarget(t *testing.T) {
	targets := [][2]float32{{0.1, 0.2}, {0.5, 0.3}, {0.9, 0.4}, {0.3, 0.12}, {0.75, 0.25}, {0.5, 0.08}}
	worst := 0.0
	for p := range flickago.NumPlayers {
		for src := range 5 {
			for _, tg := range targets {
				e := newAimEnv(t, p)
				if _, err := e.Step(aimAction(src, tg[0], tg[1], 0)); err != nil {
					t.Fatalf("seat %d source %d target %v: %v", p, src, tg, err)
				}
				d := discAt(t, e.Engine(), p)
				got := egoNorm(e.Engine().Board(), p, d)
				b := e.Engine().Board()
				miss := math.Hypot((got.X-float64(tg[0]))*b.Width, (got.Y-float64(tg[1]))*b.Length)
				worst = max(worst, miss)
				if miss > 0.05 {
					t.Errorf("seat %d source %d target %v: stopped at %v, %.3f cm away", p, src, tg, got, miss)
				}
			}
		}
		// A family disc on the board (disc 8, at the egocentric (0.3, 0.2)) flicked again.
		e := newAimEnv(t, p)
		b := e.Engine().Board()
		pos := physics.Vec{X: 0.3 * b.Width, Y: 0.2 * b.Length}
		if p == flickago.Black {
			pos = b.Turn(pos)
		}
		st := e.Engine().State()
		st.Discs[p][8] = flickago.Disc{Place: flickago.OnBoard, Pos: pos}
		st.Current = p
		if err := e.Engine().SetState(st); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Step(aimAction(5+1, 0.7, 0.28, 0)); err != nil {
			t.Fatal(err)
		}
		got := egoNorm(b, p, e.Engine().State().Discs[p][8].Pos)
		miss := math.Hypot((got.X-0.7)*b.Width, (got.Y-0.28)*b.Length)
		worst = max(worst, miss)
		if miss > 0.05 {
			t.Errorf("seat %d family disc 8: stopped at %v, %.3f cm from (0.7, 0.28)", p, got, miss)
		}
	}
	t.Logf("largest miss %.4f cm", worst)
}

// discAt returns the position of seat p's only disc on the board.
func discAt(t *testing.T, g *flickago.Game, p int) physics.Vec {
	t.Helper()
	var pos []physics.Vec
	for _, d := range g.State().Discs[p] {
		if d.Place == flickago.OnBoard {
			pos = append(pos, d.Pos)
		}
	}
	if len(pos) != 1 {
		t.Fatalf("seat %d has %d discs on the board, want 1", p, len(pos))
	}
	return pos[0]
}

// TestAim_Push checks that push adds speed beyond stopping: push 1 flicks at the maximum
// speed, and a push between goes farther than push 0.
func TestAim_Push(t *testing.T) {
	e := newAimEnv(t, 0)
	stop, err := e.DecodeAction(aimAction(0, 0.5, 0.3, 0))
	if err != nil {
		t.Fatal(err)
	}
	half, _ := e.DecodeAction(aimAction(0, 0.5, 0.3, 0.5))
	full, _ := e.DecodeAction(aimAction(0, 0.5, 0.3, 1))
	s0, s5, s1 := stop.Velocity.Len(), half.Velocity.Len(), full.Velocity.Len()
	if !(s0 < s5 && s5 < s1) || math.Abs(s1-300) > 1e-9 || math.Abs(s5-(s0+300)/2) > 1e-9 {
		t.Errorf("speeds at push 0, 0.5, 1: %g, %g, %g", s0, s5, s1)
	}
	if u, w := stop.Velocity.Scale(1/s0), full.Velocity.Scale(1/s1); u.Sub(w).Len() > 1e-12 {
		t.Errorf("push turned the flick: %v vs %v", u, w)
	}
}

// TestAim_RoundTrip checks that decoding inverts encoding: engine flicks of every speed (slow
// ones stopping on the board, fast ones needing a push, beyond the maximum) from a start point
// and from a family disc on the board, for both seats, come back to the same velocity (clipped
// to the maximum speed); and an aiming action with push 0 comes back to itself.
func TestAim_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for p := range flickago.NumPlayers {
		e := newAimEnv(t, p)
		b := e.Engine().Board()
		st := e.Engine().State()
		st.Discs[p][9] = flickago.Disc{Place: flickago.OnBoard, Pos: b.Turn(physics.Vec{X: 20, Y: 30})}
		if err := e.Engine().SetState(st); err != nil {
			t.Fatal(err)
		}
		dst := aimAction(0, 0, 0, 0)
		for i := range 400 {
			speed := []float64{0, 5, 40, 100, 150, 200, 260, 300, 420}[i%9]
			v := physics.Polar(speed, rng.Float64()*2*math.Pi)
			a := flickago.FlickFrom(rng.IntN(5), v)
			if i%2 == 1 {
				a = flickago.FlickDisc(9, v)
			}
			if err := e.EncodeAction(dst, a); err != nil {
				t.Fatal(err)
			}
			back, err := e.DecodeAction(dst)
			if err != nil {
				t.Fatalf("%v encoded as %v: %v", a, dst, err)
			}
			want := v.Scale(math.Min(1, 300/math.Max(speed, 1)))
			if back.Disc != a.Disc || back.Point != a.Point || back.Velocity.Sub(want).Len() > 1e-3 {
				t.Errorf("seat %d: %v encoded as %v decodes to %v, want velocity %v", p, a, dst.Continuous, back, want)
			}
			if dst.Continuous[2] == 0 {
				again := aimAction(0, 0, 0, 0)
				if err := e.EncodeAction(again, back); err != nil {
					t.Fatal(err)
				}
				for k := range 3 {
					if math.Abs(float64(again.Continuous[k]-dst.Continuous[k])) > 1e-5 {
						t.Errorf("seat %d: native %v decodes to %v, encoded back as %v", p, dst.Continuous, back, again.Continuous)
						break
					}
				}
			}
		}
	}
}

// TestAim_VelocityDefault checks that flick=velocity plays exactly the default game: the same
// random native actions give the same positions, bit for bit.
func TestAim_VelocityDefault(t *testing.T) {
	def, err := flickago.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	vel, err := flickago.Factory(env.Options{"flick": "velocity"})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []env.Game{def, vel} {
		if err := g.Reset(rand.New(rand.NewPCG(7, 7))); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	a := env.Action{Discrete: make([]int32, 3), Continuous: make([]float32, 2)}
	for step := 0; step < 60 && def.Hash() == vel.Hash(); step++ {
		def.DefaultAction(a)
		a.Continuous[0], a.Continuous[1] = float32(rng.Float64()*600-300), float32(rng.Float64()*600-300)
		s1, err1 := def.Step(a)
		s2, err2 := vel.Step(a)
		if (err1 == nil) != (err2 == nil) || s1 != s2 {
			t.Fatalf("step %d: %v %v vs %v %v", step, s1, err1, s2, err2)
		}
		if s1 != env.Running {
			break
		}
	}
	if def.Hash() != vel.Hash() {
		t.Error("flick=velocity plays differently from the default")
	}
}
