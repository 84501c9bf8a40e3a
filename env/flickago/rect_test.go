package flickago_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestRect_TouchesAsDist checks that Rect.Touches, which skips the hypotenuse when one axis
// decides, answers Dist(p) < rad: on random points over and around the board and on points
// placed exactly at a radius from the rectangles' edges and corners (where the shortcut and
// the hypotenuse could disagree), for every rectangle of the standard board.
func TestRect_TouchesAsDist(t *testing.T) {
	b := flickago.StandardBoard()
	rng := rand.New(rand.NewPCG(4, 5))
	var pts []physics.Vec
	for range 20000 {
		pts = append(pts, physics.Vec{X: -10 + rng.Float64()*(b.Width+20), Y: -10 + rng.Float64()*(b.Length+20)})
	}
	var rects []flickago.Rect
	for h := range flickago.NumPlayers {
		for _, s := range b.Sectors[h] {
			rects = append(rects, s.Rects...)
		}
		rects = append(rects, b.HQ[h])
	}
	rects = append(rects, b.Rect())
	for _, rc := range rects {
		for _, x := range []float64{rc.Min.X - r, rc.Min.X, (rc.Min.X + rc.Max.X) / 2, rc.Max.X, rc.Max.X + r} {
			for _, y := range []float64{rc.Min.Y - r, rc.Min.Y, (rc.Min.Y + rc.Max.Y) / 2, rc.Max.Y, rc.Max.Y + r} {
				pts = append(pts, physics.Vec{X: x, Y: y})
			}
		}
		// At a radius from a corner, diagonally.
		d := r / 1.4142135623730951
		pts = append(pts, physics.Vec{X: rc.Min.X - d, Y: rc.Min.Y - d}, physics.Vec{X: rc.Max.X + d, Y: rc.Max.Y + d})
	}
	for _, p := range pts {
		for _, rc := range rects {
			if got, want := rc.Touches(p, r), rc.Dist(p) < r; got != want {
				t.Fatalf("%v.Touches(%v, %g) = %v, Dist %g", rc, p, r, got, rc.Dist(p))
			}
		}
	}
}
