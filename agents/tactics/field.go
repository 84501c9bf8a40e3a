package tactics

import (
	"math"
	"sync"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Field is the length of the shortest path a movement disc can slide from any point of the
// table to a target point, around the scenery (buildings' blocks, the gallows, props and the
// neutral figures; cowboys, who move, are left to the sweep of each move). It is computed on a
// grid of FieldCell cm by Dijkstra's algorithm.
type Field struct {
	target physics.Vec
	nx, ny int
	dist   []float64
}

// FieldCell is the side of a route field's cells, in cm.
const FieldCell = 2.0

// fieldClearance is how far a cell's centre must be from scenery to be passable, in cm: the
// movement disc's radius and a margin.
var fieldClearance = discRadius + 0.3

// Route returns the route field to target (rounded to the cm) on the table of the root
// situation s was derived from (an approximation for a derived one). Fields are kept
// in a cache shared by every game and goroutine, keyed by the scenario, the target and the
// exact positions of the scenery, so a cached field is always the one that would be computed.
func (s *Situation) Route(target physics.Vec) *Field {
	target = physics.Vec{X: math.Round(target.X), Y: math.Round(target.Y)}
	for _, f := range s.shared.fields {
		if f.target == target {
			return f
		}
	}
	// Fields are computed on the root table, for every situation derived from it.
	root := s.shared.root
	key := fieldKey{sc: root.Sc, target: target, scenery: root.sceneryHash()}
	f := fields.get(key)
	if f == nil {
		f = newField(root, target)
		fields.put(key, f)
	}
	s.shared.fields = append(s.shared.fields, f)
	return f
}

// fieldKey identifies a route field.
type fieldKey struct {
	sc      *flickemup.Scenario
	target  physics.Vec
	scenery uint64
}

// sceneryHash hashes what a route field depends on: the pieces other than cowboys, bit for bit.
func (s *Situation) sceneryHash() uint64 {
	if s.shared.scenery != 0 {
		return s.shared.scenery
	}
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		for k := 0; k < 8; k++ {
			h ^= x & 0xff
			h *= 1099511628211
			x >>= 8
		}
	}
	for k, p := range s.St.Pieces {
		if s.L.Owner(k) >= 0 || p.Kind == flickemup.KindCowboy {
			continue
		}
		flags := uint64(p.Kind)
		if p.Off {
			flags |= 1 << 8
		}
		if p.Fallen {
			flags |= 1 << 9
		}
		mix(flags)
		mix(math.Float64bits(p.Pos.X))
		mix(math.Float64bits(p.Pos.Y))
		mix(math.Float64bits(p.Angle))
	}
	s.shared.scenery = h | 1
	return s.shared.scenery
}

// fieldCache is a bounded cache of route fields, safe for concurrent use. When full it is
// emptied: fields are cheap to recompute and the cache never changes a result.
type fieldCache struct {
	mu sync.Mutex
	m  map[fieldKey]*Field
}

// maxFields bounds the field cache (a field is about 10 KB).
const maxFields = 512

// fields is the process-wide field cache.
var fields = fieldCache{m: map[fieldKey]*Field{}}

func (c *fieldCache) get(k fieldKey) *Field {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

func (c *fieldCache) put(k fieldKey, f *Field) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxFields {
		clear(c.m)
	}
	c.m[k] = f
}

