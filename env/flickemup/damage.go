package flickemup

import "github.com/flickarena/flickarena/physics"

// wound takes one hit point from cowboy c; by is the cowboy who shot or threw (-1 for none).
func (g *Game) wound(c, by int) {
	cb := &g.cowboys[c]
	if !cb.alive {
		return
	}
	cb.hp--
	if cb.hp <= 0 {
		cb.hp = 0
		g.die(c, by)
	}
}

// die applies the rulebook's death: the figure leaves the table; the tokens it carried go to
// the Undertaker's support blocks, face up (out of the game if the town has no Undertaker,
// our rule); its hat stays in play with its colour, so its team still spends a turn on it;
// the initiative token, if it held it, goes to the cowboy who shot (see passInitiative).
func (g *Game) die(c, by int) {
	cb := &g.cowboys[c]
	cb.alive = false
	cb.inside = -1
	p := g.piece(c)
	p.Off = true
	p.Fallen = false
	under := g.lay.sc.building(Undertaker)
	for s, id := range cb.inv {
		if id < 0 {
			continue
		}
		t := &g.tokens[id]
		t.faceUp = true
		t.pos = physics.Vec{}
		if under >= 0 {
			t.place, t.index = PlaceBuilding, under
		} else {
			t.place, t.index = PlaceGone, 0
		}
		cb.inv[s] = -1
	}
	if g.initiative == c {
		g.passInitiative(by)
	}
}

// passInitiative hands the dead holder's initiative token to the shooter by, if alive (the
// rulebook). When there is no living shooter (a cowboy killed by its own bullet, its own
// dynamite or poisoned water: our rule) it goes to the lowest-numbered living cowboy of the
// dead holder's opponents, else of its own team; if nobody lives it stays put (the game is over).
func (g *Game) passInitiative(by int) {
	dead := g.initiative
	if by >= 0 && g.cowboys[by].alive {
		g.initiative = by
		return
	}
	for _, t := range []Team{cowboyID(dead).Team.Other(), cowboyID(dead).Team} {
		for n := 1; n <= MaxCowboys; n++ {
			if i := (CowboyID{Team: t, Number: n}).index(); g.cowboys[i].alive {
				g.initiative = i
				return
			}
		}
	}
}
