package physics

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/ByteArena/box2d"
)

// Simulator runs flicks. It keeps scratch buffers between flicks, so it is not safe for
// concurrent use; give each goroutine its own (they share no mutable state).
type Simulator struct {
	cfg Config

	// The fields below are scratch state of the flick in progress.
	world    *box2d.B2World
	bodies   []*box2d.B2Body // indexed like State.Pieces; nil for pieces not simulated
	brake    []brake         // brake[i] is the table friction of piece i
	reach    []float64       // reach[i] is piece i's farthest point from its centre of mass, cm
	boxes    []box           // boxes[i] bounds piece i as it stands in the state
	absent   []int           // pieces on the table not yet in the world, in order
	live     []placed        // scratch of plan: the pieces in the world and their boxes
	queue    []int           // scratch of admit
	near     []int           // scratch of plan
	kinds    []Kind          // kinds[i] is the kind of piece i
	exits    []Vec           // exits[i] is where piece i left the table, if it did
	standing []bool          // standing[i]: piece i is a figure that can still fall
	pending  []Fall          // falls detected in the current step, applied after it
	out      *Outcome
	flicked  int     // the piece flicked
	stop     Stopper // Flick.Stop of the flick in progress
	now      float64 // simulated time at the start of the current step, s
	listener listener
	manifold box2d.B2Manifold // scratch of settle
}

// primeOnce builds Box2D's global contact registry before any goroutine can race on it.
var primeOnce sync.Once

// New returns a Simulator with configuration cfg.
func New(cfg Config) (*Simulator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	primeOnce.Do(func() {
		// B2ContactFactory initialises the registry lazily and unsafely; do it once here.
		box2d.B2ContactInitializeRegisters()
		primeRegistry()
	})
	s := &Simulator{cfg: cfg}
	s.listener.s = s
	return s, nil
}

// primeRegistry makes the library set its private "initialised" flag by creating one contact
// in a throw-away world, so that no later call writes the global registry.
func primeRegistry() {
	w := new(box2d.B2World)
	*w = box2d.MakeB2World(box2d.MakeB2Vec2(0, 0))
	for i := 0; i < 2; i++ {
		def := box2d.MakeB2BodyDef()
		def.Type = box2d.B2BodyType.B2_dynamicBody
		def.Position = box2d.MakeB2Vec2(float64(i), 0)
		b := w.CreateBody(&def)
		c := box2d.MakeB2CircleShape()
		c.M_radius = 1
		b.CreateFixture(&c, 1)
	}
	w.Step(1.0/60, 1, 1)
}

// Config returns the simulator's configuration.
func (s *Simulator) Config() Config { return s.cfg }

// Flick gives piece f.Piece of st the velocity f.Velocity (with the configured noise drawn
// from rng, then clipped to MaxSpeed) and simulates until every piece rests or MaxTime
// passes. It updates st in place to the resting state and returns what happened; call
// [Outcome.Restore] to undo it. A bad flick or state returns an error and leaves st unchanged.
// The result depends only on st, f and the values drawn from rng: the world is rebuilt from
// st for every flick (docs/decisions/physics-rebuild-world-per-flick.md records why).
func (s *Simulator) Flick(st *State, f Flick, rng *rand.Rand) (Outcome, error) {
	if err := f.check(st); err != nil {
		return Outcome{}, err
	}
	if err := st.Validate(s.cfg.Pieces); err != nil {
		return Outcome{}, err
	}
	v := clip(s.cfg.Noise.Apply(f.Velocity, rng), s.cfg.MaxSpeed)
	out := Outcome{Velocity: v}
	s.out = &out
	s.flicked, s.stop = f.Piece, f.Stop
	defer func() { s.out = nil; s.world = nil; s.stop = nil }()

	s.build(st)
	s.admit(st, f.Piece)
	b := s.bodies[f.Piece]
	b.SetAwake(true)
	b.SetLinearVelocity(box2d.MakeB2Vec2(v.X, v.Y))
	s.run(st)
	s.readBack(st)
	return out, nil
}

