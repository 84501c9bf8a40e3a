package fliprando

// opponent returns the absolute seat of the opponent rel places after the
// deciding seat, or −1 if rel names no present opponent.
func (g *Game) opponent(rel int) int {
	if rel < 1 || rel >= g.cfg.Players {
		return -1
	}
	return (int(g.actor) + rel) % g.cfg.Players
}

// Check returns nil if a is legal for the pending decision, else an error
// wrapping env.ErrIllegalAction. It never changes the state.
func (g *Game) Check(a Action) error {
	if g.over {
		return illegal(a, "the game is over")
	}
	if int(a) >= NumActions {
		return illegal(a, "out of range [0, %d)", NumActions)
	}
	if !g.legal(a) {
		return illegal(a, "not legal for decision %v of seat %d", g.dec, g.actor)
	}
	return nil
}

// legal reports whether a is legal for the pending decision.
func (g *Game) legal(a Action) bool {
	me := &g.players[g.actor]
	tile, isTile := a.in(tileBase, NumTiles)
	card, isCard := a.in(cardBase, NumCards)
	track, isOwn := a.in(ownTrackBase, NumTracks)
	switch g.dec {
	case DecSetupBlock, DecThunderRemove, DecLightningBlock:
		return isTile && me.tiles[tile] != Removed
	case DecP1First:
		return a == Pass || isTile && me.tiles[tile] == Active && g.canPhase1()
	case DecP1Second, DecPlayTile:
		return isTile && me.tiles[tile] == Active
	case DecP1Reactivate:
		return isTile && me.tiles[tile] == Blocked && (g.cfg.LiteralPhase1 || g.p1Start&(1<<tile) != 0)
	case DecJokerChoice:
		_, ok := a.in(jokerBase, NumTracks)
		return ok
	case DecMoveDir:
		d, ok := a.in(dirBase, NumDirs)
		return ok && d != int(g.excl)
	case DecIncTarget:
		return isOwn && int(me.mult[track]) < MaxMult[track]
	case DecRain:
		return a == Pass || isOwn && me.mult[track] >= 2
	case DecDecTarget:
		k, ok := a.in(oppTrackBase, 4*NumTracks)
		if !ok {
			return false
		}
		q := g.opponent(k/NumTracks + 1)
		return q >= 0 && g.players[q].mult[k%NumTracks] >= 2
	case DecSwapPair:
		_, ok := a.in(pairBase, 3)
		return ok
	case DecToggleOther:
		return isTile && tile != int(g.played) && me.tiles[tile] != Removed
	case DecPlayCard, DecWind:
		return a == Pass || isCard && me.hand.has(card)
	case DecDiscard:
		return isCard && me.hand.has(card)
	}
	return false
}

// candidates returns the block of actions the pending decision draws from.
func (g *Game) candidates() (lo, hi Action, pass bool) {
	switch g.dec {
	case DecSetupBlock, DecThunderRemove, DecLightningBlock, DecP1Second, DecPlayTile, DecP1Reactivate, DecToggleOther:
		return tileBase, tileBase + NumTiles, false
	case DecP1First:
		return tileBase, tileBase + NumTiles, true
	case DecJokerChoice:
		return jokerBase, jokerBase + NumTracks, false
	case DecMoveDir:
		return dirBase, dirBase + NumDirs, false
	case DecIncTarget:
		return ownTrackBase, ownTrackBase + NumTracks, false
	case DecRain:
		return ownTrackBase, ownTrackBase + NumTracks, true
	case DecDecTarget:
		return oppTrackBase, oppTrackBase + 4*NumTracks, false
	case DecSwapPair:
		return pairBase, pairBase + 3, false
	case DecPlayCard, DecWind:
		return cardBase, cardBase + NumCards, true
	case DecDiscard:
		return cardBase, cardBase + NumCards, false
	}
	return 0, 0, false
}

