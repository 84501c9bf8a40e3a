package flickagobot

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestScore_AsBoard checks the evaluation's scoring tests against the board's methods they
// stand for, on random points over and around the board and on points placed exactly at a
// radius from the rectangles' edges and corners (where the shortcut and the hypotenuse could
// disagree).
func TestScore_AsBoard(t *testing.T) {
	b := flickago.StandardBoard()
	r := flickago.Pieces.Spec(flickago.KindGangDisc).Radius
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
			if got, want := touchesRect(rc, p, r), rc.Touches(p, r); got != want {
				t.Fatalf("touchesRect(%v, %v) = %v, Rect.Touches %v", rc, p, got, want)
			}
		}
		for q := range flickago.NumPlayers {
			if got, want := discValue(&b, q, p, r), b.DiscValue(q, p, r); got != want {
				t.Fatalf("discValue(%d, %v) = %d, Board.DiscValue %d", q, p, got, want)
			}
			if got, want := sectorValue(&b, q, p, r), b.SectorValue(q, p, r); got != want {
				t.Fatalf("sectorValue(%d, %v) = %d, Board.SectorValue %d", q, p, got, want)
			}
		}
		gp, gv := inspectorValue(&b, p, r)
		wp, wv := b.InspectorValue(p, r)
		if gp != wp || gv != wv {
			t.Fatalf("inspectorValue(%v) = %d, %d; Board.InspectorValue %d, %d", p, gp, gv, wp, wv)
		}
		if got, want := offBoard(&b, p, r), b.OffBoard(p, r); got != want {
			t.Fatalf("offBoard(%v) = %v, Board.OffBoard %v", p, got, want)
		}
	}
}
