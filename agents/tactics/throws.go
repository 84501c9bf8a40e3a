package tactics

import (
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Throw is a candidate dynamite throw: the octagon flicked to rest at To.
type Throw struct {
	Action flickemup.Action
	To     physics.Vec
	// Value is the worth of the blast to the thrower's team, in hit points: the enemies in
	// the blast less the friends, and a closed door it blows open for the team's objective.
	Value float64
}

// Throws returns the throws cowboy i (being played, carrying dynamite) can make: at the doors
// of closed buildings that hold tokens its team wants or must deliver to, and at each
// standing enemy, with a clear path for the octagon.
func (s *Situation) Throws(i int) []Throw {
	if s.Carries(i, flickemup.TokenDynamite) == 0 || s.G.Phase() != flickemup.PhaseAct {
		return nil
	}
	type aim struct {
		to   physics.Vec
		door float64
	}
	var aims []aim
	for b := range s.L.Doors {
		if !s.G.Closed(b) || !s.wantsIn(Team(i), b) {
			continue
		}
		mid, _, front, _ := s.L.DoorFrame(s.St, b)
		aims = append(aims, aim{mid.Add(front.Scale(2.5)), 2})
	}
	for _, j := range Members(Team(i).Other()) {
		if s.Hittable(j) {
			aims = append(aims, aim{s.Cows[j].Pos, 0})
		}
	}
	var out []Throw
	for _, side := range []flickemup.Side{flickemup.SideLeft, flickemup.SideRight} {
		a := flickemup.Action{Kind: flickemup.ActThrow, Side: side}
		if s.G.Check(a) != nil {
			continue
		}
		from, ok := s.G.LaunchSpot(a)
		if !ok {
			continue
		}
		for _, am := range aims {
			to := am.to
			d := to.Sub(from)
			l := d.Len()
			if l < 2 {
				continue
			}
			if am.door == 0 {
				// Stop short of the cowboy aimed at, within the blast.
				to = from.Add(d.Scale((l - cowboyRadius - octRadius - 1.5) / l))
			}
			if !s.Scene().Clear(from, to, 1, octRadius, 0.2, nil) {
				continue
			}
			v := am.door
			for k := range s.Cows {
				if !s.OnTable(k) || s.Cows[k].Fallen || s.Cows[k].Pos.Sub(to).Len() > flickemup.BlastRadius+1 {
					continue
				}
				if Team(k) == Team(i) {
					v -= s.TargetValue(k)
				} else {
					v += s.TargetValue(k)
				}
			}
			if v <= 0 {
				continue
			}
			a.Velocity = s.flickTo(flickemup.KindDynamite, from, to)
			out = append(out, Throw{Action: a, To: to, Value: v})
		}
	}
	return out
}

// wantsIn reports whether team t has a reason to enter building b: it holds tokens the team
// must deliver, or it is where they must go.
func (s *Situation) wantsIn(t flickemup.Team, b int) bool {
	p := Place{Kind: flickemup.PlaceBuilding, Index: b}
	for _, d := range s.Obj.Deliveries {
		if d.Team != t {
			continue
		}
		if d.To.Same(p) {
			return true
		}
		for _, src := range s.Sources(d.Token, d.To) {
			if src.Place.Same(p) {
				return true
			}
		}
	}
	return false
}
