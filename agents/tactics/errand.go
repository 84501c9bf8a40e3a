package tactics

import (
	"math"
	"slices"

	"github.com/flickarena/flickarena/env/flickemup"
)

// Errand is a job a cowboy does for its team's objective: go to Place and drop tokens of kind
// Drop, or take tokens of kind Take (Token: the id to take there).
type Errand struct {
	Cowboy int
	Place  Place
	Drop   flickemup.TokenKind
	Take   flickemup.TokenKind
	Token  int
	// Deny reports a take that keeps the enemy from its objective.
	Deny bool
	// Hide reports a cowboy carrying denied tokens that should keep them in a building.
	Hide bool
	// Hunt is the dense index of an enemy to call out of its building (rule duels): Place
	// is then a spot in front of its door. -1 otherwise.
	Hunt int
}

// Useful reports whether a token of kind k is worth a slot to team t: its own objective's
// tokens, the enemy's (denied), weapons and dynamite.
func (s *Situation) Useful(t flickemup.Team, k flickemup.TokenKind) bool {
	switch k {
	case flickemup.TokenColt, flickemup.TokenWinchester, flickemup.TokenDynamite:
		return true
	}
	_, wanted := s.Obj.Wanted(k)
	return wanted
}

// SlotFor returns an inventory slot of cowboy i that can take a token of kind k: an empty
// one, else one holding a token worth less (not useful to its team), else -1.
func (s *Situation) SlotFor(i int, k flickemup.TokenKind) int {
	inv := s.Cows[i].Inventory
	for sl, id := range inv {
		if id < 0 {
			return sl
		}
	}
	for sl, id := range inv {
		if !s.Useful(Team(i), s.KindOf(id)) {
			return sl
		}
	}
	return -1
}

// Errands returns the errands of team t, at most one per cowboy: carriers bring their tokens
// to the delivery place; the nearest free cowboys fetch what is missing (one per two tokens,
// at most two); for each enemy delivery the nearest free cowboy takes the tokens away if it
// is nearer than any enemy, and a cowboy carrying denied tokens hides them in a building;
// then one cowboy fetches a weapon lying near.
func (s *Situation) Errands(t flickemup.Team) []Errand {
	var out []Errand
	busy := [NumCowboys]bool{}
	for _, d := range s.Obj.Deliveries {
		if d.Team != t {
			continue
		}
		need := d.Count - s.Count(d.Token, d.To)
		if need <= 0 {
			continue
		}
		carried := 0
		for _, i := range Members(t) {
			if s.Alive(i) {
				carried += s.Carries(i, d.Token)
			}
		}
		for _, i := range Members(t) {
			n := s.Carries(i, d.Token)
			if n == 0 || !s.Alive(i) || busy[i] {
				continue
			}
			busy[i] = true
			need -= n
			// A carrier standing at a source with room takes more while more is needed.
			if carried < d.Count-s.Count(d.Token, d.To) && s.FreeSlots(i) > 0 {
				if src, ok := s.sourceAt(i, d.Token, d.To); ok {
					out = append(out, Errand{Cowboy: i, Place: src.Place, Take: d.Token, Token: src.Token, Hunt: -1})
					carried++
					continue
				}
			}
			out = append(out, Errand{Cowboy: i, Place: d.To, Drop: d.Token, Hunt: -1})
		}
		if need <= 0 {
			continue
		}
		for _, e := range Members(t.Other()) {
			if s.Carries(e, d.Token) > 0 && s.Alive(e) {
				out = s.hunt(out, &busy, t, e)
			}
		}
		fetchers := min((need+1)/2, 2)
		out = s.fetch(out, &busy, t, d.Token, d.To, fetchers, math.Inf(1), false)
	}
	for _, k := range s.Obj.Kills {
		if k.Team == t && s.Alive(k.Target) {
			out = s.hunt(out, &busy, t, k.Target)
		}
	}
	for _, d := range s.Obj.Deliveries {
		if d.Team == t {
			continue
		}
		for _, i := range Members(t) {
			if s.Carries(i, d.Token) > 0 && s.Alive(i) && !busy[i] && s.Cows[i].Inside < 0 {
				if b, ok := s.hideout(i, d.To); ok {
					out = append(out, Errand{Cowboy: i, Place: b, Hide: true, Hunt: -1})
					busy[i] = true
				}
			}
		}
		// Deny only what the enemy could reach sooner than us otherwise.
		enemyBest := math.Inf(1)
		for _, src := range s.Sources(d.Token, d.To) {
			for _, e := range Members(t.Other()) {
				if s.Alive(e) {
					enemyBest = math.Min(enemyBest, s.RouteCost(e, src.Place))
				}
			}
		}
		out = s.fetch(out, &busy, t, d.Token, d.To, 1, enemyBest+25, true)
	}
	for _, k := range []flickemup.TokenKind{flickemup.TokenColt, flickemup.TokenWinchester} {
		out = s.fetch(out, &busy, t, k, Place{Kind: flickemup.PlaceGone}, 1, weaponRange, false)
	}
	return out
}

