package physics_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestSlide_AimStops flicks a disc on a free table at AimVelocity with push 0 and checks that
// it stops within 0.15 cm of its target, near and far, in every direction.
func TestSlide_AimStops(t *testing.T) {
	cfg := testConfig()
	sl := cfg.Slide(kindDisc)
	if want := 0.30 * cfg.Gravity; sl.Decel != want || sl.MaxSpeed != cfg.MaxSpeed {
		t.Fatalf("Slide = %+v, want decel %g, max speed %g", sl, want, cfg.MaxSpeed)
	}
	sim := newSim(t)
	start := physics.Vec{X: 50, Y: 50}
	for _, d := range []float64{1, 5, 20, 45} {
		for k := range 8 {
			target := start.Add(physics.Polar(d, float64(k)*math.Pi/4+0.1))
			st := scene(at(kindDisc, start.X, start.Y, 0))
			flick(t, sim, st, 0, sl.AimVelocity(start, target, 0))
			if miss := st.Pieces[0].Pos.Sub(target).Len(); miss > 0.15 {
				t.Errorf("aimed %g cm away at %v: stopped %.3f cm from it", d, target, miss)
			}
		}
	}
}

// TestSlide_AimVelocity checks the speeds: push 0 stops on the target, push 1 is MaxSpeed, a
// target on the start gives no flick, and a push out of [0, 1] is clamped.
func TestSlide_AimVelocity(t *testing.T) {
	sl := physics.Slide{Decel: 294.3, MaxSpeed: 300}
	start := physics.Vec{X: 10, Y: 20}
	target := physics.Vec{X: 13, Y: 24} // 5 cm away
	v := sl.AimVelocity(start, target, 0)
	if got := sl.Travel(v.Len()); math.Abs(got-5) > 1e-9 {
		t.Errorf("push 0 travels %g cm, want 5", got)
	}
	if u := v.Scale(1 / v.Len()); math.Abs(u.X-0.6) > 1e-12 || math.Abs(u.Y-0.8) > 1e-12 {
		t.Errorf("direction %v, want (0.6, 0.8)", u)
	}
	for _, push := range []float64{1, 7} {
		if got := sl.AimVelocity(start, target, push).Len(); math.Abs(got-300) > 1e-9 {
			t.Errorf("push %g: speed %g, want 300", push, got)
		}
	}
	if got := sl.AimVelocity(start, target, -1); got != v {
		t.Errorf("push -1 gives %v, want push 0's %v", got, v)
	}
	if got := sl.AimVelocity(start, start, 1); got != (physics.Vec{}) {
		t.Errorf("target on start gives %v, want no flick", got)
	}
	if got := sl.AimVelocity(start, start.Add(physics.Vec{X: 500}), 0).Len(); got != 300 {
		t.Errorf("a target out of reach gives speed %g, want the clip 300", got)
	}
}

// TestSlide_AimRoundTrip checks that AimVelocity inverts Aim: slow flicks stopping in the box
// (push 0), fast ones leaving it (push > 0), speeds beyond MaxSpeed (clipped), no flick.
func TestSlide_AimRoundTrip(t *testing.T) {
	sl := physics.Slide{Decel: 294.3, MaxSpeed: 300}
	lo, hi := physics.Vec{X: -4.8, Y: -7.2}, physics.Vec{X: 52.8, Y: 79.2}
	start := physics.Vec{X: 12, Y: 5}
	for _, speed := range []float64{0, 10, 60, 120, 200, 299, 300, 450} {
		for k := range 16 {
			v := physics.Polar(speed, float64(k)*math.Pi/8+0.05)
			target, push := sl.Aim(start, v, lo, hi)
			if target.X < lo.X-1e-9 || target.X > hi.X+1e-9 || target.Y < lo.Y-1e-9 || target.Y > hi.Y+1e-9 {
				t.Errorf("v %v: target %v out of the box", v, target)
			}
			if push < 0 || push > 1 {
				t.Errorf("v %v: push %g out of [0, 1]", v, push)
			}
			want := v.Scale(math.Min(1, 300/math.Max(speed, 1e-300)))
			if speed == 0 {
				want = physics.Vec{}
			}
			if back := sl.AimVelocity(start, target, push); back.Sub(want).Len() > 1e-9*300 {
				t.Errorf("v %v: Aim gives %v push %g, back to %v, want %v", v, target, push, back, want)
			}
			if stops := start.Add(v.Scale(sl.Travel(speed) / math.Max(speed, 1e-300))); speed > 0 && speed < 60 && (push != 0 || target.Sub(stops).Len() > 1e-9) {
				t.Errorf("slow v %v: target %v push %g, want its stop %v and push 0", v, target, push, stops)
			}
		}
	}
}
