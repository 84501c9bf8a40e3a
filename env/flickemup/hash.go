package flickemup

import (
	"encoding/binary"
	"hash/fnv"
	"math"
)

// Hash returns a 64-bit FNV-1a hash of the game position: the clock, whose decision it is,
// every cowboy, token and piece (positions bit for bit). Equal positions hash equal; the
// random stream is not included, so two games at the same position with different seeds
// hash equal.
func (g *Game) Hash() uint64 {
	var b []byte
	u64 := func(x uint64) { b = binary.LittleEndian.AppendUint64(b, x) }
	i64 := func(x int) { u64(uint64(int64(x))) }
	f64 := func(x float64) { u64(math.Float64bits(x)) }
	flag := func(x bool) {
		if x {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	for _, x := range []int{g.hour, g.round, int(g.phase), int(g.team), g.player, g.next[0], g.next[1],
		int(g.lastTeam), g.actor, g.actionsLeft, g.moves, g.pending, g.waiting, g.ignore[0], g.ignore[1],
		g.initiative, int(g.result.Winner), g.turns} {
		i64(x)
	}
	flag(g.forced)
	flag(g.result.Over)
	for _, c := range g.cowboys {
		flag(c.present)
		flag(c.alive)
		flag(c.played)
		for _, x := range []int{c.hp, c.max, int(c.hat), c.inside, c.inv[0], c.inv[1]} {
			i64(x)
		}
		f64(c.facing)
	}
	for _, t := range g.tokens {
		flag(t.faceUp)
		flag(t.poisoned)
		for _, x := range []int{int(t.kind), t.until, int(t.place), t.index} {
			i64(x)
		}
		f64(t.pos.X)
		f64(t.pos.Y)
	}
	for _, p := range g.st.Pieces {
		i64(int(p.Kind))
		f64(p.Pos.X)
		f64(p.Pos.Y)
		f64(p.Angle)
		flag(p.Fallen)
		flag(p.Off)
		flag(p.Static)
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}