// newField computes the field to target on s's table.
func newField(s *Situation, target physics.Vec) *Field {
	t := s.St.Table
	nx, ny := int(math.Ceil(t.Width/FieldCell)), int(math.Ceil(t.Height/FieldCell))
	f := &Field{target: target, nx: nx, ny: ny, dist: make([]float64, nx*ny)}
	blocked := make([]bool, nx*ny)
	for j := range ny {
		for i := range nx {
			c := f.centre(i, j)
			if c.X < fieldClearance || c.Y < fieldClearance || c.X > t.Width-fieldClearance || c.Y > t.Height-fieldClearance {
				blocked[j*nx+i] = true
			}
		}
	}
	for k, p := range s.St.Pieces {
		if p.Off || s.L.Owner(k) >= 0 || p.Kind == flickemup.KindCowboy {
			continue
		}
		o := flickemup.Pieces.Outline(p)
		ext := flickemup.Pieces.Spec(p.Kind).Extent()
		if p.Fallen {
			ext = flickemup.Pieces.Spec(p.Kind).Height
		}
		ext += fieldClearance
		i0, j0 := f.cellOf(p.Pos.Sub(physics.Vec{X: ext, Y: ext}))
		i1, j1 := f.cellOf(p.Pos.Add(physics.Vec{X: ext, Y: ext}))
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				if o.Dist(f.centre(i, j)) < fieldClearance {
					blocked[j*nx+i] = true
				}
			}
		}
	}
	for i := range f.dist {
		f.dist[i] = math.Inf(1)
	}
	ti, tj := f.cellOf(target)
	start := tj*nx + ti
	f.dist[start] = f.centre(ti, tj).Sub(target).Len()
	q := cellQueue{f: f}
	q.push(start)
	for len(q.cells) > 0 {
		k := q.pop()
		i, j := k%nx, k/nx
		for _, n := range neighbours {
			ii, jj := i+n.di, j+n.dj
			if ii < 0 || jj < 0 || ii >= nx || jj >= ny {
				continue
			}
			kk := jj*nx + ii
			if blocked[kk] {
				continue
			}
			if d := f.dist[k] + n.cost*FieldCell; d < f.dist[kk] {
				f.dist[kk] = d
				q.push(kk)
			}
		}
	}
	return f
}

// neighbours are the 8 moves between grid cells, with their lengths in cells.
var neighbours = [8]struct {
	di, dj int
	cost   float64
}{{1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {1, 1, math.Sqrt2}, {1, -1, math.Sqrt2}, {-1, 1, math.Sqrt2}, {-1, -1, math.Sqrt2}}

// centre returns the centre of cell (i, j).
func (f *Field) centre(i, j int) physics.Vec {
	return physics.Vec{X: (float64(i) + 0.5) * FieldCell, Y: (float64(j) + 0.5) * FieldCell}
}

// cellOf returns the cell holding p, clamped to the grid.
func (f *Field) cellOf(p physics.Vec) (int, int) {
	i := min(max(int(math.Floor(p.X/FieldCell)), 0), f.nx-1)
	j := min(max(int(math.Floor(p.Y/FieldCell)), 0), f.ny-1)
	return i, j
}

// Dist returns the length of the shortest path from p to the target, in cm, or +Inf when
// no path is known.
func (f *Field) Dist(p physics.Vec) float64 {
	i, j := f.cellOf(p)
	best := math.Inf(1)
	for dj := -1; dj <= 1; dj++ {
		for di := -1; di <= 1; di++ {
			ii, jj := i+di, j+dj
			if ii < 0 || jj < 0 || ii >= f.nx || jj >= f.ny {
				continue
			}
			if d := f.dist[jj*f.nx+ii]; !math.IsInf(d, 1) {
				best = math.Min(best, d+f.centre(ii, jj).Sub(p).Len())
			}
		}
	}
	return best
}

// cellQueue is a binary min-heap of cells by distance (entries may be stale: a cell pushed
// again with a shorter distance is popped first, and its older entry later re-expands
// nothing).
type cellQueue struct {
	f     *Field
	cells []int32
}

func (q *cellQueue) less(a, b int) bool { return q.f.dist[q.cells[a]] < q.f.dist[q.cells[b]] }

func (q *cellQueue) push(k int) {
	q.cells = append(q.cells, int32(k))
	i := len(q.cells) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.less(i, p) {
			break
		}
		q.cells[i], q.cells[p] = q.cells[p], q.cells[i]
		i = p
	}
}

func (q *cellQueue) pop() int {
	top := int(q.cells[0])
	n := len(q.cells) - 1
	q.cells[0] = q.cells[n]
	q.cells = q.cells[:n]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && q.less(l, m) {
			m = l
		}
		if r < n && q.less(r, m) {
			m = r
		}
		if m == i {
			return top
		}
		q.cells[i], q.cells[m] = q.cells[m], q.cells[i]
		i = m
	}
}
