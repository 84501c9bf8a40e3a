package fliprando

// Validate checks the state's invariants and returns an error wrapping
// ErrInvariant for the first one broken.
func (g *Game) Validate() error {
	n := g.cfg.Players
	// Cards: the 66 are each in exactly one place.
	var seen cardSet
	count := 0
	place := func(id int, where string) error {
		if id < 0 || id >= NumCards {
			return broken("card id %d in %s", id, where)
		}
		if seen.has(id) {
			return broken("card %d twice (again in %s)", id, where)
		}
		seen.add(id)
		count++
		return nil
	}
	for i := range int(g.pileN) {
		if err := place(int(g.pile[i]), "draw pile"); err != nil {
			return err
		}
	}
	var buf [NumCards]int
	for _, id := range g.discard.ids(buf[:0]) {
		if err := place(id, "discard pile"); err != nil {
			return err
		}
	}
	for p := range MaxPlayers {
		pl := &g.players[p]
		if p >= n {
			if *pl != (player{}) {
				return broken("absent seat %d has state", p)
			}
			continue
		}
		for _, id := range pl.hand.ids(buf[:0]) {
			if err := place(id, "a hand"); err != nil {
				return err
			}
		}
		for _, id := range pl.played.ids(buf[:0]) {
			if err := place(id, "a played area"); err != nil {
				return err
			}
		}
		if g.gift[p] >= 0 {
			if err := place(int(g.gift[p]), "a gift"); err != nil {
				return err
			}
		}
	}
	if count != NumCards {
		return broken("%d cards, want %d", count, NumCards)
	}
	if g.pileN == 0 && g.discard != (cardSet{}) {
		return broken("empty draw pile with a non-empty discard pile")
	}
	// Players.
	thunders := 0
	for i := 1; i <= int(g.counter); i++ {
		if g.weather[i] == Thunder {
			thunders++
		}
	}
	if g.over {
		thunders-- // the last Thunder is not applied
	}
	for p := range n {
		pl := &g.players[p]
		if pl.score < 0 && !g.cfg.NegativeScores {
			return broken("seat %d score %d < 0", p, pl.score)
		}
		for k, c := range pl.obst {
			if c < 0 || c > MaxTrack {
				return broken("seat %d %s track %d outside [0, %d]", p, KindNames[k], c, MaxTrack)
			}
		}
		for k, m := range pl.mult {
			if m < 1 || int(m) > MaxMult[k] {
				return broken("seat %d %s multiplier %d outside [1, %d]", p, ActionNames[k], m, MaxMult[k])
			}
		}
		removed := 0
		for _, t := range pl.tiles {
			if t > Removed {
				return broken("seat %d tile state %d", p, t)
			}
			if t == Removed {
				removed++
			}
		}
		// A Thunder being resolved has removed tiles for the seats done.
		want := thunders
		if !g.over && g.dec == DecThunderRemove && g.eor == Thunder {
			done := false
			for i := range int(g.eorIdx) {
				done = done || g.fromFirst(i) == p
			}
			if !done {
				want--
			}
		}
		if removed != want {
			return broken("seat %d has %d removed tiles after %d thunders", p, removed, want)
		}
		if h := pl.hand.count(); h > 2*HandLimit {
			return broken("seat %d holds %d cards", p, h)
		}
	}
	// Board: tokens, markers, hikers.
	for lvl := range 3 {
		var cols uint8
		for i := range NumColours {
			c := g.tokColour[lvl*NumColours+i]
			if c < 0 || c >= NumColours {
				return broken("token colour %d", c)
			}
			cols |= 1 << c
		}
		if cols != 1<<NumColours-1 {
			return broken("level %d does not hold the six colours", lvl)
		}
	}
	var kinds uint8
	for _, k := range g.markers {
		if k < 0 || k >= NumKinds {
			return broken("marker kind %d", k)
		}
		kinds |= 1 << k
	}
	if kinds != 1<<NumKinds-1 {
		return broken("markers %v are not a permutation", g.markers)
	}
	for c, v := range g.hiker {
		if v < 0 || v >= NumVertices {
			return broken("hiker %s off the board", ColourNames[c])
		}
		if SlotAt(int(v)) >= 0 {
			return broken("hiker %s on a token slot", ColourNames[c])
		}
		for c2 := range c {
			if g.hiker[c2] == v {
				return broken("hikers %s and %s share a vertex", ColourNames[c2], ColourNames[c])
			}
		}
	}
	// Turn structure.
	if g.round < 0 || int(g.round) > g.cfg.Rounds() {
		return broken("round %d outside [0, %d]", g.round, g.cfg.Rounds())
	}
	if g.counter < 0 || g.counter >= NumSlotsWeather {
		return broken("counter %d", g.counter)
	}
	if g.over != (g.dec == DecNone) {
		return broken("over %v with decision %v", g.over, g.dec)
	}
	if g.over && (int(g.round) != g.cfg.Rounds() || int(g.counter) != NumSlotsWeather-1) {
		return broken("over after round %d at slot %d", g.round, g.counter)
	}
	if g.actor < 0 || int(g.actor) >= n || g.active < 0 || int(g.active) >= n || g.first < 0 || int(g.first) >= n {
		return broken("seat out of range: actor %d active %d first %d", g.actor, g.active, g.first)
	}
	if g.dec == DecDiscard && g.players[g.actor].hand.count() <= HandLimit {
		return broken("seat %d discards with %d cards", g.actor, g.players[g.actor].hand.count())
	}
	if !g.over {
		var la [NumActions]Action
		if len(g.Legal(la[:0])) == 0 {
			return broken("no legal action for decision %v", g.dec)
		}
	}
	return nil
}
