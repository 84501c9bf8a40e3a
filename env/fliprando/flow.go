package fliprando

import "math/rand/v2"

// The turn structure as a state machine: every transition runs until the
// next decision that needs a player's choice, and sets it with setDec.

func (g *Game) setDec(d Decision, seat int) {
	g.dec, g.actor = d, int8(seat)
}

// fromFirst returns the seat i places after the first player.
func (g *Game) fromFirst(i int) int { return (int(g.first) + i) % g.cfg.Players }

// draw1 moves the top card of the draw pile into seat p's hand; with both
// piles empty the draw is lost.
func (g *Game) draw1(p int) {
	if g.pileN == 0 {
		return
	}
	g.pileN--
	g.players[p].hand.add(int(g.pile[g.pileN]))
	g.settle()
}

// discardCard puts card id on the discard pile.
func (g *Game) discardCard(id int) {
	g.discard.add(id)
	g.settle()
}

// settle reshuffles the discard pile into a new draw pile as soon as the
// draw pile is empty and the discard pile is not (ruling A17).
func (g *Game) settle() {
	if g.pileN > 0 || g.discard == (cardSet{}) {
		return
	}
	var buf [NumCards]int
	ids := g.discard.ids(buf[:0])
	for i, id := range ids {
		g.pile[i] = int8(id)
	}
	g.pileN = int8(len(ids))
	g.discard = cardSet{}
	r := rand.New(&g.pcg)
	r.Shuffle(len(ids), func(i, j int) { g.pile[i], g.pile[j] = g.pile[j], g.pile[i] })
}

// addScore adds n points (n may be negative) to seat p's score track,
// stopping at 0 unless NegativeScores.
func (g *Game) addScore(p, n int) {
	s := g.players[p].score + n
	if s < 0 && !g.cfg.NegativeScores {
		s = 0
	}
	g.players[p].score = s
}

// addObstacle advances seat p's track k by n, stopping at MaxTrack.
func (g *Game) addObstacle(p, k, n int) {
	g.players[p].obst[k] = int8(min(MaxTrack, int(g.players[p].obst[k])+n))
}

// countTiles returns seat p's numbers of active and blocked tiles.
func (g *Game) countTiles(p int) (active, blocked int) {
	for _, t := range g.players[p].tiles {
		switch t {
		case Active:
			active++
		case Blocked:
			blocked++
		}
	}
	return active, blocked
}

// canPhase1 reports whether the active player may exchange tiles.
func (g *Game) canPhase1() bool {
	a, b := g.countTiles(int(g.active))
	return a >= 2 && b >= 1
}

func (g *Game) startRound() {
	g.round++
	g.turns = 0
	g.active = g.first
	g.startTurn()
}

func (g *Game) startTurn() {
	g.played, g.act, g.joker, g.p1First = -1, -1, -1, -1
	g.p1Start = 0
	for t, s := range g.players[g.active].tiles {
		if s == Blocked {
			g.p1Start |= 1 << t
		}
	}
	g.setDec(DecP1First, int(g.active))
}

func (g *Game) startPhase2() {
	a, _ := g.countTiles(int(g.active))
	if a == 0 {
		// Ruling A11: no active tile, no action, no toggles.
		g.startPhase3()
		return
	}
	g.setDec(DecPlayTile, int(g.active))
}

func (g *Game) startPhase3() {
	g.act, g.joker = -1, -1
	g.setDec(DecPlayCard, int(g.active))
}

// startWithMult performs action k with the active player's multiplier.
func (g *Game) startWithMult(k int) {
	m := int(g.players[g.active].mult[k])
	if k == Move && g.cfg.MoveLegs {
		g.startAction(k, 1, m)
		return
	}
	g.startAction(k, m, 3)
}

// startJoker performs one unit of action k, for a JOKER.
func (g *Game) startJoker(k int) {
	g.joker = int8(k)
	if k == Move && g.cfg.MoveLegs {
		g.startAction(k, 1, 1)
		return
	}
	g.startAction(k, 1, 3)
}

// startAction performs units units of action k; a MOVE activation has
// legs legs.
func (g *Game) startAction(k, units, legs int) {
	g.act, g.units, g.legsMax = int8(k), int8(units), int8(legs)
	g.mover, g.legs, g.excl = -1, 0, -1
	g.continueAction()
}

// continueAction sets the decision of the next unit, or finishes the
// action.
func (g *Game) continueAction() {
	p := int(g.active)
	for {
		if g.units <= 0 {
			g.finishAction()
			return
		}
		switch g.act {
		case Move:
			if g.mover < 0 {
				if g.pileN == 0 {
					g.units-- // no card names a hiker: the unit is lost
					continue
				}
				g.mover = int8(g.TopColour())
				g.legs, g.excl = 0, -1
			}
			g.setDec(DecMoveDir, p)
			return
		case Swap:
			g.setDec(DecSwapPair, p)
			return
		case Dec:
			if !g.hasDecTarget() {
				g.units = 0 // ruling A19: units without a target are lost
				continue
			}
			g.setDec(DecDecTarget, p)
			return
		case Inc:
			if !g.hasIncTarget() {
				g.units = 0
				continue
			}
			g.setDec(DecIncTarget, p)
			return
		case Draw:
			for range g.units {
				g.draw1(p)
			}
			g.units = 0
			g.cont = contAction
			g.nextDiscard()
			return
		}
	}
}

