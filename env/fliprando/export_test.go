package fliprando

import "math/rand/v2"

// SwapHiddenForTest returns a copy of e that differs only in what seat
// cannot be seen by the others: each card in seat's hand is exchanged with
// a card of the same back colour from the draw pile below its top, and
// the pile below its top is reshuffled with seed.
func SwapHiddenForTest(e *Env, seat int, seed uint64) *Env {
	c := *e
	g := &c.g
	below := g.pile[:max(0, int(g.pileN)-1)]
	for _, id := range g.players[seat].hand.ids(nil) {
		for i, other := range below {
			if deck[other].Back == deck[id].Back {
				g.players[seat].hand.remove(id)
				g.players[seat].hand.add(int(other))
				below[i] = int8(id)
				break
			}
		}
	}
	r := rand.New(rand.NewPCG(seed, seed))
	r.Shuffle(len(below), func(i, j int) { below[i], below[j] = below[j], below[i] })
	return &c
}

// HandDiffersForTest reports whether seat's hand differs between a and b.
func HandDiffersForTest(a, b *Env, seat int) bool {
	return a.g.players[seat].hand != b.g.players[seat].hand
}

// SwapWeatherForTest returns a copy of e whose weather tokens after the
// counter are rotated by one token slot.
func SwapWeatherForTest(e *Env) *Env {
	c := *e
	g := &c.g
	var slots []int
	for i := int(g.counter) + 1; i < NumSlotsWeather; i++ {
		if IsTokenSlot(i) {
			slots = append(slots, i)
		}
	}
	for k := 0; k+1 < len(slots); k++ {
		g.weather[slots[k]], g.weather[slots[k+1]] = g.weather[slots[k+1]], g.weather[slots[k]]
	}
	return &c
}
