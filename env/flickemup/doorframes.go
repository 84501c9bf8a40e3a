package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// doorFrame is [physics.Door.Frame]'s answer for one building's door, with the positions of
// its two support blocks it was computed from, to the bit.
type doorFrame struct {
	ok                bool
	lx, ly, rx, ry    uint64 // the bits of the left and right blocks' positions
	mid, along, front physics.Vec
	width             float64
}

// doorFrames memoises each building's door frame (at most one building of each kind, so one
// entry per building slot). A frame is a function of the two blocks' positions alone, which
// only a flick that knocks a block changes, while the rules ask for it many times a decision:
// the legality of a duel, the door a move aims at, objects in a doorway, the walls along a
// flick. Part of the Game's value, it travels with [Game.Clone].
type doorFrames [numSlots]doorFrame

// doorFrame returns building b's door frame as it stands in st (st is g.st, or g.snap for the
// table before a flick): physics.Door.Frame, computed again only when a block has moved.
func (g *Game) doorFrame(b int, st *physics.State) (mid, along, front physics.Vec, width float64) {
	d := g.lay.doors[b]
	if b >= len(g.frames) {
		return d.Frame(st)
	}
	l, r := st.Pieces[d.Left].Pos, st.Pieces[d.Right].Pos
	bits := math.Float64bits
	f := &g.frames[b]
	if !f.ok || bits(l.X) != f.lx || bits(l.Y) != f.ly || bits(r.X) != f.rx || bits(r.Y) != f.ry {
		f.mid, f.along, f.front, f.width = d.Frame(st)
		f.ok, f.lx, f.ly, f.rx, f.ry = true, bits(l.X), bits(l.Y), bits(r.X), bits(r.Y)
	}
	return f.mid, f.along, f.front, f.width
}
