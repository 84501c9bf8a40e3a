package tactics

import (
	"math"

	"github.com/flickarena/flickarena/env/flickemup"
)

// Later is the weight of a cowboy that will not act again this round in Opportunity: it
// acts next round, if the position still holds.
const Later = 0.35

// Opportunity estimates what team t's cowboys can do to the other team from where they stand,
// in hit points: for each living cowboy, its best Chance times the target's value, weighted
// by 1 if it acts again this round (2 with two pistols) and by Later otherwise.
func (s *Situation) Opportunity(t flickemup.Team) float64 {
	total := 0.0
	for _, i := range Members(t) {
		if !s.Alive(i) {
			continue
		}
		best := 0.0
		for _, j := range Members(t.Other()) {
			if p := s.Chance(i, j); p > 0 {
				best = math.Max(best, p*s.TargetValue(j))
			}
		}
		if best == 0 {
			continue
		}
		w := Later
		if s.SoonToAct(i) {
			w = 1
		}
		if s.Carries(i, flickemup.TokenColt) > 0 {
			w *= 1.6
		}
		total += w * best
	}
	return total
}

// Exposure returns how many of the other team's cowboys have a shot at cowboy j, weighted by
// their chances (a measure of how exposed j stands).
func (s *Situation) Exposure(j int) float64 {
	total := 0.0
	for _, i := range Members(Team(j).Other()) {
		total += s.Chance(i, j)
	}
	return total
}