// build creates a fresh, empty world for st and the scratch state of its pieces. Pieces enter
// the world only when something moving comes near them ([Simulator.admit]).
func (s *Simulator) build(st *State) {
	w := new(box2d.B2World)
	*w = box2d.MakeB2World(box2d.MakeB2Vec2(0, 0))
	w.M_continuousPhysics = false // CCD races between parallel worlds; the step size prevents tunnelling
	w.SetContactListener(&s.listener)
	w.SetAutoClearForces(false) // no force is ever applied: table friction acts on velocities
	s.world = w

	n := len(st.Pieces)
	s.bodies = resize(s.bodies, n)
	s.brake = resize(s.brake, n)
	s.reach = resize(s.reach, n)
	s.standing = resize(s.standing, n)
	s.kinds = resize(s.kinds, n)
	s.exits = resize(s.exits, n)
	s.boxes = resize(s.boxes, n)
	s.absent = s.absent[:0]
	s.pending = s.pending[:0]
	s.now = 0
	for i, p := range st.Pieces {
		s.bodies[i], s.brake[i], s.standing[i], s.kinds[i] = nil, brake{}, false, p.Kind
		if p.Off {
			continue
		}
		s.boxes[i] = bounds(s.cfg.Pieces.Outline(p))
		s.absent = append(s.absent, i)
	}
}

// admit puts piece i of st into the world, asleep, with every absent piece within
// admitReach of it, and so on from those: a piece present in the world always has its
// neighbours present, so that whatever wakes it finds them in place.
func (s *Simulator) admit(st *State, i int) {
	queue := append(s.queue[:0], i)
	s.absent = slices.DeleteFunc(s.absent, func(j int) bool { return j == i })
	for len(queue) > 0 {
		k := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		s.create(st, k)
		near := s.boxes[k].grow(admitReach)
		kept := s.absent[:0]
		for _, j := range s.absent {
			if near.overlaps(s.boxes[j]) {
				queue = append(queue, j)
			} else {
				kept = append(kept, j)
			}
		}
		s.absent = kept
	}
	s.queue = queue
}

// create puts piece i of st into the world, asleep.
func (s *Simulator) create(st *State, i int) {
	p := st.Pieces[i]
	def := box2d.MakeB2BodyDef()
	def.Position = box2d.MakeB2Vec2(p.Pos.X, p.Pos.Y)
	def.Angle = p.Angle
	def.UserData = i
	def.Awake = false
	if p.Static {
		def.Type = box2d.B2BodyType.B2_staticBody
	} else {
		def.Type = box2d.B2BodyType.B2_dynamicBody
	}
	s.bodies[i] = s.world.CreateBody(&def)
	spec := s.cfg.Pieces.specs[p.Kind]
	s.standing[i] = spec.Topples && !p.Fallen
	s.attach(i, spec, p.Fallen)
}

// attach gives body i its fixture (standing or fallen outline) and, if dynamic, its table
// friction.
func (s *Simulator) attach(i int, spec Spec, fallen bool) {
	body := s.bodies[i]
	fd := box2d.MakeB2FixtureDef()
	fd.Friction = spec.Friction
	fd.Restitution = spec.Restitution
	var area float64
	s.reach[i] = spec.Extent()
	switch {
	case fallen:
		// A lying figure: its base stays at the body origin, its head points along the angle.
		hl := spec.Height / 2
		poly := box2d.MakeB2PolygonShape()
		poly.SetAsBoxFromCenterAndAngle(hl, spec.Radius, box2d.MakeB2Vec2(hl-spec.Radius, 0), 0)
		fd.Shape = &poly
		area = spec.Height * 2 * spec.Radius
		s.reach[i] = math.Hypot(hl, spec.Radius) // it turns about the middle of its length
	case spec.Shape == ShapeCircle:
		c := box2d.MakeB2CircleShape()
		c.M_radius = spec.Radius
		fd.Shape = &c
		area = math.Pi * spec.Radius * spec.Radius
	case spec.Shape == ShapeBox:
		poly := box2d.MakeB2PolygonShape()
		poly.SetAsBox(spec.HalfLength, spec.HalfWidth)
		fd.Shape = &poly
		area = 4 * spec.HalfLength * spec.HalfWidth
	case spec.Shape == ShapeOctagon:
		var vs [8]box2d.B2Vec2
		for k := range vs {
			sn, cs := math.Sincos(float64(k) * math.Pi / 4)
			vs[k] = box2d.MakeB2Vec2(spec.Radius*cs, spec.Radius*sn)
		}
		poly := box2d.MakeB2PolygonShape()
		poly.Set(vs[:], len(vs))
		fd.Shape = &poly
		area = 2 * math.Sqrt2 * spec.Radius * spec.Radius
	}
	fd.Density = spec.Mass / area
	body.CreateFixtureFromDef(&fd)
	if body.M_type != box2d.B2BodyType.B2_dynamicBody {
		return
	}
	force := spec.TableFriction * spec.Mass * s.cfg.Gravity // N = μ·m·g, in g·cm/s²
	// Spin friction of a flat base: the torque of uniform pressure on a disc is (2/3)·μ·m·g·R.
	torque := force * (2.0 / 3.0) * spec.Extent()
	s.brake[i] = brake{linear: force * body.M_invMass, angular: torque * body.M_invI}
}

