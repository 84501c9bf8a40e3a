package physics

import (
	"math"

	"github.com/ByteArena/box2d"
)

// plan returns the speed that decides rest and the length of the next step, in s.
//
// vmax is the largest speed of any awake piece, in cm/s: its centre's speed, plus its rim's
// speed (spin × reach) when it turns faster than RestSpin.
//
// The step is the longest, within [MinStep, MaxStep], in which no awake piece moves farther
// than its allowed travel. A piece's travel bounds the movement of every point of it (centre
// speed plus spin × reach). The allowed travel is StepTravel, the tunnel-safe distance, unless
// the piece is far from everything: then it is half its clearance (the distance from its
// bounding box to the nearest other piece's), capped at OpenTravel, and never more than its
// centre's distance to the table's edge (so that a piece leaving the table is seen as
// promptly as before). Two pieces approaching each other thus close at most their whole gap
// in a step while they are apart, and at most the tunnel-safe distance once they are near:
// the step gets longer only where nothing can be hit.
func (s *Simulator) plan(st *State) (vmax, dt float64) {
	cfg := &s.cfg
	table := st.Table
	dt = cfg.MaxStep
	near := s.near[:0]
	s.live = s.live[:0]
	for i, b := range s.bodies {
		if b != nil {
			s.live = append(s.live, placed{i, aabb(b)})
		}
	}
	for i, b := range s.bodies {
		if b == nil || b.M_type != box2d.B2BodyType.B2_dynamicBody || b.M_flags&box2d.B2Body_Flags.E_awakeFlag == 0 {
			continue
		}
		gap, n := s.clearance(i, aabb(b), near)
		near = n
		v := b.M_linearVelocity
		rest, step := cfg.Pace(math.Sqrt(v.X*v.X+v.Y*v.Y), b.M_angularVelocity, s.reach[i], dt, func() (float64, float64) {
			p := b.M_xf.P
			return min(p.X, p.Y, table.Width-p.X, table.Height-p.Y), gap
		})
		vmax, dt = max(vmax, rest), step
	}
	for _, j := range near {
		if s.bodies[j] == nil {
			s.admit(st, j)
		}
	}
	s.near = near[:0]
	return vmax, max(dt, cfg.MinStep)
}

// admitReach is how near, in cm, a piece must come to an absent piece for the absent piece to
// enter the world: more than anything moves in one step (Box2D clamps a step's translation at
// 2 cm; the step sizing keeps it under OpenTravel), with a margin for the spin of long pieces.
const admitReach = 4.0

// clearance returns the distance from piece i's bounding box bb to the nearest bounding box
// of any other piece on the table, in or out of the world, in cm (+Inf if there is none). The
// boxes are those of Box2D's broad phase for pieces in the world, which contain their
// outlines, and those of the state for the others. It appends to near the absent pieces
// within admitReach of piece i.
func (s *Simulator) clearance(i int, bb box, near []int) (float64, []int) {
	best := math.Inf(1)
	for _, o := range s.live {
		if o.i != i {
			best = min(best, bb.dist2(o.box))
		}
	}
	for _, j := range s.absent {
		d := bb.dist2(s.boxes[j])
		best = min(best, d)
		if d <= admitReach*admitReach {
			near = append(near, j)
		}
	}
	return math.Sqrt(best), near
}

// placed is a piece in the world and its bounding box.
type placed struct {
	i   int
	box box
}
