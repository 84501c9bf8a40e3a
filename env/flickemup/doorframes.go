package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// doorFrame is [physics.Door.Frame]'s answer for one building's door and the floor behind it,
// with the positions of its two support blocks they were computed from, to the bit.
type doorFrame struct {
	ok             bool
	lx, ly, rx, ry uint64 // the bits of the left and right blocks' positions

	floor  floorFrame  // the frame (mid, along, front, width) and the floor's extent
	centre physics.Vec // the floor's middle (floorFrame.centre)
	reach  float64     // its farthest point from there (floorFrame.reach)
}

// doorFrames memoises each building's door frame and floor (at most one building of each
// kind, so one entry per building slot). They are a function of the two blocks' positions
// alone, which only a flick that knocks a block changes, while the rules ask for them many
// times a decision: the legality of a duel, the door a move aims at, objects in a doorway,
// the walls along every flick. Part of the Game's value, it travels with [Game.Clone].
type doorFrames [numSlots]doorFrame

// door returns building b's door frame and floor as they stand in st (st is g.st, or g.snap
// for the table before a flick), computed again only when a block has moved.
func (g *Game) door(b int, st *physics.State) *doorFrame {
	d := g.lay.doors[b]
	f := &g.frames[b] // a scenario holds at most one building of each kind (its parser says so)
	l, r := st.Pieces[d.Left].Pos, st.Pieces[d.Right].Pos
	bits := math.Float64bits
	if !f.ok || bits(l.X) != f.lx || bits(l.Y) != f.ly || bits(r.X) != f.rx || bits(r.Y) != f.ry {
		mid, along, front, width := d.Frame(st)
		f.floor = floorOf(mid, along, front, width, d.Depth)
		f.centre, f.reach = f.floor.centre(), f.floor.reach()
		f.ok, f.lx, f.ly, f.rx, f.ry = true, bits(l.X), bits(l.Y), bits(r.X), bits(r.Y)
	}
	return f
}

// doorFrame returns building b's door frame as it stands in st: physics.Door.Frame, memoised.
func (g *Game) doorFrame(b int, st *physics.State) (mid, along, front physics.Vec, width float64) {
	f := &g.door(b, st).floor
	return f.mid, f.along, f.front, f.width
}
