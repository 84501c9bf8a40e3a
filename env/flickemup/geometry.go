package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// shape is an outline on the table seen from above: a circle, or a rectangle (box) of
// half-extents hx along angle a and hy across it. Units: cm and radians.
type shape struct {
	box    bool
	c      physics.Vec
	r      float64 // circle radius
	hx, hy float64 // box half-extents
	a      float64 // box angle
}

// overlapEps is how deep two outlines must interpenetrate to count as overlapping, in cm:
// touching is allowed.
const overlapEps = 1e-6

// circleShape returns a circle of radius r at c.
func circleShape(c physics.Vec, r float64) shape { return shape{c: c, r: r} }

// pieceShape returns the outline of piece p (an octagon counts as its circumscribed circle, a
// fallen figure as the rectangle it covers).
func pieceShape(p physics.Piece) shape {
	s := physics.SpecOf(p.Kind)
	if p.Fallen {
		hl := s.Height / 2
		return shape{box: true, c: p.Pos.Add(physics.Polar(hl-s.Radius, p.Angle)), hx: hl, hy: s.Radius, a: p.Angle}
	}
	if s.Shape == physics.ShapeBox {
		return shape{box: true, c: p.Pos, hx: s.HalfLength, hy: s.HalfWidth, a: p.Angle}
	}
	return shape{c: p.Pos, r: s.Radius}
}

// axes returns the box's unit axes.
func (s shape) axes() (u, v physics.Vec) {
	sn, cs := math.Sincos(s.a)
	return physics.Vec{X: cs, Y: sn}, physics.Vec{X: -sn, Y: cs}
}

// corners returns the box's four corners.
func (s shape) corners() [4]physics.Vec {
	u, v := s.axes()
	U, V := u.Scale(s.hx), v.Scale(s.hy)
	return [4]physics.Vec{s.c.Add(U).Add(V), s.c.Add(U).Sub(V), s.c.Sub(U).Sub(V), s.c.Sub(U).Add(V)}
}

// contains reports whether point p lies inside the outline (boundary excluded by overlapEps).
func (s shape) contains(p physics.Vec) bool {
	if !s.box {
		return p.Sub(s.c).Len() < s.r-overlapEps
	}
	u, v := s.axes()
	d := p.Sub(s.c)
	return math.Abs(d.Dot(u)) < s.hx-overlapEps && math.Abs(d.Dot(v)) < s.hy-overlapEps
}

// overlaps reports whether two outlines interpenetrate.
func overlaps(a, b shape) bool {
	switch {
	case !a.box && !b.box:
		return a.c.Sub(b.c).Len() < a.r+b.r-overlapEps
	case !a.box:
		return circleBox(a, b)
	case !b.box:
		return circleBox(b, a)
	}
	return boxBox(a, b)
}

// circleBox reports whether circle c overlaps box b.
func circleBox(c, b shape) bool {
	u, v := b.axes()
	d := c.c.Sub(b.c)
	x, y := d.Dot(u), d.Dot(v)
	cx := math.Max(-b.hx, math.Min(b.hx, x))
	cy := math.Max(-b.hy, math.Min(b.hy, y))
	return math.Hypot(x-cx, y-cy) < c.r-overlapEps
}

// boxBox reports whether two boxes overlap, by the separating axis test.
func boxBox(a, b shape) bool {
	au, av := a.axes()
	bu, bv := b.axes()
	ca, cb := a.corners(), b.corners()
	for _, ax := range [4]physics.Vec{au, av, bu, bv} {
		amin, amax := project(ca, ax)
		bmin, bmax := project(cb, ax)
		if amax <= bmin+overlapEps || bmax <= amin+overlapEps {
			return false
		}
	}
	return true
}

// project returns the extent of points ps along axis ax.
func project(ps [4]physics.Vec, ax physics.Vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		d := p.Dot(ax)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}

// onTable reports whether the whole outline lies on table t.
func (s shape) onTable(t physics.Table) bool {
	if !s.box {
		return s.c.X-s.r >= 0 && s.c.Y-s.r >= 0 && s.c.X+s.r <= t.Width && s.c.Y+s.r <= t.Height
	}
	for _, p := range s.corners() {
		if !t.Contains(p) {
			return false
		}
	}
	return true
}

// clampOnTable returns p moved, if needed, so that a disc of radius r centred there lies on
// table t.
func clampOnTable(p physics.Vec, r float64, t physics.Table) physics.Vec {
	return physics.Vec{
		X: math.Max(r, math.Min(t.Width-r, p.X)),
		Y: math.Max(r, math.Min(t.Height-r, p.Y)),
	}
}

// normAngle maps a to (-π, π].
func normAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	switch {
	case a > math.Pi:
		a -= 2 * math.Pi
	case a <= -math.Pi:
		a += 2 * math.Pi
	}
	return a
}
