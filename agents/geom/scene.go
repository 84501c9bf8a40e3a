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
	o      []physics.Outline
	ext    []float64 // the outline's reach from its centre
	on     []bool    // the piece is on the table
}

// NewScene returns the scene of st, whose kinds are those of catalogue pieces.
func NewScene(st *physics.State, pieces *physics.Catalogue) *Scene {
	sc := &Scene{pieces: pieces, table: st.Table, o: make([]physics.Outline, len(st.Pieces)), ext: make([]float64, len(st.Pieces)), on: make([]bool, len(st.Pieces))}
	for i, p := range st.Pieces {
		sc.Set(i, p)
	}
	return sc
}

// Clone returns an independent copy of the scene.
func (sc *Scene) Clone() *Scene {
	return &Scene{pieces: sc.pieces, table: sc.table, o: append([]physics.Outline(nil), sc.o...), ext: append([]float64(nil), sc.ext...), on: append([]bool(nil), sc.on...)}
}

// Set replaces piece i of the scene by p.
func (sc *Scene) Set(i int, p physics.Piece) {
	sc.on[i] = !p.Off
	if p.Off {
		return
	}
	o := sc.pieces.Outline(p)
	sc.o[i] = o
	if o.Box {
		sc.ext[i] = math.Hypot(o.HX, o.HY)
	} else {
		sc.ext[i] = o.R
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
	for i := range sc.o {
		if !sc.on[i] || (skip != nil && skip(i)) {
			continue
		}
		o := &sc.o[i]
		// Cheap reject: the piece is farther from the line than its reach plus r.
		rel := o.C.Sub(from)
		along := rel.Dot(u)
		ext := sc.ext[i] + r
		if along < -ext || along > dist+ext || math.Abs(rel.Cross(u)) > ext {
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
	for i := range sc.o {
		if !sc.on[i] || (skip != nil && skip(i)) {
			continue
		}
		if c := sc.o[i].C; math.Abs(c.X-p.X) > sc.ext[i]+r+margin || math.Abs(c.Y-p.Y) > sc.ext[i]+r+margin {
			continue
		}
		if sc.o[i].Dist(p) < r+margin {
			return false
		}
	}
	return true
}
