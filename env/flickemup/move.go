package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// move carries out a move action (rulebook: Move, Entering a building).
//
// The movement disc replaces the cowboy (from inside a building it is placed at the back of
// the floor) and is flicked. An object blocking the door the cowboy leaves by, or the door
// the flick is aimed at, is first moved aside ([Game.clearDoor]). The move is judged along
// the disc's path (walls.go):
//   - Leaving a building succeeds when the whole disc passes the door line without touching
//     the floor's back or sides, then rests on the table touching nothing but the inner faces
//     of the building's own support blocks and objects blocking its door, and without
//     passing over any building.
//   - Entering succeeds when the cowboy started on the street and any part of the disc passes
//     a building's door line between its blocks, having touched nothing but the inner faces of
//     those blocks and objects blocking the door, the building holds no "not allowed" token
//     and has a support block free ([MaxInside] cowboys inside at most). The disc's run ends
//     there; the cowboy then stands inside, off the table.
//   - Any other move succeeds when the disc touched nothing, did not fall off the table (its
//     centre stays on it; overhanging the edge is allowed) and never passed over a
//     building's floor (its walls).
//
// On success the cowboy stands where the disc stopped, facing a.Facing; on failure everything
// the disc displaced goes back and the cowboy stays, facing a.Facing. The action is spent
// either way.
func (g *Game) move(a Action) error {
	c := g.actor
	cb := &g.cowboys[c]
	cp := g.lay.cowboyPiece[c]
	from := cb.inside
	g.clearDoor(g.aimedDoor(c, a.Velocity))
	g.snap.CopyFrom(g.st)
	start := g.st.Pieces[cp].Pos
	if from >= 0 {
		// Support blocks can be knocked about, and the door with them: keep the disc on the table.
		start = clampOnTable(g.behind(from, discRadius, 0), discRadius, g.st.Table)
	}
	g.st.Pieces[cp].Off = true
	g.st.Pieces[pieceDisc] = physics.Piece{Kind: KindMovementDisc, Pos: start}
	gt := g.gateFor(from, discRadius, true)
	out, err := g.flick(pieceDisc, a.Velocity, gt)
	if err != nil {
		g.st.CopyFrom(g.snap)
		return err
	}
	end := g.st.Pieces[pieceDisc].Pos
	enter, ok := -1, false
	switch {
	case out.WentOff(pieceDisc):
	case out.Stopped:
		if gt.door {
			enter = gt.hit
			ok = !g.closed(enter) && g.occupants(enter) < MaxInside && g.innerOnly(&out, enter)
		}
	case from >= 0:
		ok = gt.out && g.innerOnly(&out, from)
	default:
		ok = len(out.Contacts) == 0
	}
	g.actionsLeft--
	g.moves++
	if !ok {
		g.st.CopyFrom(g.snap)
		if from < 0 {
			g.st.Pieces[cp].Angle = normAngle(a.Facing)
		}
		return nil
	}
	g.st.Pieces[pieceDisc].Off = true
	p := &g.st.Pieces[cp]
	p.Angle = normAngle(a.Facing)
	p.Fallen = false
	if enter >= 0 {
		cb.inside = enter
		p.Off = true
		p.Pos = end
		return nil
	}
	cb.inside = -1
	p.Off = false
	p.Pos = end
	return nil
}

// occupants returns how many cowboys are inside building b.
func (g *Game) occupants(b int) int {
	n := 0
	for i := range g.cowboys {
		if cb := &g.cowboys[i]; cb.alive && cb.inside == b {
			n++
		}
	}
	return n
}