// run steps the world until everything rests, the time cap, or nothing is left moving.
func (s *Simulator) run(st *State) {
	cfg := &s.cfg
	out := s.out
	quiet := 0
	nextFrame := 0.0
	for {
		if cfg.RecordEvery > 0 && s.now >= nextFrame {
			out.Frames = append(out.Frames, s.frame(st))
			nextFrame += cfg.RecordEvery
		}
		vmax, dt := s.plan(st)
		if end, capped := cfg.Ends(vmax, s.now, &quiet); end {
			out.Capped = capped
			break
		}
		s.slow(dt / 2)
		s.world.Step(dt, cfg.VelocityIterations, cfg.PositionIterations)
		s.slow(dt / 2)
		s.now += dt
		out.Steps++
		s.afterStep(st)
		s.checkStop()
		s.settle()
	}
	out.Time = s.now
	if cfg.RecordEvery > 0 {
		out.Frames = append(out.Frames, s.frame(st))
	}
}

// afterStep applies what may not happen inside a step: falls and pieces leaving the table.
func (s *Simulator) afterStep(st *State) {
	for _, f := range s.pending {
		s.topple(f)
	}
	s.pending = s.pending[:0]
	for i, b := range s.bodies {
		if b == nil || b.M_flags&box2d.B2Body_Flags.E_awakeFlag == 0 || b.M_type == box2d.B2BodyType.B2_staticBody {
			continue
		}
		p := b.M_xf.P
		if !st.Table.Contains(Vec{p.X, p.Y}) {
			s.out.Off = append(s.out.Off, i)
			s.exits[i] = Vec{p.X, p.Y}
			s.world.DestroyBody(b) // also destroys its contacts
			s.bodies[i] = nil
			s.standing[i] = false
		}
	}
}

// checkStop asks the flick's Stopper whether the flicked piece's run ends here, and takes
// it off the table if so.
func (s *Simulator) checkStop() {
	i := s.flicked
	b := s.bodies[i]
	if s.stop == nil || s.out.Stopped || b == nil {
		return
	}
	p := Vec{b.M_xf.P.X, b.M_xf.P.Y}
	if !s.stop.Stop(p) {
		return
	}
	s.out.Stopped, s.out.StopTime = true, s.now
	s.exits[i] = p
	s.world.DestroyBody(b) // also destroys its contacts
	s.bodies[i] = nil
	s.standing[i] = false
}

