package flickemup

// This file holds the take / drop / exchange action (rulebook: inside a building, unless the
// scenario allows it outside) and our water rule. A cowboy carries up to two tokens besides
// its hit points and the initiative token.

// take carries out a take action. A face-up token goes to the first free slot. Taking a
// face-down token draws one at random from its pile and reveals it: the action is spent, and
// the player then keeps it (PhaseReveal, ActKeep) or leaves it face up (ActLeave).
func (g *Game) take(a Action) {
	c := g.actor
	t := &g.tokens[a.Token]
	g.actionsLeft--
	if t.faceUp {
		g.putInSlot(c, a.Token, -1)
		return
	}
	var pile []int
	for id := range g.tokens {
		if o := &g.tokens[id]; !o.faceUp && samePile(o, t) {
			pile = append(pile, id)
		}
	}
	drawn := pile[g.rng.IntN(len(pile))]
	g.tokens[drawn].faceUp = true
	g.pending = drawn
	g.phase = PhaseReveal
}

// reveal settles a revealed token: kept (exchanged for a slot when the inventory is full) or
// left face up where it lies.
func (g *Game) reveal(a Action) {
	id := g.pending
	g.pending = -1
	g.phase = PhaseAct
	if a.Kind != ActKeep || !g.tokens[id].kind.Takeable() {
		return
	}
	slot := -1
	if g.invFull(g.actor) {
		slot = a.Slot
	}
	g.putInSlot(g.actor, id, slot)
}

// exchange takes face-up token a.Token and leaves the token of slot a.Slot where it lay, as one action.
func (g *Game) exchange(a Action) {
	g.actionsLeft--
	g.putInSlot(g.actor, a.Token, a.Slot)
}

// putInSlot moves token id into cowboy c's inventory: into slot (whose token goes, face up,
// where id lay), or into the first free slot when slot < 0.
func (g *Game) putInSlot(c, id, slot int) {
	cb := &g.cowboys[c]
	t := &g.tokens[id]
	if slot < 0 {
		slot = 0
		if cb.inv[0] >= 0 {
			slot = 1
		}
	}
	if old := cb.inv[slot]; old >= 0 {
		o := &g.tokens[old]
		o.place, o.index, o.pos, o.faceUp = t.place, t.index, t.pos, true
	}
	t.place, t.index, t.faceUp = PlaceCowboy, c, true
	cb.inv[slot] = id
}

// drop leaves the token of slot a.Slot, face up, where the cowboy is (see dropPlace).
func (g *Game) drop(a Action) {
	c := g.actor
	cb := &g.cowboys[c]
	id := cb.inv[a.Slot]
	place, index, pos, _ := g.dropPlace(c)
	t := &g.tokens[id]
	t.place, t.index, t.pos, t.faceUp = place, index, pos, true
	cb.inv[a.Slot] = -1
	g.actionsLeft--
}

// drink drinks the water of slot a.Slot (our rule): clean water gives back one hit point, up
// to the cowboy's starting hit points; poisoned water takes one, and may kill. The flask
// leaves the game; its quality stays secret until it is drunk.
func (g *Game) drink(a Action) {
	c := g.actor
	cb := &g.cowboys[c]
	id := cb.inv[a.Slot]
	cb.inv[a.Slot] = -1
	t := &g.tokens[id]
	t.place = PlaceGone
	g.actionsLeft--
	if t.poisoned {
		g.wound(c, -1)
		return
	}
	if cb.hp < cb.max {
		cb.hp++
	}
}
