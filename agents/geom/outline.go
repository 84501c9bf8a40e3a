package geom

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// Outline is the ground a piece covers, seen from above: a circle of radius R at C, or a
// rectangle (Box) of half-extents HX along angle A and HY across it, centred at C. Units: cm
// and radians.
type Outline struct {
	Box    bool
	C      physics.Vec
	R      float64
	HX, HY float64
	A      float64
}

// PieceOutline returns the outline of piece p: a circle for discs, standing figures, barrels
// and tumbleweeds (an octagon counts as its circumscribed circle), a rectangle for boxes and
// for a fallen figure, which lies along its fall direction from its base (Height × 2·Radius).
func PieceOutline(p physics.Piece) Outline {
	s := physics.SpecOf(p.Kind)
	if p.Fallen {
		hl := s.Height / 2
		return Outline{Box: true, C: p.Pos.Add(physics.Polar(hl-s.Radius, p.Angle)), HX: hl, HY: s.Radius, A: p.Angle}
	}
	if s.Shape == physics.ShapeBox {
		return Outline{Box: true, C: p.Pos, HX: s.HalfLength, HY: s.HalfWidth, A: p.Angle}
	}
	return Outline{C: p.Pos, R: s.Radius}
}

// local returns p in the box's frame: x along the angle, y across.
func (o Outline) local(p physics.Vec) physics.Vec {
	sn, cs := math.Sincos(o.A)
	d := p.Sub(o.C)
	return physics.Vec{X: d.X*cs + d.Y*sn, Y: -d.X*sn + d.Y*cs}
}

// rotate returns direction v in the box's frame.
func (o Outline) rotate(v physics.Vec) physics.Vec {
	sn, cs := math.Sincos(o.A)
	return physics.Vec{X: v.X*cs + v.Y*sn, Y: -v.X*sn + v.Y*cs}
}

// Dist returns the distance from point p to the outline, in cm: 0 inside.
func (o Outline) Dist(p physics.Vec) float64 {
	if !o.Box {
		return math.Max(0, p.Sub(o.C).Len()-o.R)
	}
	q := o.local(p)
	x, y := math.Abs(q.X)-o.HX, math.Abs(q.Y)-o.HY
	return math.Hypot(math.Max(x, 0), math.Max(y, 0))
}

// Cast returns how far a disc of radius r, starting at p and moving along the unit direction
// u, travels before it touches the outline, in cm: 0 if it touches already, +Inf if it never
// does. (It is a ray cast against the outline grown by r.)
func (o Outline) Cast(p, u physics.Vec, r float64) float64 {
	if !o.Box {
		return castCircle(p.Sub(o.C), u, r+o.R)
	}
	q, d := o.local(p), o.rotate(u)
	if o.Dist(p) <= r {
		return 0
	}
	t := math.Min(castBox(q, d, o.HX+r, o.HY), castBox(q, d, o.HX, o.HY+r))
	for _, c := range [4]physics.Vec{{X: o.HX, Y: o.HY}, {X: o.HX, Y: -o.HY}, {X: -o.HX, Y: o.HY}, {X: -o.HX, Y: -o.HY}} {
		t = math.Min(t, castCircle(q.Sub(c), d, r))
	}
	return t
}

// castCircle casts a ray from m (relative to a circle's centre) along unit u against a circle
// of radius R: the distance to the first touch, 0 from inside, +Inf for a miss.
func castCircle(m, u physics.Vec, R float64) float64 {
	c := m.Dot(m) - R*R
	if c <= 0 {
		return 0
	}
	b := m.Dot(u)
	if b >= 0 {
		return math.Inf(1) // moving away
	}
	disc := b*b - c
	if disc < 0 {
		return math.Inf(1)
	}
	return -b - math.Sqrt(disc)
}

// castBox casts a ray from q along d against the centred rectangle [-hx,hx]×[-hy,hy]: the
// distance to the first touch, 0 from inside, +Inf for a miss (slab method).
func castBox(q, d physics.Vec, hx, hy float64) float64 {
	lo, hi := 0.0, math.Inf(1)
	for _, ax := range [2][3]float64{{q.X, d.X, hx}, {q.Y, d.Y, hy}} {
		p, v, h := ax[0], ax[1], ax[2]
		if math.Abs(v) < 1e-12 {
			if p < -h || p > h {
				return math.Inf(1)
			}
			continue
		}
		t1, t2 := (-h-p)/v, (h-p)/v
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		lo, hi = math.Max(lo, t1), math.Min(hi, t2)
		if lo > hi {
			return math.Inf(1)
		}
	}
	return lo
}

// Overlaps reports whether a disc of radius r at p overlaps the outline (touching is not
// overlapping).
func (o Outline) Overlaps(p physics.Vec, r float64) bool { return o.Dist(p) < r-1e-9 }