// settle puts to sleep every awake piece that table friction has stopped dead (no speed, no
// spin) and that touches nothing: Box2D would simulate it as its own island, doing nothing,
// until its own sleep timer (0.5 s) ran out. A piece that touches another stays awake, so
// that Box2D can still push the two apart; anything that hits a sleeping piece wakes it.
//
// "Touches" is judged both by the contact's flag and by the shapes where the step has just
// left them: the flag was computed before the step moved the pieces, so a piece that slid
// into another during the step in which friction stopped it has an overlap its flag does not
// show, and Box2D never updates a contact between two sleeping pieces (or a sleeping piece
// and a static one): put to sleep, the two would rest inside each other for good.
func (s *Simulator) settle() {
	for _, b := range s.bodies {
		if b == nil || b.M_type != box2d.B2BodyType.B2_dynamicBody || b.M_flags&box2d.B2Body_Flags.E_awakeFlag == 0 ||
			b.M_linearVelocity != (box2d.B2Vec2{}) || b.M_angularVelocity != 0 {
			continue
		}
		touching := false
		for ce := b.M_contactList; ce != nil && !touching; ce = ce.Next {
			touching = ce.Contact.IsTouching() || touchesNow(ce.Contact, &s.manifold)
		}
		if !touching {
			b.SetAwake(false)
		}
	}
}

// touchesNow reports whether the two fixtures of contact c touch at their bodies' current
// positions, as Box2D would judge it if it updated the contact now (a manifold with points),
// whatever the contact's own flag says. It writes the manifold into scratch.
func touchesNow(c box2d.B2ContactInterface, scratch *box2d.B2Manifold) bool {
	*scratch = box2d.B2Manifold{}
	c.Evaluate(scratch, c.GetFixtureA().M_body.M_xf, c.GetFixtureB().M_body.M_xf)
	return scratch.PointCount > 0
}

// topple lays figure f.Piece down, pointing away from the piece that hit it.
func (s *Simulator) topple(f Fall) {
	i := f.Piece
	b := s.bodies[i]
	if b == nil || !s.standing[i] {
		return
	}
	s.standing[i] = false
	s.out.Falls = append(s.out.Falls, f)
	dir := b.M_xf.P
	if o := s.bodies[f.By]; o != nil {
		dir = box2d.B2Vec2Sub(b.M_xf.P, o.M_xf.P)
	}
	angle := math.Atan2(dir.Y, dir.X)
	v, w := b.M_linearVelocity, b.M_angularVelocity
	b.DestroyFixture(b.M_fixtureList)
	b.SetTransform(b.M_xf.P, angle)
	s.attach(i, s.cfg.Pieces.specs[s.kinds[i]], true)
	b.SetLinearVelocity(v)
	b.SetAngularVelocity(w)
}

// frame samples the positions of every piece.
func (s *Simulator) frame(st *State) Frame {
	fr := Frame{Time: s.now, Pos: make([]Vec, len(st.Pieces)), Angle: make([]float64, len(st.Pieces))}
	for i, p := range st.Pieces {
		fr.Pos[i], fr.Angle[i] = p.Pos, p.Angle
		if b := s.bodies[i]; b != nil {
			fr.Pos[i] = Vec{b.M_xf.P.X, b.M_xf.P.Y}
			fr.Angle[i] = b.M_sweep.A
		}
	}
	return fr
}

// readBack writes the resting world into st and fills the outcome's Moved and undo record.
func (s *Simulator) readBack(st *State) {
	out := s.out
	offSet := func(i int) bool { return out.WentOff(i) }
	fell := func(i int) bool { return out.Fell(i) }
	for i := range st.Pieces {
		old := st.Pieces[i]
		p := old
		switch b := s.bodies[i]; {
		case b != nil:
			p.Pos = Vec{b.M_xf.P.X, b.M_xf.P.Y}
			p.Angle = normAngle(b.M_sweep.A)
			if fell(i) {
				p.Fallen = true
			}
		case offSet(i) || (out.Stopped && i == s.flicked):
			p.Off = true
			p.Pos = s.exits[i]
			if fell(i) {
				p.Fallen = true
			}
		}
		if p != old {
			out.Moved = append(out.Moved, i)
			out.before = append(out.before, old)
			st.Pieces[i] = p
		}
	}
}

// normAngle maps a to (-π, π].
func normAngle(a float64) float64 {
	if a > -math.Pi && a <= math.Pi {
		return a
	}
	a = math.Mod(a, 2*math.Pi)
	switch {
	case a > math.Pi:
		a -= 2 * math.Pi
	case a <= -math.Pi:
		a += 2 * math.Pi
	}
	return a
}

// resize returns xs with length n, reusing its storage.
func resize[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	return xs[:n]
}
