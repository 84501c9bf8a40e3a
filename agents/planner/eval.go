package planner

import (
	"math"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Weights of the evaluation, in hit points.
const (
	// winValue is the value of a won game (a lost one is its opposite).
	winValue = 100.0
	// aliveValue is what a living cowboy is worth beyond its hit points: its actions.
	aliveValue = 1.5
	// killTargetValue is what each hit point of a kill condition's target is worth to its
	// team, on top of the hit point itself.
	killTargetValue = 1.0
	// postCost is what each cm between a cowboy without an errand and its post costs (see
	// aimer.Post: the enemy's objective or the nearest enemy).
	postCost = 0.012
	// shotWeight and exposureWeight weigh the damage a team can expect to deal and to take
	// before its cowboys play again (see position).
	shotWeight     = 0.4
	exposureWeight = 0.8
	// objectiveScale is the share of a won game that the tokens of a delivery are worth in
	// all (see progress): twice a won game, so that a pardon carried is worth 44 hit points
	// (why: docs/decisions/bots-planner-evaluation-weights.md).
	objectiveScale = 2.0
	// urgency is how much more a route costs at noon than at the start hour (see progress).
	urgency = 2.0
	// watchValue is what a sure shot at the place where the enemy must deliver is worth to
	// the defending team (see watch; why: docs/decisions/bots-planner-evaluation-weights.md).
	watchValue = 3.0
	// coltValue, winchesterValue and dynamiteValue are what carrying one is worth.
	coltValue       = 0.8
	winchesterValue = 0.4
	dynamiteValue   = 0.4
)

// Evaluate returns the worth of game g (reached from the root situation's game) to team t,
// in hit points: the game's result once it is over; otherwise material (hit points and
// living cowboys), progress towards the scenario's objectives, and the shots each side has,
// each as t's share less the other team's.
func Evaluate(root *tactics.Situation, g *flickemup.Game, t flickemup.Team) float64 {
	return evaluate(root, nil, g, t)
}

// evaluate is Evaluate with the posts of the cowboys without an errand, read at the root
// (nil: none).
func evaluate(root *tactics.Situation, posts *posts, g *flickemup.Game, t flickemup.Team) float64 {
	if g.Over() {
		r := g.Result()
		sc := g.HitPointsByTeam()
		margin := 0.01 * float64(sc[t]-sc[t.Other()])
		switch {
		case r.Draw:
			return margin
		case r.Winner == t:
			return winValue + margin
		}
		return -winValue + margin
	}
	s := root.Derive(g)
	return side(s, posts, t) - side(s, posts, t.Other()) + position(s, t)
}

// position returns the shooting balance of the position for team t: the damage t's cowboys
// can expect to deal before they play again less the damage they can expect to take, each
// estimated by damage and weighted (shotWeight, exposureWeight: the other team, which plays
// next after a turn, shoots first).
func position(s *tactics.Situation, t flickemup.Team) float64 {
	var chance [tactics.NumCowboys][tactics.NumCowboys]float64
	var w, val [tactics.NumCowboys]float64
	for i := range tactics.NumCowboys {
		if !s.Alive(i) {
			continue
		}
		w[i] = tactics.Later
		if s.SoonToAct(i) {
			w[i] = 1
		}
		val[i] = s.TargetValue(i)
		for _, j := range tactics.Members(tactics.Team(i).Other()) {
			chance[i][j] = s.Chance(i, j)
		}
	}
	return shotWeight*damage(s, t, &chance, &w, &val) - exposureWeight*damage(s, t.Other(), &chance, &w, &val)
}

// damage estimates the hit points team t's cowboys can deal the other team before they play
// again: each shooter, those acting this round first, picks the target it is likeliest to
// hit for most, and each target, once hit, falls and cannot be hit again, so a target's worth
// shrinks with the chance it was already hit.
func damage(s *tactics.Situation, t flickemup.Team, chance *[tactics.NumCowboys][tactics.NumCowboys]float64, w, val *[tactics.NumCowboys]float64) float64 {
	var standing [tactics.NumCowboys]float64
	for i := range standing {
		standing[i] = 1
	}
	total := 0.0
	for _, pass := range [2]bool{true, false} {
		for _, j := range tactics.Members(t) {
			if !s.Alive(j) || (w[j] == 1) != pass {
				continue
			}
			best, target := 0.0, -1
			for _, i := range tactics.Members(t.Other()) {
				if v := standing[i] * chance[j][i] * val[i]; v > best {
					best, target = v, i
				}
			}
			if target < 0 {
				continue
			}
			total += w[j] * best
			standing[target] *= 1 - w[j]*chance[j][target]
		}
	}
	return total
}

// side returns what team t has in s: material (living cowboys, hit points, weapons), the
// approach of its idle cowboys to their posts, and its progress on the scenario's objectives.
func side(s *tactics.Situation, ps *posts, t flickemup.Team) float64 {
	v := 0.0
	for _, i := range tactics.Members(t) {
		if !s.Alive(i) {
			continue
		}
		c := &s.Cows[i]
		v += aliveValue + float64(c.HP)
		for _, id := range c.Inventory {
			if id < 0 {
				continue
			}
			switch s.KindOf(id) {
			case flickemup.TokenColt:
				v += coltValue
			case flickemup.TokenWinchester:
				v += winchesterValue
			case flickemup.TokenDynamite:
				v += dynamiteValue
			}
		}
		if ps != nil && ps.has[i] {
			pos := c.Pos
			if c.Inside >= 0 {
				pos = s.Stage(c.Inside)
				v -= postCost * tactics.ExitCost
			}
			v -= postCost * pos.Sub(ps.at[i]).Len()
		}
	}
	for _, k := range s.Obj.Kills {
		if k.Team == t.Other() && s.Alive(k.Target) {
			v += killTargetValue * float64(s.Cows[k.Target].HP)
		}
	}
	for _, d := range s.Obj.Deliveries {
		if d.Team == t {
			v += progress(s, d)
		} else {
			v += watchValue * watch(s, t, d)
		}
	}
	return v
}

// watch returns how well team t covers the place where the enemy must deliver: the best
// chance any of its cowboys has of hitting an enemy standing there.
func watch(s *tactics.Situation, t flickemup.Team, d tactics.Delivery) float64 {
	var p physics.Vec
	switch d.To.Kind {
	case flickemup.PlaceBuilding:
		p = s.Stage(d.To.Index)
	case flickemup.PlaceGallows:
		if s.L.Gallows < 0 {
			return 0
		}
		p = s.St.Pieces[s.L.Gallows].Pos
	default:
		return 0
	}
	best := 0.0
	for _, i := range tactics.Members(t) {
		best = math.Max(best, s.ChanceAt(i, p))
	}
	return best
}

// progress measures team d.Team's progress on delivery d, in hit points, as shares of a won
// game (winValue for the Count tokens): each token delivered is worth placedShare of its
// share; each token carried carriedShare, less with a long route still to go; each token
// lying where the team could fetch it availableShare, less with a long route to it for the
// nearest free cowboy. A token the enemy carries is worth nothing. Routes count more as noon
// nears (urgency), so that a carrier does not wait in safety until the game is lost.
func progress(s *tactics.Situation, d tactics.Delivery) float64 {
	share := objectiveScale * winValue / float64(d.Count)
	start := float64(s.Sc.StartHour)
	clock := 1 + urgency*(float64(s.G.Hour())-start)/math.Max(1, flickemup.Noon-start)
	near := func(route float64) float64 { return math.Max(0, 1-clock*route/routeScale) }
	placed := s.Count(d.Token, d.To)
	need := d.Count - placed
	v := placedShare * share * float64(min(placed, d.Count))
	for _, i := range tactics.Members(d.Team) {
		if need <= 0 {
			break
		}
		n := min(s.Carries(i, d.Token), need)
		if n == 0 || !s.Alive(i) {
			continue
		}
		need -= n
		v += float64(n) * carriedShare * share * (0.5 + 0.5*near(s.RouteCost(i, d.To)))
	}
	if need <= 0 {
		return v
	}
	for _, src := range s.Sources(d.Token, d.To) {
		n := min(src.N, need)
		if n == 0 {
			continue
		}
		need -= n
		best := math.Inf(1)
		for _, i := range tactics.Members(d.Team) {
			if s.Alive(i) && s.FreeSlots(i) > 0 {
				best = math.Min(best, s.RouteCost(i, src.Place))
			}
		}
		if !math.IsInf(best, 1) {
			v += float64(n) * availableShare * share * (0.3 + 0.7*near(best))
		}
	}
	return v
}

// Shares of a delivery's worth (see progress) and the route length, in cm, over which a
// token's worth fades.
const (
	placedShare    = 0.4
	carriedShare   = 0.22
	availableShare = 0.08
	routeScale     = 200.0
)

// posts are where the cowboys without an errand stand guard, read once per decision.
type posts struct {
	has [tactics.NumCowboys]bool
	at  [tactics.NumCowboys]physics.Vec
}

// postsOf reads the posts of every living cowboy without an errand in s.
func postsOf(s *tactics.Situation) *posts {
	ps := &posts{}
	for _, t := range []flickemup.Team{flickemup.Lawmen, flickemup.Outlaws} {
		es := s.Errands(t)
		for _, i := range tactics.Members(t) {
			if !s.Alive(i) {
				continue
			}
			if _, busy := tactics.ErrandOf(es, i); busy {
				continue
			}
			ps.at[i], ps.has[i] = aimer.Post(s, i)
		}
	}
	return ps
}
