package flickemup

// This file holds who plays when: rounds, hours, hats, the initiative and team alternation.
//
// A round is one clock hour. It opens with the cowboy holding the initiative token, played by
// the next player in its team's turn order; then the teams alternate, each team's players
// taking turns in their order, each choosing one of the team's available cowboys. When the
// team due to play has no cowboy available, the other team plays again. When no cowboy is
// available the clock moves on one hour; at 12:00 the game ends.

// startRound opens the round of the current hour.
func (g *Game) startRound() {
	for {
		if g.hour >= Noon {
			g.noon()
			return
		}
		g.round++
		for i := range g.cowboys {
			g.cowboys[i].played = false
		}
		for i := range g.tokens {
			t := &g.tokens[i]
			if t.kind == TokenNotAllowed && t.until == g.hour && t.place != PlaceGone {
				t.place = PlaceGone
			}
		}
		init := g.initiative
		switch {
		case g.cowboys[init].present && g.available(init):
			g.team = cowboyID(init).Team
			g.forced = true
		case g.teamAvailable(g.lastTeamOr(Lawmen).Other()):
			g.team = g.lastTeamOr(Lawmen).Other()
			g.forced = false
		case g.teamAvailable(g.lastTeamOr(Lawmen)):
			g.team = g.lastTeamOr(Lawmen)
			g.forced = false
		default:
			// Nobody can play this hour (never after a first round that matched the hour).
			g.hour++
			continue
		}
		g.player = teamPlayer(g.team, g.next[g.team])
		g.phase = PhaseSelect
		return
	}
}

// lastTeamOr returns the team that played last, or t if none has.
func (g *Game) lastTeamOr(t Team) Team {
	if g.lastTeam == NoTeam {
		return t
	}
	return g.lastTeam
}

// selectCowboy starts the turn of cowboy c. A dead cowboy's turn ends at once: it has no
// actions, its hat flips.
func (g *Game) selectCowboy(c int) {
	g.actor = c
	g.forced = false
	g.moves = 0
	if !g.cowboys[c].alive {
		g.actionsLeft = 0
		g.endTurn()
		return
	}
	g.actionsLeft = 2
	if p := g.piece(c); p.Fallen {
		// A fallen cowboy stands up when played, inside a building too, facing as it did
		// before it fell.
		p.Fallen = false
		p.Angle = g.cowboys[c].facing
	}
	g.phase = PhaseAct
}

// afterAction settles the game after an action: victory, then the end of the turn when the
// cowboy has no action left or died.
func (g *Game) afterAction() {
	g.judge()
	if g.result.Over {
		g.phase = PhaseOver
		return
	}
	if g.phase != PhaseAct {
		return
	}
	if g.actionsLeft == 0 || !g.cowboys[g.actor].alive {
		g.endTurn()
	}
}

// endTurn flips the played cowboy's hat and passes the turn.
func (g *Game) endTurn() {
	c := g.actor
	cb := &g.cowboys[c]
	cb.hat = cb.hat.Flip()
	cb.played = true
	t := cowboyID(c).Team
	g.lastTeam = t
	g.next[t] = (g.next[t] + 1) % g.lay.nPlayers[t]
	g.actor = -1
	g.actionsLeft = 0
	g.moves = 0
	g.turns++
	switch other := t.Other(); {
	case g.teamAvailable(other):
		g.team = other
	case g.teamAvailable(t):
		g.team = t
	default:
		g.hour++
		g.startRound()
		return
	}
	g.player = teamPlayer(g.team, g.next[g.team])
	g.phase = PhaseSelect
}
