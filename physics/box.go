package physics

import (
	"math"

	"github.com/ByteArena/box2d"
)

// box is an axis-aligned bounding box, in cm.
type box struct {
	lo, hi Vec
}

// bounds returns the bounding box of outline o.
func bounds(o Outline) box {
	if !o.Box {
		r := Vec{X: o.R, Y: o.R}
		return box{o.C.Sub(r), o.C.Add(r)}
	}
	sn, cs := math.Sincos(o.A)
	h := Vec{X: math.Abs(o.HX*cs) + math.Abs(o.HY*sn), Y: math.Abs(o.HX*sn) + math.Abs(o.HY*cs)}
	return box{o.C.Sub(h), o.C.Add(h)}
}

// aabb returns the bounding box Box2D's broad phase keeps for body b's fixture.
func aabb(b *box2d.B2Body) box {
	a := b.M_fixtureList.M_proxies[0].Aabb
	return box{Vec{a.LowerBound.X, a.LowerBound.Y}, Vec{a.UpperBound.X, a.UpperBound.Y}}
}

// grow returns b enlarged by d cm on every side.
func (b box) grow(d float64) box {
	return box{Vec{b.lo.X - d, b.lo.Y - d}, Vec{b.hi.X + d, b.hi.Y + d}}
}

// overlaps reports whether b and o share a point.
func (b box) overlaps(o box) bool {
	return b.lo.X <= o.hi.X && o.lo.X <= b.hi.X && b.lo.Y <= o.hi.Y && o.lo.Y <= b.hi.Y
}

// dist2 returns the square of the distance between b and o, in cm²: 0 if they overlap.
func (b box) dist2(o box) float64 {
	dx := max(0, b.lo.X-o.hi.X, o.lo.X-b.hi.X)
	dy := max(0, b.lo.Y-o.hi.Y, o.lo.Y-b.hi.Y)
	return dx*dx + dy*dy
}