// Legal appends the legal actions of the pending decision to dst, in
// increasing order, and returns it. While the game runs it appends at
// least one.
func (g *Game) Legal(dst []Action) []Action {
	if g.over {
		return dst
	}
	lo, hi, pass := g.candidates()
	if pass {
		dst = append(dst, Pass)
	}
	if lo >= cardBase {
		// Cards: only those in hand.
		var buf [NumCards]int
		for _, id := range g.players[g.actor].hand.ids(buf[:0]) {
			dst = append(dst, CardAction(id))
		}
		return dst
	}
	for a := lo; a < hi; a++ {
		if g.legal(a) {
			dst = append(dst, a)
		}
	}
	return dst
}

// Apply checks a and applies it for the pending decision; on error the
// state is unchanged.
func (g *Game) Apply(a Action) error {
	if err := g.Check(a); err != nil {
		return err
	}
	p := int(g.actor)
	me := &g.players[p]
	tile, _ := a.in(tileBase, NumTiles)
	card, _ := a.in(cardBase, NumCards)
	track, _ := a.in(ownTrackBase, NumTracks)
	switch g.dec {
	case DecSetupBlock, DecLightningBlock:
		for t := range me.tiles {
			if me.tiles[t] != Removed {
				me.tiles[t] = Active
			}
		}
		me.tiles[tile] = Blocked
		g.nextEffect()
	case DecThunderRemove:
		me.tiles[tile] = Removed
		g.nextEffect()
	case DecP1First:
		if a == Pass {
			g.startPhase2()
			return nil
		}
		me.tiles[tile] = Blocked
		g.p1First = int8(tile)
		g.setDec(DecP1Second, p)
	case DecP1Second:
		me.tiles[tile] = Blocked
		g.setDec(DecP1Reactivate, p)
	case DecP1Reactivate:
		me.tiles[tile] = Active
		g.p1First = -1
		g.startPhase2()
	case DecPlayTile:
		me.tiles[tile] = Blocked
		g.played, g.src = int8(tile), srcTile
		if tile == Joker {
			g.setDec(DecJokerChoice, p)
			return nil
		}
		g.startWithMult(tile)
	case DecJokerChoice:
		k, _ := a.in(jokerBase, NumTracks)
		g.startJoker(k)
	case DecMoveDir:
		d, _ := a.in(dirBase, NumDirs)
		g.leg(d)
		g.continueAction()
	case DecSwapPair:
		k, _ := a.in(pairBase, 3)
		x, y := pairSlots[k][0], pairSlots[k][1]
		g.markers[x], g.markers[y] = g.markers[y], g.markers[x]
		g.units--
		g.continueAction()
	case DecIncTarget:
		me.mult[track]++
		g.units--
		g.continueAction()
	case DecDecTarget:
		k, _ := a.in(oppTrackBase, 4*NumTracks)
		g.players[g.opponent(k/NumTracks+1)].mult[k%NumTracks]--
		g.units--
		g.continueAction()
	case DecToggleOther:
		if int(g.played) >= 0 && me.tiles[g.played] != Removed {
			me.tiles[g.played] = toggled(me.tiles[g.played])
		}
		me.tiles[tile] = toggled(me.tiles[tile])
		g.tog++
		g.nextToggle()
	case DecPlayCard:
		if a == Pass {
			g.endTurn()
			return nil
		}
		me.hand.remove(card)
		me.played.add(card)
		g.playCard(card)
	case DecDiscard:
		me.hand.remove(card)
		g.discardCard(card)
		g.nextDiscard()
	case DecWind:
		if a == Pass {
			g.addScore(p, -3)
		} else {
			me.hand.remove(card)
			g.gift[p] = int8(card)
		}
		g.nextEffect()
	case DecRain:
		if a == Pass {
			g.addScore(p, -3)
		} else {
			me.mult[track]--
		}
		g.nextEffect()
	}
	return nil
}

// playCard applies the centre effect of card id for the active player.
func (g *Game) playCard(id int) {
	c := deck[id]
	p := int(g.active)
	g.src = srcCard
	switch {
	case c.Effect == Joker:
		g.setDec(DecJokerChoice, p)
	case c.Effect < Joker:
		g.startWithMult(c.Effect)
	case c.Effect <= EffRock:
		g.addObstacle(p, c.Effect-EffTree, 1)
		g.endTurn()
	default:
		g.addScore(p, c.Points())
		g.endTurn()
	}
}

func toggled(s TileState) TileState {
	if s == Active {
		return Blocked
	}
	return Active
}
