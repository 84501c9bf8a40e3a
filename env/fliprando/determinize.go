package fliprando

import "math/rand/v2"

// Determinize replaces what seat cannot see by a random guess consistent
// with what it sees, for search by determinisation: the fronts of the
// other seats' hands and of their pending Wind gifts (their backs are
// kept), and the draw pile's order (the top card's back colour is kept).
// Seat's own hand, the discard pile, the played cards and the board are
// unchanged, so seat's observation is too. It draws from rng only, and
// reseeds the game's own generator from rng (future reshuffles are
// hidden as well). The guess is a function of seat's information and rng
// alone: two games that seat cannot tell apart give the same guess for
// the same rng state (a search built on it never peeks).
func (g *Game) Determinize(seat int, rng *rand.Rand) {
	n := g.cfg.Players
	// The pool of unseen cards, by back colour, in increasing id order: a
	// set the seat knows, in an order that does not depend on where the
	// hidden cards really are, so the guess depends on rng and the seat's
	// information only.
	var unseen cardSet
	for _, id := range g.pile[:g.pileN] {
		unseen.add(int(id))
	}
	var buf [NumCards]int
	for p := range n {
		if p == seat {
			continue
		}
		unseen[0] |= g.players[p].hand[0]
		unseen[1] |= g.players[p].hand[1]
		if g.gift[p] >= 0 {
			unseen.add(int(g.gift[p]))
		}
	}
	var pool [NumColours][]int8
	for _, id := range unseen.ids(buf[:0]) {
		pool[deck[id].Back] = append(pool[deck[id].Back], int8(id))
	}
	for c := range pool {
		rng.Shuffle(len(pool[c]), func(i, j int) { pool[c][i], pool[c][j] = pool[c][j], pool[c][i] })
	}
	take := func(c int) int8 {
		id := pool[c][len(pool[c])-1]
		pool[c] = pool[c][:len(pool[c])-1]
		return id
	}
	// Constrained places first: other hands, gifts, the pile's top.
	for p := range n {
		if p == seat {
			continue
		}
		var hand cardSet
		for _, id := range g.players[p].hand.ids(buf[:0]) {
			hand.add(int(take(deck[id].Back)))
		}
		g.players[p].hand = hand
		if g.gift[p] >= 0 {
			g.gift[p] = take(deck[g.gift[p]].Back)
		}
	}
	if g.pileN > 0 {
		top := take(deck[g.pile[g.pileN-1]].Back)
		var rest []int8
		for c := range pool {
			rest = append(rest, pool[c]...)
		}
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		copy(g.pile[:], rest)
		g.pile[g.pileN-1] = top
	}
	g.pcg.Seed(rng.Uint64(), rng.Uint64())
}
