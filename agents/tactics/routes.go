package tactics

import (
	"math"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Route costs, in cm of sliding: what entering, leaving (ExitCost) and a closed door add to a
// route.
const (
	enterCost  = 6.0
	ExitCost   = 10.0
	closedCost = 40.0
)

// target returns the point a route to p leads to and the radius around it that is open
// ground for the route field (the gallows and ground spots are reached from beside them).
func (s *Situation) target(p Place) (physics.Vec, bool) {
	switch p.Kind {
	case flickemup.PlaceBuilding:
		return s.Stage(p.Index), true
	case flickemup.PlaceGallows:
		if s.L.Gallows < 0 || s.St.Pieces[s.L.Gallows].Off {
			return physics.Vec{}, false
		}
		return s.St.Pieces[s.L.Gallows].Pos, true
	case flickemup.PlaceGround:
		return p.Pos, true
	}
	return physics.Vec{}, false
}

// routeLen returns the length of the route from pos on the table to p's target point.
func (s *Situation) routeLen(pos physics.Vec, p Place) float64 {
	t, ok := s.target(p)
	if !ok {
		return math.Inf(1)
	}
	d := s.Route(t).Dist(pos)
	if math.IsInf(d, 1) {
		d = 1.5 * pos.Sub(t).Len()
	}
	switch p.Kind {
	case flickemup.PlaceBuilding:
		d += enterCost
		if s.G.Closed(p.Index) {
			d += closedCost
		}
	case flickemup.PlaceGallows:
		d = math.Max(0, d-gallowsReach)
	case flickemup.PlaceGround:
		d = math.Max(0, d-groundReach)
	}
	return d
}

// gallowsReach and groundReach are how far from the gallows' centre and from a ground token a
// cowboy counts as arrived for a route's cost, in cm (within the rules' Reach).
const (
	gallowsReach = 5.5
	groundReach  = 3.0
)

// CostFrom returns the route cost, in cm, from a cowboy at pos (inside building `inside`
// when it is not -1) to place p: 0 when it is there.
func (s *Situation) CostFrom(pos physics.Vec, inside int, p Place) float64 {
	if inside >= 0 {
		if p.Kind == flickemup.PlaceBuilding && p.Index == inside {
			return 0
		}
		mid, _, front, _ := s.L.DoorFrame(s.St, inside)
		return ExitCost + s.routeLen(mid.Add(front.Scale(5)), p)
	}
	if p.Kind == flickemup.PlaceGallows && s.L.Gallows >= 0 {
		if d := flickemup.Pieces.Outline(s.St.Pieces[s.L.Gallows]).Dist(pos); d <= flickemup.Reach {
			return 0
		}
	}
	if p.Kind == flickemup.PlaceGround && pos.Sub(p.Pos).Len() <= flickemup.Reach {
		return 0
	}
	return s.routeLen(pos, p)
}

// RouteCost returns the route cost, in cm, for cowboy i to be at place p: 0 when it is.
func (s *Situation) RouteCost(i int, p Place) float64 {
	c := &s.Cows[i]
	if !c.Present || !c.Alive {
		return math.Inf(1)
	}
	if s.At(i, p) {
		return 0
	}
	return s.CostFrom(c.Pos, c.Inside, p)
}

// AfterMove returns the route cost to p of cowboy i once move m has succeeded.
func (s *Situation) AfterMove(m Move, p Place) float64 {
	if m.Enter >= 0 {
		return s.CostFrom(m.To, m.Enter, p)
	}
	return s.CostFrom(m.To, -1, p)
}

// approachPoints returns extra move end points that lead to p: the target point and points on
// the straight line to it; around the gallows and a ground token, spots within reach.
func (s *Situation) approachPoints(i int, p Place) []physics.Vec {
	t, ok := s.target(p)
	if !ok {
		return nil
	}
	from := s.Cows[i].Pos
	if s.Cows[i].Inside >= 0 {
		return nil
	}
	pts := []physics.Vec{t}
	if d := t.Sub(from); d.Len() > 0 {
		u := d.Scale(1 / d.Len())
		for _, k := range [...]float64{6, 10, 16, 24, 34} {
			if k < d.Len() {
				pts = append(pts, from.Add(u.Scale(k)))
			}
		}
	}
	switch p.Kind {
	case flickemup.PlaceGallows:
		o := flickemup.Pieces.Outline(s.St.Pieces[s.L.Gallows])
		for k := range 16 {
			u := physics.Polar(1, 2*math.Pi*float64(k)/16)
			// Walk out from the centre until the disc clears the gallows by 1.1 cm.
			for r := 2.0; r < 8; r += 0.25 {
				q := t.Add(u.Scale(r))
				if o.Dist(q) >= discRadius+1.1 {
					pts = append(pts, q)
					break
				}
			}
		}
	case flickemup.PlaceGround:
		for k := range 8 {
			pts = append(pts, t.Add(physics.Polar(2, 2*math.Pi*float64(k)/8)))
		}
	}
	return pts
}

// Toward returns the best move of cowboy i (being played) towards place p: the one that
// leaves the shortest route, with a small preference for short and safe moves, if it shortens
// the route by at least 2 cm.
func (s *Situation) Toward(i int, p Place) (Move, bool) {
	now := s.RouteCost(i, p)
	if now == 0 || math.IsInf(now, 1) {
		return Move{}, false
	}
	best, bestScore, found := Move{}, now-2, false
	for _, m := range s.Moves(i, s.approachPoints(i, p)...) {
		if m.Enter >= 0 && (p.Kind != flickemup.PlaceBuilding || m.Enter != p.Index) {
			continue
		}
		score := s.AfterMove(m, p) + MovePenalty(m)
		if score < bestScore {
			best, bestScore, found = m, score, true
		}
	}
	return best, found
}

// MovePenalty is the route cost, in cm, bots charge a move for its chance of failing: a
// little per cm (noise grows with length) and more for a path clear by less than the noise.
func MovePenalty(m Move) float64 {
	p := 0.08 * m.Len()
	if m.Risky {
		p += 4
	}
	return p
}
