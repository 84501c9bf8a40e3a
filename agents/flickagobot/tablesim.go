package flickagobot

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// tableSim is the planner's own model of the Flickago table: equal discs sliding under table
// friction and colliding, stepped as [physics.Simulator] steps them (the same step sizes,
// rest rule, time cap and kick-drift-kick friction) with a contact solver that does what
// Box2D's does for two circles (sequential impulses with friction and restitution, then
// position correction), without Box2D's world, broad phase, islands, timers and allocations.
// It implements [flickago.Flicker], so a clone of the game given one plays its flicks by the
// rules on this model: about a seventh of the game's physics' CPU per flick, and not bit for
// bit the same (docs/decisions/flickagobot-planner-table-model.md measures how close).
//
// It relies on what Flickago's catalogue guarantees: every piece a dynamic disc of one radius,
// mass, table friction, friction and restitution (flickago.Pieces). A tableSim keeps scratch
// buffers between flicks: one per goroutine.
type tableSim struct {
	cfg     physics.Config
	r       float64 // disc radius, cm
	invMass float64 // 1/mass, 1/g
	invI    float64 // 1/moment of inertia about the centre, 1/(g·cm²)
	e       float64 // restitution between discs
	mu      float64 // friction between discs
	dec     float64 // linear deceleration of table friction, cm/s²
	spinDec float64 // angular deceleration of table friction, rad/s²

	vel      []physics.Vec // velocity of each piece, cm/s
	spin     []float64     // angular velocity of each piece, rad/s
	awake    []bool        // whether each piece is moving (or touching one that is)
	contacts []contact     // the touching pairs of the current step
	prev     []contact     // those of the previous step, for warm starting
	dt0      float64       // the previous step, s (0 before the first)
}

// contact is a touching pair of discs in one step (a < b), with the impulses the solver has
// accumulated on it.
type contact struct {
	a, b       int
	n          physics.Vec // unit normal from a to b
	arm        float64     // distance from each centre to the contact point, cm
	bias       float64     // restitution's target normal velocity, cm/s
	normal, tg float64     // accumulated impulses, g·cm/s
}

// The constants of Box2D's contact solver that tableSim reproduces, in the table's units (cm).
const (
	// velocityThreshold is the approach speed below which a collision is inelastic, cm/s.
	velocityThreshold = 1.0
	// baumgarte is the share of an overlap corrected per position iteration.
	baumgarte = 0.2
	// linearSlop is the overlap the position correction leaves, cm.
	linearSlop = 0.005
	// maxCorrection is the largest position correction of one iteration, cm.
	maxCorrection = 0.2
	// aabbExtension is how far the broad phase's boxes reach beyond a disc, cm.
	aabbExtension = 0.1
)

// newTableSim returns the model of the table for physics configuration cfg (the game's).
func newTableSim(cfg physics.Config) *tableSim {
	spec := flickago.Pieces.Spec(discKind)
	m := spec.Mass
	i := m * spec.Radius * spec.Radius / 2 // a uniform disc
	force := spec.TableFriction * m * cfg.Gravity
	return &tableSim{
		cfg: cfg, r: spec.Radius, invMass: 1 / m, invI: 1 / i,
		e: spec.Restitution, mu: spec.Friction,
		dec:     force / m,
		spinDec: force * (2.0 / 3.0) * spec.Radius / i,
	}
}

// Flick implements [flickago.Flicker]: it draws the flick's noise from rng as the game's
// physics does, then runs the model until every disc rests or the time cap.
func (s *tableSim) Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error) {
	n := len(st.Pieces)
	if f.Piece < 0 || f.Piece >= n || st.Pieces[f.Piece].Off || !f.Velocity.Finite() {
		return physics.Outcome{}, fmt.Errorf("flickagobot: model flick of piece %d: %w", f.Piece, physics.ErrBadFlick)
	}
	v := s.cfg.Noise.Apply(f.Velocity, rng)
	if l := v.Len(); l > s.cfg.MaxSpeed {
		v = v.Scale(s.cfg.MaxSpeed / l)
	}
	out := physics.Outcome{Velocity: v}
	if cap(s.vel) < n {
		s.vel, s.spin, s.awake = make([]physics.Vec, n), make([]float64, n), make([]bool, n)
	}
	s.vel, s.spin, s.awake = s.vel[:n], s.spin[:n], s.awake[:n]
	clear(s.vel)
	clear(s.spin)
	clear(s.awake)
	s.vel[f.Piece], s.awake[f.Piece] = v, true
	s.contacts, s.prev, s.dt0 = s.contacts[:0], s.prev[:0], 0

	cfg := &s.cfg
	now, quiet := 0.0, 0
	for {
		vmax, dt := s.plan(st)
		if end, capped := cfg.Ends(vmax, now, &quiet); end {
			out.Capped = capped
			break
		}
		s.slow(dt / 2)
		s.step(st, dt)
		s.slow(dt / 2)
		now += dt
		out.Steps++
		s.leave(st, &out)
	}
	out.Time = now
	return out, nil
}

