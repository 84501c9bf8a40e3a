package physics_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestFlick_NoTunnelling shoots the smallest and the largest flicked discs at maximum speed at
// a pinned obstacle of every kind, from every direction of a sweep, and checks that the disc
// touches the obstacle and never ends up beyond it. With continuous collision off, only the
// step sized to StepTravel prevents tunnelling.
func TestFlick_NoTunnelling(t *testing.T) {
	s := newSim(t)
	top := s.Config().MaxSpeed
	sweep := 36
	if testing.Short() {
		sweep = 12
	}
	for _, shot := range []physics.Kind{kindBullet, kindDisc} {
		for _, obstacle := range testPieces.Kinds() {
			for _, fallen := range []bool{false, true} {
				if fallen && !testPieces.Spec(obstacle).Topples {
					continue
				}
				for k := 0; k < sweep; k++ {
					dir := 2 * math.Pi * float64(k) / float64(sweep)
					centre := physics.Vec{X: 50, Y: 50}
					o := physics.Piece{Kind: obstacle, Pos: centre, Angle: 0.37 * float64(k), Fallen: fallen, Static: true}
					start := centre.Sub(physics.Polar(20, dir))
					st := scene(o, physics.Piece{Kind: shot, Pos: start})
					out := flick(t, s, st, 1, physics.Polar(top, dir))
					if !out.Touched(0, 1) {
						t.Errorf("%v at %v (fallen %v), direction %.2f rad: no contact; the %v ended at %v", shot, obstacle, fallen, dir, shot, st.Pieces[1].Pos)
						continue
					}
					// Beyond means past the obstacle's centre along the flight line.
					if along := st.Pieces[1].Pos.Sub(centre).Dot(physics.Polar(1, dir)); along > 0 && !st.Pieces[1].Off {
						// A glancing hit on a long shape may slide the disc along it; it must
						// still be on the near side of the shape's outline.
						if d := st.Pieces[1].Pos.Sub(centre).Len(); d < testPieces.Spec(shot).Radius {
							t.Errorf("%v through %v, direction %.2f rad: ended %.2f cm from its centre", shot, obstacle, dir, d)
						}
					}
				}
			}
		}
	}
}

// TestFlick_NoTunnellingDynamic fires a bullet at maximum speed at free pieces, which recoil:
// the bullet must hit them and stay behind them.
func TestFlick_NoTunnellingDynamic(t *testing.T) {
	s := newSim(t)
	top := s.Config().MaxSpeed
	for _, target := range []physics.Kind{kindBullet, kindDisc, kindFigure, kindFence} {
		st := scene(at(target, 50, 50, 0), at(kindBullet, 50, 10, 0))
		out := flick(t, s, st, 1, physics.Vec{Y: top})
		if !out.Touched(0, 1) {
			t.Errorf("bullet passed through a %v: contacts %+v", target, out.Contacts)
		}
		if st.Pieces[1].Pos.Y >= st.Pieces[0].Pos.Y {
			t.Errorf("bullet ended at y=%.2f, beyond the %v, now at y=%.2f", st.Pieces[1].Pos.Y, target, st.Pieces[0].Pos.Y)
		}
	}
}
