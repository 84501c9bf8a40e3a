package tactics

import (
	"math"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Arrive is the speed, in cm/s, at which bots want a bullet to reach its target: well above
// the ~50 cm/s that knocks a cowboy over (docs/decisions/physics-knock-over-threshold.md), so that a glancing hit or a
// weak flick still topples it.
const Arrive = 120.0

// Shot is a candidate shot: a bullet flicked at a target cowboy.
type Shot struct {
	// Action is the action to apply (ActShoot or ActDuel, with side, rifle, duel target and
	// velocity filled in).
	Action flickemup.Action
	// Target is the dense index of the cowboy aimed at.
	Target int
	// From is where the bullet starts, Aim the point aimed at, in cm.
	From, Aim physics.Vec
	// Value is the expected worth of the shot to the shooter's team, in hit points: over the
	// aim noise, the value of the cowboy the bullet first touches (negative for a teammate).
	Value float64
	// PHit is the chance that the bullet's first contact is the target.
	PHit float64
}

// aimQuantiles are the aim errors, in standard deviations, at which a shot is swept to
// estimate its chances: the midpoints of 13 slices of equal probability of the normal law, so
// that a narrow gap between two obstacles counts for no more than the slices it lets through.
var aimQuantiles = func() [13]float64 {
	var q [13]float64
	for k := range q {
		p := (float64(k) + 0.5) / float64(len(q))
		q[k] = math.Sqrt2 * math.Erfinv(2*p-1)
	}
	return q
}()

// quickQuantiles are the aim errors of QuickShots: 5 slices of equal probability.
var quickQuantiles = func() [5]float64 {
	var q [5]float64
	for k := range q {
		p := (float64(k) + 0.5) / float64(len(q))
		q[k] = math.Sqrt2 * math.Erfinv(2*p-1)
	}
	return q
}()

// QuickShots is Shots at a fraction of the cost, for a search's inner steps: each shot aimed
// at the target's centre only, its chances estimated on 5 aims rather than 13.
func (s *Situation) QuickShots(i int) []Shot { return s.shots(i, true) }

// Shots returns the shots cowboy i (being played) can take now at every cowboy of the other
// team it could hit: from each side, with the Winchester if it has one, and in a duel when
// the rules allow; in the second-shot phase, from the waiting bullet. Shots of no value are
// left out.
func (s *Situation) Shots(i int) []Shot { return s.shots(i, false) }

// shots is Shots, or QuickShots when quick.
func (s *Situation) shots(i int, quick bool) []Shot {
	var out []Shot
	var launches []flickemup.Action
	switch s.G.Phase() {
	case flickemup.PhaseSecondShot:
		launches = []flickemup.Action{{Kind: flickemup.ActShoot}}
	case flickemup.PhaseAct:
		launches = []flickemup.Action{{Kind: flickemup.ActShoot, Side: flickemup.SideLeft}, {Kind: flickemup.ActShoot, Side: flickemup.SideRight}}
		if s.Carries(i, flickemup.TokenWinchester) > 0 {
			launches = append(launches, flickemup.Action{Kind: flickemup.ActShoot, Rifle: true})
		}
	default:
		return nil
	}
	var door *physics.Door
	if b := s.Cows[i].Inside; b >= 0 {
		door = &s.L.Doors[b]
	}
	for _, a := range launches {
		if s.G.Check(a) != nil {
			continue
		}
		from, ok := s.G.LaunchSpot(a)
		if !ok {
			continue
		}
		for _, j := range Members(Team(i).Other()) {
			if !s.Hittable(j) {
				continue
			}
			if sh, ok := s.shotAt(s.Scene(), s.St, i, a, from, j, s.Cows[j].Pos, door, quick); ok {
				out = append(out, sh)
			}
		}
	}
	if s.Sc.Rules.Duels && s.G.Phase() == flickemup.PhaseAct {
		out = append(out, s.duels(i, quick)...)
	}
	return out
}

// shotAt builds the best shot of action a (launch spot from) at cowboy j standing at aim in
// state st: aimed at its centre, or, when that is not a sure hit, a little to one side where
// the way is clearer (aimOffsets); ok is false when no aim is worth anything. door is the
// door of the building the shooter is inside, nil outside.
func (s *Situation) shotAt(sc *geom.Scene, st *physics.State, i int, a flickemup.Action, from physics.Vec, j int, aim physics.Vec, door *physics.Door, quick bool) (Shot, bool) {
	d := aim.Sub(from)
	l := d.Len()
	if l < 1 {
		return Shot{}, false
	}
	best, ok := s.aimAt(sc, st, i, a, from, j, aim, door, quick)
	if quick || (ok && best.PHit > 0.999) {
		return best, true
	}
	side := physics.Vec{X: -d.Y / l, Y: d.X / l}
	for _, off := range aimOffsets {
		if sh, ok2 := s.aimAt(sc, st, i, a, from, j, aim.Add(side.Scale(off)), door, false); ok2 && (!ok || sh.Value > best.Value) {
			best, ok = sh, true
			best.Aim = aim
		}
	}
	return best, ok
}

// aimOffsets are the sideways offsets, in cm at the target, tried when aiming at its centre
// is not a sure hit.
var aimOffsets = [...]float64{-1.4, -0.7, 0.7, 1.4}

// aimAt rates the shot of action a from `from` aimed at point aim, meant for cowboy j: over
// the aim noise, the chance that the bullet's first contact is j and the value of what it
// first touches. From inside a building (door not nil) an aim that runs into the building's
// walls misses, and so does one that meets a block of its door, which deflects the bullet.
func (s *Situation) aimAt(sc *geom.Scene, st *physics.State, i int, a flickemup.Action, from physics.Vec, j int, aim physics.Vec, door *physics.Door, quick bool) (Shot, bool) {
	d := aim.Sub(from)
	l := d.Len()
	skip := func(k int) bool {
		return k == pieceBulletSecond && s.G.Phase() == flickemup.PhaseSecondShot
	}
	value, phit := 0.0, 0.0
	speed := geom.ShotSpeed(flickemup.KindBullet, l, Arrive, s.Cfg)
	travel := geom.Travel(flickemup.KindBullet, speed, s.Cfg)
	base := d.Angle()
	sd := s.Noise.AngleSD
	if sd == 0 {
		sd = 1e-3
	}
	qs := aimQuantiles[:]
	if quick {
		qs = quickQuantiles[:]
	}
	w := 1 / float64(len(qs))
	// Every sweep fans out from `from` within the widest aim error of base and goes travel
	// cm: the pieces near that fan, listed once, are all a sweep would test.
	half := 0.0
	for _, z := range qs {
		half = math.Max(half, math.Abs(z*sd))
	}
	var buf [64]int
	near := sc.Near(buf[:0], from, physics.Polar(1, base), half, travel, bulletRadius)
	for _, z := range qs {
		dir := physics.Polar(1, base+z*sd)
		if door != nil && !flickemup.LeavesByDoor(*door, st, from, dir, bulletRadius) {
			continue
		}
		hit, dist := sc.SweepAmong(near, from, from.Add(dir), travel-1, bulletRadius, skip)
		if hit < 0 {
			continue
		}
		k := s.L.Owner(hit)
		if k < 0 || st.Pieces[hit].Fallen {
			continue
		}
		// A glancing hit pushes the cowboy aside rather than over: only the part of the
		// bullet's speed along the line of centres counts.
		at := from.Add(dir.Scale(dist))
		n := st.Pieces[hit].Pos.Sub(at)
		cos := math.Abs(dir.Dot(n)) / math.Max(n.Len(), 1e-9)
		if geom.Arrival(flickemup.KindBullet, speed, dist, s.Cfg)*cos < knockSpeed {
			continue
		}
		if k == j {
			phit += w
		}
		v := s.TargetValue(k)
		if Team(k) == Team(i) {
			v = -v
		}
		value += w * v
	}
	if phit < 0.02 {
		return Shot{}, false
	}
	a.Velocity = d.Scale(speed / l)
	return Shot{Action: a, Target: j, From: from, Aim: aim, Value: value, PHit: phit}, true
}

// knockSpeed is the least speed, in cm/s, at which bots count on a bullet to knock a cowboy
// over (above the ~50 cm/s of docs/decisions/physics-knock-over-threshold.md).
const knockSpeed = 60.0

// pieceBulletSecond is the physics piece of the second bullet of a two-pistol shot, which
// waits on the table during the second-shot phase (the engine's fixed piece 2).
const pieceBulletSecond = 2

// TargetValue returns what hitting cowboy k is worth to its enemies, in hit points: one hit
// point, more for a kill (its actions and its tokens go), more for the target of a kill
// condition and for a carrier of tokens some delivery wants.
func (s *Situation) TargetValue(k int) float64 {
	c := &s.Cows[k]
	v := 1.0
	kill := c.HP <= 1
	if kill {
		v += 1.5
	}
	if s.Obj.KillTarget(k) {
		v += 1
	}
	for _, id := range c.Inventory {
		if id < 0 {
			continue
		}
		if _, wanted := s.Obj.Wanted(s.KindOf(id)); wanted {
			v += 0.5
			if kill {
				v += 1.5
			}
		}
	}
	return v
}

// duels returns the duel shots of cowboy i: at every opposing cowboy standing inside a
// building whose door i stands in front of, within range.
func (s *Situation) duels(i int, quick bool) []Shot {
	var out []Shot
	for _, j := range Members(Team(i).Other()) {
		c := &s.Cows[j]
		if !c.Present || !c.Alive || c.Inside < 0 || c.Fallen {
			continue
		}
		mid, _, front, _ := s.L.DoorFrame(s.St, c.Inside)
		spot := mid.Add(front.Scale(cowboyRadius))
		// The called-out cowboy stands in the doorway, facing the caller.
		st := s.St.Clone()
		p := &st.Pieces[s.Piece(j)]
		p.Off, p.Fallen, p.Pos = false, false, spot
		for _, side := range []flickemup.Side{flickemup.SideLeft, flickemup.SideRight} {
			a := flickemup.Action{Kind: flickemup.ActDuel, Cowboy: geom.ID(j).Number, Side: side}
			if s.G.Check(a) != nil {
				continue
			}
			from, ok := s.G.LaunchSpot(a)
			if !ok {
				continue
			}
			if sh, ok := s.shotAt(geom.NewScene(st, flickemup.Pieces), st, i, a, from, j, spot, nil, quick); ok {
				out = append(out, sh)
			}
		}
	}
	return out
}

// Chance estimates the chance that cowboy i hits cowboy j with one bullet fired from where it
// stands now: a clear sight line and the aim noise at that distance. From inside a building
// the bullet starts at the back of the floor (the Winchester's at the middle of the door
// line) and must leave through the door: a line that runs into the walls or meets a block of
// the door has no chance. It ignores duels.
func (s *Situation) Chance(i, j int) float64 {
	if !s.Hittable(j) || !s.Alive(i) {
		return 0
	}
	ci, cj := &s.Cows[i], &s.Cows[j]
	if ci.Inside < 0 {
		return s.chanceFrom(ci.Pos, j, s.Piece(i))
	}
	b := ci.Inside
	door := s.L.Doors[b]
	mid, along, front, _ := s.L.DoorFrame(s.St, b)
	if cj.Pos.Sub(mid).Dot(front) <= 0 {
		return 0
	}
	out := func(from physics.Vec) float64 {
		if !flickemup.LeavesByDoor(door, s.St, from, cj.Pos.Sub(from), bulletRadius) {
			return 0
		}
		return s.chanceFrom(from, j, -1)
	}
	if s.Carries(i, flickemup.TokenWinchester) > 0 {
		return out(mid)
	}
	back := mid.Sub(front.Scale(door.Depth - bulletRadius))
	best := 0.0
	for _, lat := range [2]float64{-1, 1} {
		best = math.Max(best, out(back.Add(along.Scale(lat*(bulletRadius+0.1)))))
	}
	return best
}

// ChanceAt estimates the chance that cowboy i hits a cowboy that would stand at p (the
// doorway an enemy carrier must pass, say): Chance for a target that is not there yet.
func (s *Situation) ChanceAt(i int, p physics.Vec) float64 {
	if !s.Alive(i) {
		return 0
	}
	ci := &s.Cows[i]
	from, skip := ci.Pos, s.Piece(i)
	if ci.Inside >= 0 {
		mid, _, front, _ := s.L.DoorFrame(s.St, ci.Inside)
		rel := p.Sub(mid)
		if rel.Dot(front) < 0.9*rel.Len() {
			return 0
		}
		from, skip = mid, -1
	}
	l := p.Sub(from).Len()
	if l < 0.5 {
		return 1
	}
	if hit, dist := s.Scene().Sweep(from, p, 0, bulletRadius, func(k int) bool { return k == skip }); hit >= 0 && dist < l-cowboyRadius-bulletRadius {
		return 0
	}
	sd := s.Noise.AngleSD * l
	if sd == 0 {
		return 1
	}
	return math.Erf((cowboyRadius + bulletRadius) / (sd * math.Sqrt2))
}

// chanceFrom is Chance for a bullet starting at from, skipping piece skip.
func (s *Situation) chanceFrom(from physics.Vec, j, skip int) float64 {
	to := s.Cows[j].Pos
	l := to.Sub(from).Len()
	if l < 0.5 {
		return 0
	}
	hit, _ := s.Scene().Sweep(from, to, 0, bulletRadius, func(k int) bool { return k == skip })
	if hit != s.Piece(j) {
		return 0
	}
	sd := s.Noise.AngleSD * l
	if sd == 0 {
		return 1
	}
	return math.Erf((cowboyRadius + bulletRadius) / (sd * math.Sqrt2))
}
