package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// boundSlack widens the bounding circles of the placement tests, in cm: far more than the
// rounding of the distances they compare, far less than any piece, so that a pair the bound
// rules out can never be one that [physics.Outline.Intersects] accepts.
const boundSlack = 1e-3

// standingReach and fallenReach hold, indexed by kind of [Pieces], the farthest any point of
// a piece's outline ([physics.Catalogue.Outline]) lies from the piece's position, in cm, for
// a piece standing and for one fallen: a figure reaches much farther lying down.
var standingReach, fallenReach = func() ([]float64, []float64) {
	kinds := Pieces.Kinds()
	up := make([]float64, int(kinds[len(kinds)-1])+1)
	down := make([]float64, len(up))
	for _, k := range kinds {
		s := Pieces.Spec(k)
		hl := s.Height / 2
		// Standing: a disc of Radius or a box of the half-extents about the position.
		// Fallen: a box of half-extents hl and Radius whose centre is hl-Radius away.
		up[k] = max(s.Radius, math.Hypot(s.HalfLength, s.HalfWidth))
		down[k] = math.Abs(hl-s.Radius) + math.Hypot(hl, s.Radius)
	}
	return up, down
}()

// pieceReach returns how far any point of piece p's outline lies from its position, at most,
// in cm.
func pieceReach(p *physics.Piece) float64 {
	if p.Fallen {
		return fallenReach[p.Kind]
	}
	return standingReach[p.Kind]
}

// outlineReach returns the radius about o.C of a circle that holds all of outline o, in cm.
func outlineReach(o physics.Outline) float64 {
	if o.Box {
		return math.Hypot(o.HX, o.HY)
	}
	return o.R
}

// apart reports whether an outline whose bounding circle about c has radius sr certainly
// misses piece p: their bounding circles lie apart. It only saves work: when it reports
// false, the exact test decides. (It takes the centre rather than the outline, which the
// loops over the pieces would otherwise copy at every piece.)
func apart(c physics.Vec, sr float64, p *physics.Piece) bool {
	d := c.Sub(p.Pos)
	r := sr + pieceReach(p) + boundSlack
	return d.X*d.X+d.Y*d.Y > r*r
}