// plan returns the speed that decides rest and the next step, in s, by the rule of the game's
// physics ([physics.Config.Pace]).
func (s *tableSim) plan(st *physics.State) (vmax, dt float64) {
	cfg := &s.cfg
	dt = cfg.MaxStep
	for i, p := range st.Pieces {
		if !s.awake[i] {
			continue
		}
		rest, step := cfg.Pace(s.vel[i].Len(), s.spin[i], s.r, dt, func() (float64, float64) {
			return min(p.Pos.X, p.Pos.Y, st.Table.Width-p.Pos.X, st.Table.Height-p.Pos.Y), s.clearance(st, i)
		})
		vmax, dt = max(vmax, rest), step
	}
	return vmax, max(dt, cfg.MinStep)
}

// clearance returns the distance from disc i's bounding box to the nearest other disc's on
// the table, in cm, as the game's physics measures it on Box2D's broad-phase boxes (each disc's
// square grown by aabbExtension; Box2D's boxes of moving discs also reach ahead of them, which
// the model leaves out).
func (s *tableSim) clearance(st *physics.State, i int) float64 {
	best := math.Inf(1)
	pi := st.Pieces[i].Pos
	side := 2 * (s.r + aabbExtension)
	for j, q := range st.Pieces {
		if j == i || q.Off {
			continue
		}
		dx := max(0, math.Abs(q.Pos.X-pi.X)-side)
		dy := max(0, math.Abs(q.Pos.Y-pi.Y)-side)
		best = min(best, dx*dx+dy*dy)
	}
	return math.Sqrt(best)
}

// slow applies h seconds of table friction to every moving disc, as the game's physics does:
// each speed drops by its deceleration times h and stops at zero rather than reversing.
func (s *tableSim) slow(h float64) {
	for i, on := range s.awake {
		if !on {
			continue
		}
		if speed := s.vel[i].Len(); speed > 0 {
			if dv := s.dec * h; dv >= speed {
				s.vel[i] = physics.Vec{}
			} else {
				s.vel[i] = s.vel[i].Scale(1 - dv/speed)
			}
		}
		if w := s.spin[i]; w != 0 {
			dw := s.spinDec * h
			switch {
			case math.Abs(w) <= dw:
				s.spin[i] = 0
			case w > 0:
				s.spin[i] = w - dw
			default:
				s.spin[i] = w + dw
			}
		}
	}
}

// step advances the discs by dt seconds as a Box2D step does: the pairs touching at its start
// (each with a moving disc) wake their discs and get their velocities solved by sequential
// impulses, warm started from the previous step's where the pair touched then too, the moving
// discs drift, and the overlaps are corrected.
func (s *tableSim) step(st *physics.State, dt float64) {
	s.prev, s.contacts = s.contacts, s.prev
	cs := s.contacts[:0]
	d2 := 4 * s.r * s.r
	for i, p := range st.Pieces {
		if !s.awake[i] {
			continue
		}
		for j, q := range st.Pieces {
			if j == i || q.Off || (s.awake[j] && j < i) {
				continue
			}
			dx, dy := q.Pos.X-p.Pos.X, q.Pos.Y-p.Pos.Y
			if l2 := dx*dx + dy*dy; l2 < d2 {
				n, l := physics.Vec{X: 1}, math.Sqrt(l2)
				if l > 0 {
					n = physics.Vec{X: dx / l, Y: dy / l}
				}
				c := contact{a: i, b: j, n: n, arm: l / 2}
				if j < i {
					c.a, c.b, c.n = j, i, n.Scale(-1)
				}
				cs = append(cs, c)
			}
		}
	}
	ratio := 0.0
	if s.dt0 > 0 {
		ratio = dt / s.dt0
	}
	for k := range cs {
		c := &cs[k]
		s.awake[c.a], s.awake[c.b] = true, true
		if vn := s.relative(c).Dot(c.n); vn < -velocityThreshold {
			c.bias = -s.e * vn
		}
	}
	for k := range cs {
		c := &cs[k]
		for _, o := range s.prev {
			if o.a == c.a && o.b == c.b {
				c.normal, c.tg = o.normal*ratio, o.tg*ratio
				s.impulse(c, c.n.Scale(c.normal).Add(physics.Vec{X: c.n.Y, Y: -c.n.X}.Scale(c.tg)))
				break
			}
		}
	}
	for range s.cfg.VelocityIterations {
		for k := range cs {
			s.solveVelocity(&cs[k])
		}
	}
	for i, on := range s.awake {
		if on {
			p := &st.Pieces[i]
			p.Pos = p.Pos.Add(s.vel[i].Scale(dt))
			p.Angle += s.spin[i] * dt
		}
	}
	for range s.cfg.PositionIterations {
		for k := range cs {
			s.solvePosition(st, &cs[k])
		}
	}
	s.contacts, s.dt0 = cs, dt
}