// huntRange is how far in front of a door a hunter waits to call a cowboy out, in cm.
const huntRange = 12.0

// hunters is how many cowboys call out one enemy at a time.
const hunters = 3

// hunt appends errands calling enemy e out of its building for the nearest free cowboys of
// team t (up to hunters, each at its own spot in front of the door), when the rules allow
// duels and e is inside.
func (s *Situation) hunt(out []Errand, busy *[NumCowboys]bool, t flickemup.Team, e int) []Errand {
	b := s.Cows[e].Inside
	if !s.Sc.Rules.Duels || b < 0 {
		return out
	}
	for _, x := range out {
		if x.Hunt == e {
			return out
		}
	}
	mid, along, front, _ := s.L.DoorFrame(s.St, b)
	for _, off := range [hunters]float64{0, -huntSpread, huntSpread} {
		spot := Place{Kind: flickemup.PlaceGround, Pos: mid.Add(front.Scale(huntRange)).Add(along.Scale(off))}
		best, bestCost := -1, math.Inf(1)
		for _, i := range Members(t) {
			if busy[i] || !s.Alive(i) {
				continue
			}
			if c := s.CostFrom(s.Cows[i].Pos, s.Cows[i].Inside, spot); c < bestCost {
				best, bestCost = i, c
			}
		}
		if best < 0 {
			break
		}
		busy[best] = true
		out = append(out, Errand{Cowboy: best, Place: spot, Hunt: e})
	}
	return out
}

// huntSpread is the distance between hunters' spots along the door, in cm.
const huntSpread = 7.0

// weaponRange is the longest route, in cm, a cowboy goes out of its way to fetch a weapon.
const weaponRange = 45.0

// fetch appends up to n errands taking tokens of kind k from their sources (but not from
// `except`) for the nearest free cowboys of team t whose route is shorter than limit.
func (s *Situation) fetch(out []Errand, busy *[NumCowboys]bool, t flickemup.Team, k flickemup.TokenKind, except Place, n int, limit float64, deny bool) []Errand {
	srcs := s.Sources(k, except)
	if len(srcs) == 0 {
		return out
	}
	type cand struct {
		i    int
		src  Source
		cost float64
	}
	var cs []cand
	for _, i := range Members(t) {
		if busy[i] || !s.Alive(i) || s.SlotFor(i, k) < 0 {
			continue
		}
		for _, src := range srcs {
			if c := s.RouteCost(i, src.Place); c < limit {
				cs = append(cs, cand{i, src, c})
			}
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		switch {
		case a.cost < b.cost:
			return -1
		case a.cost > b.cost:
			return 1
		}
		return 0
	})
	for _, c := range cs {
		if n == 0 {
			break
		}
		if busy[c.i] {
			continue
		}
		busy[c.i] = true
		n--
		out = append(out, Errand{Cowboy: c.i, Place: c.src.Place, Take: k, Token: c.src.Token, Deny: deny, Hunt: -1})
	}
	return out
}

// hideout returns the open building nearest to cowboy i, other than the enemy's delivery
// place avoid.
func (s *Situation) hideout(i int, avoid Place) (Place, bool) {
	best, bestCost := Place{}, math.Inf(1)
	for b := range s.L.Doors {
		p := Place{Kind: flickemup.PlaceBuilding, Index: b}
		if p.Same(avoid) || s.G.Closed(b) {
			continue
		}
		if c := s.RouteCost(i, p); c < bestCost {
			best, bestCost = p, c
		}
	}
	return best, !math.IsInf(bestCost, 1)
}

// sourceAt returns the source of tokens of kind k (other than except) where cowboy i is.
func (s *Situation) sourceAt(i int, k flickemup.TokenKind, except Place) (Source, bool) {
	for _, src := range s.Sources(k, except) {
		if s.At(i, src.Place) {
			return src, true
		}
	}
	return Source{}, false
}

// ErrandOf returns the errand of cowboy i among es.
func ErrandOf(es []Errand, i int) (Errand, bool) {
	for _, e := range es {
		if e.Cowboy == i {
			return e, true
		}
	}
	return Errand{}, false
}