// aimedDoor returns the building whose door a move of cowboy c flicked with velocity v (before
// noise) aims at: its own building when it is inside; else the building whose door line the
// flick's line, from in front of it, crosses first between the blocks; else -1.
func (g *Game) aimedDoor(c int, v physics.Vec) int {
	if b := g.cowboys[c].inside; b >= 0 {
		return b
	}
	l := v.Len()
	if l == 0 {
		return -1
	}
	u := v.Scale(1 / l)
	p := g.piece(c).Pos
	best, bestT := -1, math.Inf(1)
	for b := range g.lay.doors {
		mid, along, front, width := g.doorGeom(b)
		dd := p.Sub(mid).Dot(front)
		closing := -u.Dot(front)
		if dd <= 0 || closing <= 0 {
			continue
		}
		t := dd / closing
		if al := p.Add(u.Scale(t)).Sub(mid).Dot(along); math.Abs(al) < width/2 && t < bestT {
			best, bestT = b, t
		}
	}
	return best
}

// clearDoor moves aside every object blocking building b's door (rulebook: "If a building's
// entrance becomes blocked by an object, that object may be moved to one side or the other
// to permit entry"): each is slid along the door line, to the nearer side first, just far
// enough to clear the doorway and the block on that side, provided it then lies wholly on the table overlapping nothing;
// else it stays (and the disc may still push it). b < 0 does nothing.
func (g *Game) clearDoor(b int) {
	if b < 0 {
		return
	}
	g.snap.CopyFrom(g.st) // blocksDoor reads the pieces as they stand
	_, along, _, _ := g.doorGeom(b)
	doorway := g.doorway(b)
	for j := range g.st.Pieces {
		if !g.blocksDoor(&doorway, j) {
			continue
		}
		p := g.st.Pieces[j]
		mid, _, _, width := g.doorGeom(b)
		al := p.Pos.Sub(mid).Dot(along)
		side := 1.0
		if al < 0 {
			side = -1
		}
		for _, s := range []float64{side, -side} {
			q := p
			// Out of the doorway and clear of the block on that side.
			q.Pos = p.Pos.Add(along.Scale(s*(width/2+2*blockHalf+Pieces.Spec(p.Kind).Extent()+0.01) - al))
			g.st.Pieces[j].Off = true
			ok := g.free(Pieces.Outline(q))
			g.st.Pieces[j].Off = false
			if ok {
				g.st.Pieces[j] = q
				break
			}
		}
	}
}

// innerOnly reports whether the disc touched nothing but the inner faces of building b's
// support blocks and the objects blocking its door (judged on the pieces as they stood
// before the flick): the rulebook lets a blocking object be moved aside.
func (g *Game) innerOnly(out *physics.Outcome, b int) bool {
	d := g.lay.doors[b]
	doorway := g.doorway(b)
	for _, ct := range out.Contacts {
		j := ct.Other(pieceDisc)
		switch {
		case j < 0:
		case (j == d.Left || j == d.Right) && d.OnInnerFace(g.snap, j, ct.Point):
		case g.blocksDoor(&doorway, j):
		default:
			return false
		}
	}
	return true
}

// blocksDoor reports whether piece j, before the flick, was an object (not a figure, not a
// support block) lying in the doorway of a building, as doorway returns it.
func (g *Game) blocksDoor(doorway *physics.Outline, j int) bool {
	p := g.snap.Pieces[j]
	switch p.Kind {
	case KindCowboy, KindNeutral, KindSupportBlock, KindMovementDisc:
		return false
	}
	if p.Off {
		return false
	}
	return doorway.Intersects(Pieces.Outline(p))
}

// doorway returns building b's doorway before the flick: between the blocks' inner faces,
// from the back of the blocks to one movement disc's width in front of the door line.
func (g *Game) doorway(b int) physics.Outline {
	a, e, front := g.lay.doors[b].Line(g.snap)
	w := e.Sub(a).Len()
	mid := a.Add(e).Scale(0.5)
	return physics.Outline{
		Box: true,
		C:   mid.Add(front.Scale((2*discRadius - blockHalf) / 2)),
		HX:  w / 2,
		HY:  (2*discRadius + blockHalf) / 2,
		A:   e.Sub(a).Angle(),
	}
}
