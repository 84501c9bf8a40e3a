package geom

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// Scene is a table's pieces as outlines, computed once for the many sweeps of a decision.
// Its methods answer as the functions of the same names on the State it was made from.
type Scene struct {
	pieces *physics.Catalogue
	table  physics.Table
	items  []item  // by piece index
	live   []int32 // the indices of the items on the table, in order: what a sweep visits
}

// item is one piece of a scene: one slice of them, so that a sweep reads each piece's data
// together and a clone is one allocation.
type item struct {
	o   physics.Outline
	ext float64 // the outline's reach from its centre
	on  bool    // the piece is on the table
}

// NewScene returns the scene of st, whose kinds are those of catalogue pieces.
func NewScene(st *physics.State, pieces *physics.Catalogue) *Scene {
	sc := &Scene{pieces: pieces, table: st.Table, items: make([]item, len(st.Pieces))}
	for i, p := range st.Pieces {
		sc.set(i, p)
	}
	sc.index()
	return sc
}

// Clone returns an independent copy of the scene.
func (sc *Scene) Clone() *Scene {
	return &Scene{pieces: sc.pieces, table: sc.table, items: append([]item(nil), sc.items...), live: append([]int32(nil), sc.live...)}
}

// CopyFrom makes sc a copy of o, reusing sc's buffers: a search that changes a few pieces of
// one scene again and again copies it into a scratch scene rather than allocating a clone.
func (sc *Scene) CopyFrom(o *Scene) {
	sc.pieces, sc.table = o.pieces, o.table
	sc.items = append(sc.items[:0], o.items...)
	sc.live = append(sc.live[:0], o.live...)
}

// Set replaces piece i of the scene by p. The list of pieces on the table is rebuilt only
// when piece i comes onto the table or leaves it (a search moving one piece from spot to
// spot pays nothing for it).
func (sc *Scene) Set(i int, p physics.Piece) {
	was := sc.items[i].on
	sc.set(i, p)
	if sc.items[i].on != was {
		sc.index()
	}
}

// index lists the items on the table in live.
func (sc *Scene) index() {
	sc.live = sc.live[:0]
	for i := range sc.items {
		if sc.items[i].on {
			sc.live = append(sc.live, int32(i))
		}
	}
}

// set replaces piece i of the scene by p, leaving live as it was.
func (sc *Scene) set(i int, p physics.Piece) {
	it := &sc.items[i]
	it.on = !p.Off
	if p.Off {
		return
	}
	o := sc.pieces.Outline(p)
	it.o = o
	if o.Box {
		it.ext = math.Hypot(o.HX, o.HY)
	} else {
		it.ext = o.R
	}
}

// Sweep is [Sweep] on the scene.
func (sc *Scene) Sweep(from, to physics.Vec, past, r float64, skip func(i int) bool) (piece int, dist float64) {
	d := to.Sub(from)
	l := d.Len()
	if l == 0 {
		return -1, 0
	}
	u := d.Scale(1 / l)
	piece, dist = -1, l+past
	for _, j := range sc.live {
		i := int(j)
		it := &sc.items[i]
		o := &it.o
		// Cheap reject: the piece is farther from the line than its reach plus r.
		rel := o.C.Sub(from)
		along := rel.Dot(u)
		ext := it.ext + r
		if along < -ext || along > dist+ext || math.Abs(rel.Cross(u)) > ext || (skip != nil && skip(i)) {
			continue
		}
		if t := o.Cast(from, u, r); t < dist {
			piece, dist = i, t
		}
	}
	return piece, dist
}

// Near appends to dst, in index order, the pieces on the table that a disc of radius r
// could touch sliding from `from` up to length cm in a direction within halfAngle radians of
// the unit vector u: every piece that [Scene.Sweep] from `from` would test in such a
// direction, for a sweep of at most length cm in all (its to's distance plus past), and
// perhaps a few more. [Scene.SweepAmong] over them answers as Sweep, cheaper when many sweeps
// fan out from one point.
func (sc *Scene) Near(dst []int, from, u physics.Vec, halfAngle, length, r float64) []int {
	for i := range sc.items {
		it := &sc.items[i]
		if !it.on {
			continue
		}
		// A piece Sweep tests in direction u' lies within ext of the line along u' and
		// between -ext and length+ext along it, so within reach of from; from u, its
		// distance to the line and along it differ by at most reach × the angle between
		// u and u' (a little more allowed for rounding).
		ext := it.ext + r
		reach := math.Sqrt((length+ext)*(length+ext)+ext*ext) + 1e-6*(1+length+ext)
		slack := ext + reach*halfAngle + 1e-6*(1+reach)
		rel := it.o.C.Sub(from)
		along := rel.Dot(u)
		if along < -slack || along > length+slack || math.Abs(rel.Cross(u)) > slack || rel.Dot(rel) > reach*reach {
			continue
		}
		dst = append(dst, i)
	}
	return dst
}

// SweepAmong is [Scene.Sweep] over the pieces near only, which must include every piece
// that Sweep would test (see [Scene.Near]), in index order: then it returns what Sweep
// returns.
// Its loop repeats Sweep's cheap test: a helper for both was not inlined (go build
// -gcflags=-m), a call per piece in the hot loop of the bots' aims.
func (sc *Scene) SweepAmong(near []int, from, to physics.Vec, past, r float64, skip func(i int) bool) (piece int, dist float64) {
	d := to.Sub(from)
	l := d.Len()
	if l == 0 {
		return -1, 0
	}
	u := d.Scale(1 / l)
	piece, dist = -1, l+past
	for _, i := range near {
		it := &sc.items[i]
		o := &it.o
		rel := o.C.Sub(from)
		along := rel.Dot(u)
		ext := it.ext + r
		if along < -ext || along > dist+ext || math.Abs(rel.Cross(u)) > ext || (skip != nil && skip(i)) {
			continue
		}
		if t := o.Cast(from, u, r); t < dist {
			piece, dist = i, t
		}
	}
	return piece, dist
}

// Clear is [Clear] on the scene.
func (sc *Scene) Clear(from, to physics.Vec, past, r, margin float64, skip func(i int) bool) bool {
	p, _ := sc.Sweep(from, to, past, r+margin, skip)
	return p < 0
}

// Free is [Free] on the scene.
func (sc *Scene) Free(p physics.Vec, r, margin float64, skip func(i int) bool) bool {
	t := sc.table
	if p.X-r-margin < 0 || p.Y-r-margin < 0 || p.X+r+margin > t.Width || p.Y+r+margin > t.Height {
		return false
	}
	for i := range sc.items {
		it := &sc.items[i]
		if !it.on {
			continue
		}
		if c := it.o.C; math.Abs(c.X-p.X) > it.ext+r+margin || math.Abs(c.Y-p.Y) > it.ext+r+margin || (skip != nil && skip(i)) {
			continue
		}
		if it.o.Dist(p) < r+margin {
			return false
		}
	}
	return true
}