func (g *Game) hasDecTarget() bool {
	for q := range g.cfg.Players {
		if q == int(g.active) {
			continue
		}
		for _, m := range g.players[q].mult {
			if m >= 2 {
				return true
			}
		}
	}
	return false
}

func (g *Game) hasIncTarget() bool {
	for k, m := range g.players[g.active].mult {
		if int(m) < MaxMult[k] {
			return true
		}
	}
	return false
}

// finishAction ends the action in progress.
func (g *Game) finishAction() {
	g.act, g.units, g.mover, g.excl, g.legs = -1, 0, -1, -1, 0
	if g.src == srcTile {
		g.tog = 1
		g.nextToggle()
		return
	}
	g.endTurn()
}

func (g *Game) nextToggle() {
	if int(g.tog) >= g.cfg.Players {
		g.startPhase3()
		return
	}
	g.setDec(DecToggleOther, (int(g.active)+int(g.tog))%g.cfg.Players)
}

// nextDiscard asks the next seat over the hand limit, in turn order from
// the first player, to discard; when none is, it continues.
func (g *Game) nextDiscard() {
	for i := range g.cfg.Players {
		p := g.fromFirst(i)
		if g.players[p].hand.count() > HandLimit {
			g.setDec(DecDiscard, p)
			return
		}
	}
	if g.cont == contWind {
		g.startRound()
		return
	}
	g.continueAction()
}

func (g *Game) endTurn() {
	g.turns++
	if int(g.turns) >= g.cfg.Players {
		g.endRound()
		return
	}
	g.active = int8((int(g.active) + 1) % g.cfg.Players)
	g.startTurn()
}

// endRound moves the counter and applies its slot (package doc, "End of round").
func (g *Game) endRound() {
	g.played, g.act, g.joker = -1, -1, -1
	g.counter++
	if int(g.counter) == NumSlotsWeather-1 {
		// The last Thunder ends the game and is not applied.
		g.over = true
		g.dec, g.actor = DecNone, g.first
		return
	}
	g.startEffect(g.weather[g.counter])
}

// startEffect starts resolving weather effect w for every player.
func (g *Game) startEffect(w Weather) {
	g.eor, g.eorIdx = w, 0
	switch w {
	case Sun:
		g.startRound()
	case Wind:
		g.setDec(DecWind, g.fromFirst(0))
	case Rain:
		g.setDec(DecRain, g.fromFirst(0))
	case Thunder:
		g.setDec(DecThunderRemove, g.fromFirst(0))
	case Lightning:
		g.setDec(DecLightningBlock, g.fromFirst(0))
	}
}

// nextEffect moves to the next player of the effect in progress, or
// finishes it.
func (g *Game) nextEffect() {
	g.eorIdx++
	if int(g.eorIdx) < g.cfg.Players {
		g.actor = int8(g.fromFirst(int(g.eorIdx)))
		return
	}
	switch g.eor {
	case Wind:
		// Ruling A15: the gifts happen at once, then hands over the limit
		// are discarded down to it.
		for p := range g.cfg.Players {
			if g.gift[p] >= 0 {
				g.players[(p+1)%g.cfg.Players].hand.add(int(g.gift[p]))
				g.gift[p] = -1
			}
		}
		g.cont = contWind
		g.nextDiscard()
	case Thunder:
		if !g.cfg.SlotPerRound {
			// Ruling A12: the following Lightning in the same end of round.
			g.counter++
			g.startEffect(Lightning)
			return
		}
		g.startRound()
	default: // Lightning (and the set-up's), Rain

		g.startRound()
	}
}

// leg moves the mover along direction d (package doc, "Actions", MOVE).
func (g *Game) leg(d int) {
	p := int(g.active)
	c := int(g.mover)
	v := int(g.hiker[c])
	next := Neighbour(v, d)
	for next != NoVertex && SlotAt(next) < 0 && g.hikerAt(next) < 0 {
		v = next
		next = Neighbour(v, d)
	}
	g.hiker[c] = int16(v)
	switch {
	case next == NoVertex:
		g.excl = int8(d) // edge: the same hiker bounces off
	case SlotAt(next) >= 0:
		g.hitToken(p, SlotAt(next), c)
		g.excl = int8(d)
	default:
		// Another hiker: it sets off next, not back into the striker.
		g.mover = int8(g.hikerAt(next))
		g.excl = int8(Opposite(d))
	}
	g.legs++
	if g.legs < g.legsMax {
		return
	}
	// End of the activation: discard the top card of the draw pile.
	if g.pileN > 0 {
		g.pileN--
		g.discardCard(int(g.pile[g.pileN]))
	}
	g.mover, g.legs, g.excl = -1, 0, -1
	g.units--
}

// hitToken rewards seat p for the hiker of colour c hitting the token in
// slot s, then flips the token. A token of the hiker's colour doubles the
// reward.
func (g *Game) hitToken(p, s, c int) {
	k := SlotKind(s)
	n := 1
	if int(g.tokColour[s]) == c {
		n = 2
	}
	if g.tokValue[s] {
		g.addScore(p, n*KindValue[k])
	} else {
		g.addObstacle(p, k, n)
	}
	g.tokValue[s] = !g.tokValue[s]
}

// hikerAt returns the colour of the hiker on vertex v, or −1.
func (g *Game) hikerAt(v int) int {
	for c, h := range g.hiker {
		if int(h) == v {
			return c
		}
	}
	return -1
}
