package physics

import (
	"math"

	"github.com/ByteArena/box2d"
)

// listener records contacts and toppling impulses during a step. It never changes the world:
// Box2D forbids that inside callbacks, so falls are queued and applied after the step.
type listener struct {
	s *Simulator
}

// pieces returns the piece indices of a contact's two fixtures.
func pieces(c box2d.B2ContactInterface) (a, b int) {
	return c.GetFixtureA().GetBody().GetUserData().(int), c.GetFixtureB().GetBody().GetUserData().(int)
}

// BeginContact records the first touch of each pair.
func (l *listener) BeginContact(c box2d.B2ContactInterface) {
	out := l.s.out
	a, b := pieces(c)
	if a > b {
		a, b = b, a
	}
	if out.Touched(a, b) {
		return
	}
	var wm box2d.B2WorldManifold
	c.GetWorldManifold(&wm)
	n := Vec{wm.Normal.X, wm.Normal.Y}
	if pa, _ := pieces(c); pa != a {
		n = n.Scale(-1) // Box2D's normal points from fixture A to fixture B
	}
	pt := Vec{wm.Points[0].X, wm.Points[0].Y}
	if k := c.GetManifold().PointCount; k > 1 {
		for j := 1; j < k; j++ {
			pt = pt.Add(Vec{wm.Points[j].X, wm.Points[j].Y})
		}
		pt = pt.Scale(1 / float64(k))
	}
	out.Contacts = append(out.Contacts, Contact{A: a, B: b, Time: l.s.now, Point: pt, Normal: n})
}

// EndContact does nothing.
func (l *listener) EndContact(box2d.B2ContactInterface) {}

// PreSolve does nothing.
func (l *listener) PreSolve(box2d.B2ContactInterface, box2d.B2Manifold) {}

// PostSolve queues a fall for a standing figure that received more than KnockImpulse.
func (l *listener) PostSolve(c box2d.B2ContactInterface, imp *box2d.B2ContactImpulse) {
	s := l.s
	a, b := pieces(c)
	if !s.standing[a] && !s.standing[b] {
		return
	}
	total := 0.0
	for k := 0; k < imp.Count; k++ {
		total += imp.NormalImpulses[k]
	}
	if total <= s.cfg.KnockImpulse || math.IsNaN(total) {
		return
	}
	for _, f := range [2]Fall{{Piece: a, By: b}, {Piece: b, By: a}} {
		if !s.standing[f.Piece] || s.queued(f.Piece) {
			continue
		}
		f.Time, f.Impulse = s.now, total
		s.pending = append(s.pending, f)
	}
}

// queued reports whether a fall of piece i is already waiting.
func (s *Simulator) queued(i int) bool {
	for _, f := range s.pending {
		if f.Piece == i {
			return true
		}
	}
	return false
}
