package planner

import (
	"math"
	"slices"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// candidate is an action to try, with the static prior that ranks it.
type candidate struct {
	a     flickemup.Action
	prior float64
	// noisy reports an action whose outcome is random (a flick or a draw), simulated
	// Samples times; the others once.
	noisy bool
	// enter reports a move into a building.
	enter bool
	// target and phit are, for a shot, the cowboy aimed at and the estimated chance of
	// hitting it (tactics.Shot.PHit), used as a control variate; target is -1 otherwise.
	target int
	phit   float64
}

// candidates lists what the played cowboy could do: every take, drop and exchange the rules
// allow and ending the turn (cheap, exact), then the best flicks by prior up to the budget:
// the aimer's own choice aim, shots and duels, dynamite throws, and moves (towards its errand
// and to the best positions).
func (p *Planner) candidates(s *tactics.Situation, aim flickemup.Action) []candidate {
	i, _ := s.Actor()
	var out []candidate
	if s.G.Phase() == flickemup.PhaseAct {
		// Ending the turn comes first: a tie with a useless action goes to it.
		out = append(out, candidate{a: flickemup.Action{Kind: flickemup.ActEndTurn}, target: -1})
		for _, a := range s.G.Legal(nil) {
			switch a.Kind {
			case flickemup.ActTake, flickemup.ActExchange:
				k := s.KindOf(a.Token)
				if !s.Useful(tactics.Team(i), k) || (s.FreeSlots(i) == 0 && s.SlotFor(i, k) < 0) {
					continue
				}
				out = append(out, candidate{a: a, noisy: !s.G.Token(a.Token).FaceUp, target: -1})
			case flickemup.ActDrop:
				out = append(out, candidate{a: a, target: -1})
			}
		}
	}
	var flicks []candidate
	for _, sh := range s.Shots(i) {
		flicks = append(flicks, candidate{a: sh.Action, prior: sh.Value, noisy: true, target: sh.Target, phit: sh.PHit})
	}
	for _, th := range s.Throws(i) {
		flicks = append(flicks, candidate{a: th.Action, prior: th.Value, noisy: true, target: -1})
	}
	slices.SortStableFunc(flicks, byPrior)
	flicks = flicks[:min(len(flicks), max(p.budget.Candidates/2, 1))]
	if s.G.Phase() == flickemup.PhaseAct {
		moves := moveCandidates(s, i)
		slices.SortStableFunc(moves, byPrior)
		// Moves into buildings always compete: a cowboy inside cannot be shot.
		for _, m := range moves {
			if m.enter && len(flicks) < p.budget.Candidates {
				flicks = append(flicks, m)
			}
		}
		for _, m := range moves {
			if len(flicks) >= p.budget.Candidates {
				break
			}
			if !contains(flicks, m.a) {
				flicks = append(flicks, m)
			}
		}
	}
	// The aimer's choice is always a candidate, so the planner only departs from it when the
	// simulations say so.
	if !isFlick(aim.Kind) && !contains(out, aim) {
		out = append(out, candidate{a: aim, noisy: aim.Kind == flickemup.ActTake, target: -1})
	}
	if isFlick(aim.Kind) && !contains(flicks, aim) {
		if len(flicks) >= p.budget.Candidates {
			flicks = flicks[:p.budget.Candidates-1]
		}
		flicks = append(flicks, candidate{a: aim, noisy: true, target: -1})
	}
	return append(out, flicks...)
}

// moveCandidates rates the moves of cowboy i: the route it saves towards its errand, plus
// the fighting worth of where it ends (the aimer's PositionScore), less the move's risk.
func moveCandidates(s *tactics.Situation, i int) []candidate {
	errand, hasErrand := tactics.ErrandOf(s.Errands(tactics.Team(i)), i)
	now := math.Inf(1)
	var extra []physics.Vec
	if hasErrand {
		now = s.RouteCost(i, errand.Place)
		if m, ok := s.Toward(i, errand.Place); ok {
			extra = append(extra, m.To)
		}
	}
	post, hasPost := aimer.Post(s, i)
	if hasPost {
		extra = append(extra, post)
	}
	left := s.G.ActionsLeft() - 1
	var out []candidate
	var w *tactics.Situation // the what-if of each move, one copy moved from spot to spot
	for _, m := range s.Moves(i, extra...) {
		prior := -0.05 * tactics.MovePenalty(m)
		if hasErrand && !math.IsInf(now, 1) {
			prior += 0.08 * (now - s.AfterMove(m, errand.Place))
		}
		if m.Enter >= 0 {
			prior += 0 // buildings are judged by the simulation
		} else {
			if w == nil {
				w = s.WithCowboyAt(i, m.To, aimer.FaceFrom(s, i, m.To))
			} else {
				w.MoveCowboy(i, m.To, aimer.FaceFrom(s, i, m.To))
			}
			prior += aimer.PositionScore(w, i, left, post, hasPost)
		}
		out = append(out, candidate{a: aimer.MoveAction(s, i, m), prior: prior, noisy: true, enter: m.Enter >= 0, target: -1})
	}
	return out
}

// byPrior orders candidates by decreasing prior.
func byPrior(a, b candidate) int {
	switch {
	case a.prior > b.prior:
		return -1
	case a.prior < b.prior:
		return 1
	}
	return 0
}

// isFlick reports whether an action kind flicks a piece.
func isFlick(k flickemup.ActionKind) bool {
	switch k {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
		return true
	}
	return false
}

// contains reports whether cs holds action a.
func contains(cs []candidate, a flickemup.Action) bool {
	for _, c := range cs {
		if c.a == a {
			return true
		}
	}
	return false
}
