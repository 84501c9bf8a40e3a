package aimer

import (
	"math"

	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Weights of a fighter's position (see PositionScore).
const (
	// exposureWeight is what one enemy's sure shot at the cowboy costs.
	exposureWeight = 0.8
	// approachWeight is what each cm of route to the cowboy's post costs.
	approachWeight = 0.012
	// moveGain is how much better a position must score to be worth a move.
	moveGain = 0.1
)

// fighterMove returns the move to the best position for cowboy i (PositionScore), if it beats
// standing still.
func fighterMove(s *tactics.Situation, i int) (tactics.Move, bool) {
	post, hasPost := Post(s, i)
	var extra []physics.Vec
	if hasPost {
		extra = append(extra, post)
	}
	left := s.G.ActionsLeft() - 1
	stay := PositionScore(s, i, left+1, post, hasPost)
	best, bestScore, found := tactics.Move{}, stay+moveGain, false
	var w *tactics.Situation // the what-if of each move, one copy moved from spot to spot
	for _, m := range s.Moves(i, extra...) {
		if m.Enter >= 0 {
			continue // the aimer fights in the street
		}
		if w == nil {
			w = s.WithCowboyAt(i, m.To, FaceFrom(s, i, m.To))
		} else {
			w.MoveCowboy(i, m.To, FaceFrom(s, i, m.To))
		}
		score := PositionScore(w, i, left, post, hasPost) - 0.01*tactics.MovePenalty(m)
		if score > bestScore {
			best, bestScore, found = m, score, true
		}
	}
	return best, found
}

// PositionScore rates where cowboy i stands in s: its best shot (worth more if it has
// actions left to take it), less its exposure to the enemies who act before it plays again,
// less the route to its post.
func PositionScore(s *tactics.Situation, i, actionsLeft int, post physics.Vec, hasPost bool) float64 {
	shot := 0.0
	for _, j := range tactics.Members(tactics.Team(i).Other()) {
		shot = math.Max(shot, s.Chance(i, j)*s.TargetValue(j))
	}
	if actionsLeft == 0 {
		shot *= tactics.Later
	}
	risk := 0.0
	if s.OnTable(i) {
		for _, j := range tactics.Members(tactics.Team(i).Other()) {
			w := tactics.Later
			if s.SoonToAct(j) {
				w = 1
			}
			risk += w * s.Chance(j, i)
		}
	}
	score := shot - exposureWeight*risk
	if hasPost && s.Alive(i) {
		c := &s.Cows[i]
		if c.Inside >= 0 {
			score -= approachWeight * (tactics.ExitCost + s.Route(post).Dist(s.Stage(c.Inside)))
		} else {
			score -= approachWeight * s.Route(post).Dist(c.Pos)
		}
	}
	return score
}

// Post returns where cowboy i should stand guard when it has nothing better to do: near the
// place the enemy must bring tokens to (or take them from), else near the nearest enemy.
func Post(s *tactics.Situation, i int) (physics.Vec, bool) {
	t := tactics.Team(i)
	for _, d := range s.Obj.Deliveries {
		if d.Team == t {
			continue
		}
		if p, ok := guardPoint(s, d.To); ok {
			return p, true
		}
	}
	best, found := math.Inf(1), false
	var post physics.Vec
	for _, j := range tactics.Members(t.Other()) {
		if !s.Alive(j) {
			continue
		}
		p := s.Cows[j].Pos
		if s.Cows[j].Inside >= 0 {
			p = s.Stage(s.Cows[j].Inside)
		}
		if d := p.Sub(s.Cows[i].Pos).Len(); d < best {
			best, post, found = d, p, true
		}
	}
	return post, found
}

// guardPoint returns a point from which to watch place p: a little in front of a building's
// door, beside the gallows.
func guardPoint(s *tactics.Situation, p tactics.Place) (physics.Vec, bool) {
	switch p.Kind {
	case flickemup.PlaceBuilding:
		mid, _, front, _ := s.L.DoorFrame(s.St, p.Index)
		return mid.Add(front.Scale(20)), true
	case flickemup.PlaceGallows:
		if s.L.Gallows >= 0 {
			return s.St.Pieces[s.L.Gallows].Pos, true
		}
	}
	return physics.Vec{}, false
}
