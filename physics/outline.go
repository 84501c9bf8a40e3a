package physics

import "math"

// Outline is the ground a piece covers, seen from above ([Catalogue.Outline]): a circle of radius R at C, or a
// rectangle (Box) of half-extents HX along angle A and HY across it, centred at C. Units: cm
// and radians. The rules of a game test placements with it (Contains, Intersects, OnTable);
// bots aim with it (Dist, Cast, Overlaps).
type Outline struct {
	// Box is true for a rectangle, false for a circle.
	Box bool
	// C is the centre, in cm.
	C Vec
	// R is a circle's radius, in cm.
	R float64
	// HX and HY are a rectangle's half-extents along and across its angle, in cm.
	HX, HY float64
	// A is a rectangle's angle, in radians counter-clockwise from +x.
	A float64
}

// Circle returns the outline of a disc of radius r (cm) centred at c.
func Circle(c Vec, r float64) Outline { return Outline{C: c, R: r} }

// outlineEps is how deep two outlines must interpenetrate to count as intersecting, and how
// far inside a point must lie to count as contained, in cm: touching is allowed.
const outlineEps = 1e-6

// axes returns the box's unit axes.
func (o Outline) axes() (u, v Vec) {
	sn, cs := math.Sincos(o.A)
	return Vec{X: cs, Y: sn}, Vec{X: -sn, Y: cs}
}

// Corners returns the box's four corners (meaningless for a circle).
func (o Outline) Corners() [4]Vec {
	u, v := o.axes()
	U, V := u.Scale(o.HX), v.Scale(o.HY)
	return [4]Vec{o.C.Add(U).Add(V), o.C.Add(U).Sub(V), o.C.Sub(U).Sub(V), o.C.Sub(U).Add(V)}
}

// Contains reports whether point p lies inside the outline, at least outlineEps (1e-6 cm)
// from its boundary.
func (o Outline) Contains(p Vec) bool {
	if !o.Box {
		return p.Sub(o.C).Len() < o.R-outlineEps
	}
	u, v := o.axes()
	d := p.Sub(o.C)
	return math.Abs(d.Dot(u)) < o.HX-outlineEps && math.Abs(d.Dot(v)) < o.HY-outlineEps
}

// Intersects reports whether outlines o and b interpenetrate by more than 1e-6 cm (touching
// is not intersecting).
func (o Outline) Intersects(b Outline) bool {
	switch {
	case !o.Box && !b.Box:
		return o.C.Sub(b.C).Len() < o.R+b.R-outlineEps
	case !o.Box:
		return circleBox(o, b)
	case !b.Box:
		return circleBox(b, o)
	}
	return boxBox(o, b)
}

// circleBox reports whether circle c intersects box b.
func circleBox(c, b Outline) bool {
	u, v := b.axes()
	d := c.C.Sub(b.C)
	x, y := d.Dot(u), d.Dot(v)
	cx := math.Max(-b.HX, math.Min(b.HX, x))
	cy := math.Max(-b.HY, math.Min(b.HY, y))
	return math.Hypot(x-cx, y-cy) < c.R-outlineEps
}

// boxBox reports whether two boxes intersect, by the separating axis test.
func boxBox(a, b Outline) bool {
	au, av := a.axes()
	bu, bv := b.axes()
	ca, cb := a.Corners(), b.Corners()
	for _, ax := range [4]Vec{au, av, bu, bv} {
		amin, amax := project(ca, ax)
		bmin, bmax := project(cb, ax)
		if amax <= bmin+outlineEps || bmax <= amin+outlineEps {
			return false
		}
	}
	return true
}

// project returns the extent of points ps along axis ax.
func project(ps [4]Vec, ax Vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		d := p.Dot(ax)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}

// OnTable reports whether the whole outline lies on table t.
func (o Outline) OnTable(t Table) bool {
	if !o.Box {
		return o.C.X-o.R >= 0 && o.C.Y-o.R >= 0 && o.C.X+o.R <= t.Width && o.C.Y+o.R <= t.Height
	}
	for _, p := range o.Corners() {
		if !t.Contains(p) {
			return false
		}
	}
	return true
}

// local returns p in the box's frame: x along the angle, y across.
func (o Outline) local(p Vec) Vec {
	sn, cs := math.Sincos(o.A)
	d := p.Sub(o.C)
	return Vec{X: d.X*cs + d.Y*sn, Y: -d.X*sn + d.Y*cs}
}

// rotate returns direction v in the box's frame.
func (o Outline) rotate(v Vec) Vec {
	sn, cs := math.Sincos(o.A)
	return Vec{X: v.X*cs + v.Y*sn, Y: -v.X*sn + v.Y*cs}
}

// Dist returns the distance from point p to the outline, in cm: 0 inside.
func (o Outline) Dist(p Vec) float64 {
	if !o.Box {
		return math.Max(0, p.Sub(o.C).Len()-o.R)
	}
	q := o.local(p)
	x, y := math.Abs(q.X)-o.HX, math.Abs(q.Y)-o.HY
	return math.Hypot(math.Max(x, 0), math.Max(y, 0))
}

// Overlaps reports whether a disc of radius r (cm) at p overlaps the outline by more than
// 1e-9 cm (touching is not overlapping).
func (o Outline) Overlaps(p Vec, r float64) bool { return o.Dist(p) < r-1e-9 }

// Cast returns how far a disc of radius r, starting at p and moving along the unit direction
// u, travels before it touches the outline, in cm: 0 if it touches already, +Inf if it never
// does. (It is a ray cast against the outline grown by r.)
func (o Outline) Cast(p, u Vec, r float64) float64 {
	if !o.Box {
		return castCircle(p.Sub(o.C), u, r+o.R)
	}
	q, d := o.local(p), o.rotate(u)
	if o.Dist(p) <= r {
		return 0
	}
	t := math.Min(castBox(q, d, o.HX+r, o.HY), castBox(q, d, o.HX, o.HY+r))
	for _, c := range [4]Vec{{X: o.HX, Y: o.HY}, {X: o.HX, Y: -o.HY}, {X: -o.HX, Y: o.HY}, {X: -o.HX, Y: -o.HY}} {
		t = math.Min(t, castCircle(q.Sub(c), d, r))
	}
	return t
}

// castCircle casts a ray from m (relative to a circle's centre) along unit u against a circle
// of radius R: the distance to the first touch, 0 from inside, +Inf for a miss.
func castCircle(m, u Vec, R float64) float64 {
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
func castBox(q, d Vec, hx, hy float64) float64 {
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
