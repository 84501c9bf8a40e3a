package fliprando

import "github.com/flickarena/flickarena/env"

// Hash returns a hash of every field of the state but the generator,
// small fields packed eight bytes to a word.
func (g *Game) Hash() uint64 {
	var h env.Hasher
	var word uint64
	k := 0
	put := func(x int) { // one byte into the current word
		word |= uint64(uint8(x)) << (8 * k)
		if k++; k == 8 {
			h.Uint64(word)
			word, k = 0, 0
		}
	}
	put(g.cfg.Players)
	for _, w := range g.weather {
		put(int(w))
	}
	put(int(g.counter))
	for _, m := range g.markers {
		put(int(m))
	}
	for _, v := range g.hiker {
		put(int(v))
	}
	for s := range NumSlots {
		put(int(g.tokColour[s]))
		put(int(b2f(g.tokValue[s])))
	}
	put(int(g.pileN))
	for _, id := range g.pile[:g.pileN] {
		put(int(id))
	}
	for p := range g.players {
		pl := &g.players[p]
		for _, o := range pl.obst {
			put(int(o))
		}
		for _, m := range pl.mult {
			put(int(m))
		}
		for _, t := range pl.tiles {
			put(int(t))
		}
		put(int(g.gift[p]))
	}
	for _, x := range []int8{g.first, g.round, g.active, g.turns, int8(g.dec), g.actor, int8(g.p1Start), g.p1First,
		g.played, g.act, g.src, g.joker, g.units, g.mover, g.legs, g.legsMax, g.excl, g.tog, g.cont, int8(g.eor), g.eorIdx} {
		put(int(x))
	}
	put(int(b2f(g.over)))
	h.Uint64(word)
	h.Uint64(g.discard[0])
	h.Uint64(g.discard[1])
	for p := range g.players {
		pl := &g.players[p]
		h.Int(pl.score)
		h.Uint64(pl.hand[0])
		h.Uint64(pl.hand[1])
		h.Uint64(pl.played[0])
		h.Uint64(pl.played[1])
	}
	return h.Sum()
}
