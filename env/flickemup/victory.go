package flickemup

import "fmt"

// judge ends the game if a victory condition holds now. Two teams winning at the same moment
// draw; so do two teams with no cowboy left alive.
func (g *Game) judge() {
	if g.result.Over {
		return
	}
	var alive [2]int
	for i, c := range g.cowboys {
		if c.alive {
			alive[cowboyID(i).Team]++
		}
	}
	if alive[Lawmen] == 0 && alive[Outlaws] == 0 {
		g.end(NoTeam, "every cowboy is dead")
		return
	}
	var wins [2]bool
	var why [2]string
	win := func(t Team, reason string) {
		if !wins[t] {
			wins[t], why[t] = true, reason
		}
	}
	for _, v := range g.lay.sc.Victories {
		switch v.Kind {
		case VictoryLastTeamStanding:
			for _, t := range []Team{Lawmen, Outlaws} {
				if alive[t] > 0 && alive[t.Other()] == 0 {
					win(t, fmt.Sprintf("the %s are the last team standing", t))
				}
			}
		case VictoryKill:
			if !g.cowboys[v.Target.index()].alive {
				win(v.Team, fmt.Sprintf("%s is dead", v.Target))
			}
		case VictoryTokens:
			if n := g.countAt(v.Token, v.Place, v.Index); n >= v.Count {
				win(v.Team, fmt.Sprintf("%d %s tokens lie in the %s", n, v.Token, g.placeName(v.Place, v.Index)))
			}
		}
	}
	switch {
	case wins[Lawmen] && wins[Outlaws]:
		g.end(NoTeam, why[Lawmen]+" and "+why[Outlaws])
	case wins[Lawmen]:
		g.end(Lawmen, why[Lawmen])
	case wins[Outlaws]:
		g.end(Outlaws, why[Outlaws])
	}
}

// noon ends the game when the clock reaches 12:00.
func (g *Game) noon() {
	g.hour = Noon
	g.actor = -1
	for _, v := range g.lay.sc.Victories {
		switch v.Kind {
		case VictoryNoon:
			g.end(v.Team, fmt.Sprintf("the %s held out until noon", v.Team))
			return
		case VictoryNoonHP:
			s := g.HitPointsByTeam()
			switch {
			case s[Lawmen] > s[Outlaws]:
				g.end(Lawmen, fmt.Sprintf("noon: the lawmen have more hit points (%d to %d)", s[Lawmen], s[Outlaws]))
			case s[Outlaws] > s[Lawmen]:
				g.end(Outlaws, fmt.Sprintf("noon: the outlaws have more hit points (%d to %d)", s[Outlaws], s[Lawmen]))
			default:
				g.end(NoTeam, fmt.Sprintf("noon: equal hit points (%d each)", s[Lawmen]))
			}
			return
		}
	}
	g.end(NoTeam, "noon: no victory condition was met")
}

// end records the result; winner NoTeam is a draw.
func (g *Game) end(winner Team, reason string) {
	g.result = Result{Over: true, Winner: winner, Draw: winner == NoTeam, Reason: reason}
	g.phase = PhaseOver
}

// countAt returns how many tokens of kind k lie at a place.
func (g *Game) countAt(k TokenKind, place PlaceKind, index int) int {
	n := 0
	for _, t := range g.tokens {
		if t.kind == k && t.place == place && (place != PlaceBuilding || t.index == index) {
			n++
		}
	}
	return n
}

// placeName names a place for messages.
func (g *Game) placeName(place PlaceKind, index int) string {
	if place == PlaceBuilding {
		return g.lay.sc.Buildings[index].Kind.String()
	}
	return place.String()
}
