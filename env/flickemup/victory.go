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
		g.end(NoTeam, "every cowboy is dead", "every cowboy is dead")
		return
	}
	var wins [2]bool
	var why, kind [2]string
	win := func(t Team, k, reason string) {
		if !wins[t] {
			wins[t], kind[t], why[t] = true, k, reason
		}
	}
	for _, v := range g.lay.sc.Victories {
		switch v.Kind {
		case VictoryLastTeamStanding:
			for _, t := range []Team{Lawmen, Outlaws} {
				if alive[t] > 0 && alive[t.Other()] == 0 {
					r := fmt.Sprintf("the %s are the last team standing", t)
					win(t, r, r)
				}
			}
		case VictoryKill:
			if !g.cowboys[v.Target.index()].alive {
				r := fmt.Sprintf("%s is dead", v.Target)
				win(v.Team, r, r)
			}
		case VictoryTokens:
			if n := g.countAt(v.Token, v.Place, v.Index); n >= v.Count {
				place := g.placeName(v.Place, v.Index)
				kind := fmt.Sprintf("%s tokens lie in the %s", v.Token, place)
				if v.Count == 1 {
					kind = fmt.Sprintf("a %s token lies in the %s", v.Token, place)
				}
				verb := "lie"
				if n == 1 {
					verb = "lies"
				}
				win(v.Team, kind, fmt.Sprintf("%s %s in the %s", tokenCount(n, v.Token), verb, place))
			}
		}
	}
	switch {
	case wins[Lawmen] && wins[Outlaws]:
		g.end(NoTeam, kind[Lawmen]+" and "+kind[Outlaws], why[Lawmen]+" and "+why[Outlaws])
	case wins[Lawmen]:
		g.end(Lawmen, kind[Lawmen], why[Lawmen])
	case wins[Outlaws]:
		g.end(Outlaws, kind[Outlaws], why[Outlaws])
	}
}

// noon ends the game when the clock reaches 12:00.
func (g *Game) noon() {
	g.hour = Noon
	g.actor = -1
	for _, v := range g.lay.sc.Victories {
		switch v.Kind {
		case VictoryNoon:
			r := fmt.Sprintf("the %s held out until noon", v.Team)
			g.end(v.Team, r, r)
			return
		case VictoryNoonHP:
			s := g.HitPointsByTeam()
			switch {
			case s[Lawmen] > s[Outlaws]:
				g.end(Lawmen, "noon: the lawmen have more hit points",
					fmt.Sprintf("noon: the lawmen have more hit points (%d to %d)", s[Lawmen], s[Outlaws]))
			case s[Outlaws] > s[Lawmen]:
				g.end(Outlaws, "noon: the outlaws have more hit points",
					fmt.Sprintf("noon: the outlaws have more hit points (%d to %d)", s[Outlaws], s[Lawmen]))
			default:
				g.end(NoTeam, "noon: equal hit points", fmt.Sprintf("noon: equal hit points (%d each)", s[Lawmen]))
			}
			return
		}
	}
	g.end(NoTeam, "noon: no victory condition was met", "noon: no victory condition was met")
}

// end records the result; winner NoTeam is a draw. kind is reason without its figures.
func (g *Game) end(winner Team, kind, reason string) {
	g.result = Result{Over: true, Winner: winner, Draw: winner == NoTeam, Kind: kind, Reason: reason}
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

// tokenCount writes n tokens of kind k: "1 hostage token", "2 gold tokens".
func tokenCount(n int, k TokenKind) string {
	if n == 1 {
		return fmt.Sprintf("1 %s token", k)
	}
	return fmt.Sprintf("%d %s tokens", n, k)
}