// relative returns the velocity of b's rim relative to a's at the contact point of c, cm/s.
// The point lies on the line of centres, arm from each centre: a spin ω moves it at ω·arm
// along the tangent.
func (s *tableSim) relative(c *contact) physics.Vec {
	t := physics.Vec{X: -c.n.Y, Y: c.n.X} // n turned a quarter counter-clockwise
	return s.vel[c.b].Sub(s.vel[c.a]).Sub(t.Scale((s.spin[c.a] + s.spin[c.b]) * c.arm))
}

// solveVelocity applies one iteration of contact c's friction and normal impulses, friction
// first and bounded by the normal impulse so far, as Box2D orders them.
func (s *tableSim) solveVelocity(c *contact) {
	n := c.n
	t := physics.Vec{X: n.Y, Y: -n.X} // Box2D's tangent: n turned a quarter clockwise
	tangentMass := 1 / (2*s.invMass + 2*s.invI*c.arm*c.arm)
	lim := s.mu * c.normal
	tg := math.Max(-lim, math.Min(lim, c.tg-tangentMass*s.relative(c).Dot(t)))
	s.impulse(c, t.Scale(tg-c.tg))
	c.tg = tg
	normalMass := 1 / (2 * s.invMass)
	nl := math.Max(0, c.normal-normalMass*(s.relative(c).Dot(n)-c.bias))
	s.impulse(c, n.Scale(nl-c.normal))
	c.normal = nl
}

// impulse applies impulse p (g·cm/s) at c's contact point, to b and against a.
func (s *tableSim) impulse(c *contact, p physics.Vec) {
	s.vel[c.a] = s.vel[c.a].Sub(p.Scale(s.invMass))
	s.vel[c.b] = s.vel[c.b].Add(p.Scale(s.invMass))
	// The arms are ±arm·n, so the torque of p about each centre is arm·(n × p), the same sign
	// on both discs.
	tq := c.arm * c.n.Cross(p)
	s.spin[c.a] -= s.invI * tq
	s.spin[c.b] -= s.invI * tq
}

// solvePosition pushes the discs of c apart by one iteration of Box2D's position correction.
func (s *tableSim) solvePosition(st *physics.State, c *contact) {
	pa, pb := &st.Pieces[c.a], &st.Pieces[c.b]
	d := pb.Pos.Sub(pa.Pos)
	l := d.Len()
	if l == 0 {
		return
	}
	sep := l - 2*s.r
	corr := math.Max(-maxCorrection, math.Min(0, baumgarte*(sep+linearSlop)))
	if corr == 0 {
		return
	}
	n := d.Scale(1 / l)
	// Both discs dynamic and equal: each moves half the correction.
	pa.Pos = pa.Pos.Add(n.Scale(corr / 2))
	pb.Pos = pb.Pos.Sub(n.Scale(corr / 2))
}

// leave takes off the table every moving disc whose centre has left it.
func (s *tableSim) leave(st *physics.State, out *physics.Outcome) {
	for i, on := range s.awake {
		if on && !st.Table.Contains(st.Pieces[i].Pos) {
			st.Pieces[i].Off = true
			s.awake[i], s.vel[i], s.spin[i] = false, physics.Vec{}, 0
			out.Off = append(out.Off, i)
		}
	}
}
