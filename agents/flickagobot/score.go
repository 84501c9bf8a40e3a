package flickagobot

import (
	"math"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// The board's scoring tests, answering exactly as the flickago methods of the same names
// (Rect.Touches, Board.SectorValue, Board.DiscValue, Board.InspectorValue, Board.OffBoard)
// but cheaper: a rectangle farther than rad along X or Y, or level with the point along one
// of them, is decided without the hypotenuse. They are the evaluation's hot path: every
// predicted position rates the pieces it moved.

// touchesRect is rc.Touches(p, rad): whether a disc of radius rad (cm) at p overlaps rc with
// positive area. rc.Dist is math.Hypot(dx, dy), at least max(dx, dy) and equal to it when
// the other is 0, so the tests before it give its answer.
func touchesRect(rc flickago.Rect, p physics.Vec, rad float64) bool {
	dx := max(0, rc.Min.X-p.X, p.X-rc.Max.X)
	dy := max(0, rc.Min.Y-p.Y, p.Y-rc.Max.Y)
	switch {
	case dx >= rad || dy >= rad:
		return false
	case dx == 0:
		return dy < rad
	case dy == 0:
		return dx < rad
	}
	return math.Hypot(dx, dy) < rad
}

// sectorValue is b.SectorValue(h, p, r): the best value of the sectors of half h that a disc
// of radius r (cm) at p touches, or 0.
func sectorValue(b *flickago.Board, h int, p physics.Vec, r float64) int {
	best := 0
	for _, s := range b.Sectors[h] {
		if s.Value <= best {
			continue
		}
		for _, rc := range s.Rects {
			if touchesRect(rc, p, r) {
				best = s.Value
				break
			}
		}
	}
	return best
}

// discValue is b.DiscValue(p, pos, r): the points a disc of player p at pos scores.
func discValue(b *flickago.Board, p int, pos physics.Vec, r float64) int {
	if b.Return[p].Touches(pos, r) {
		return flickago.ReturnValue
	}
	return sectorValue(b, 1-p, pos, r)
}

// inspectorValue is b.InspectorValue(pos, r): whom an inspector at pos scores for and how
// much, or (-1, 0).
func inspectorValue(b *flickago.Board, pos physics.Vec, r float64) (player, value int) {
	if b.TouchesLine(pos, r) || b.Return[0].Touches(pos, r) || b.Return[1].Touches(pos, r) {
		return -1, 0
	}
	h := 0
	if pos.Y > b.CentreY {
		h = 1
	}
	if v := sectorValue(b, h, pos, r); v > 0 {
		return 1 - h, v
	}
	return -1, 0
}

// offBoard is b.OffBoard(p, r): whether a disc of radius r (cm) at p lies wholly off the
// board.
func offBoard(b *flickago.Board, p physics.Vec, r float64) bool {
	return !touchesRect(b.Rect(), p, r)
}
