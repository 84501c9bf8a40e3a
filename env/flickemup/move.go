package flickemup

import "github.com/flickarena/flickarena/physics"

// move carries out a move action (rulebook: Move, Entering a building).
//
// The movement disc replaces the cowboy (from inside a building it is placed at the back of
// the floor) and is flicked. The move is judged where the disc comes to rest:
//   - Leaving a building succeeds when the whole disc lies in front of the door line, on the
//     table and outside every building, having touched nothing but the inner faces of the
//     building's own support blocks and objects blocking its door.
//   - Entering succeeds when the cowboy started in front of a building's door line and any
//     part of the disc rests past it, within the doorway and the floor (physics.Door.Entered),
//     having touched nothing but the inner faces of that building's support blocks and
//     objects blocking its door, and the building holds no "not allowed" token. The cowboy
//     then stands inside, off the table.
//   - Any other move succeeds when the disc touched nothing, stayed on the table and rests
//     outside every building (there are no walls in the physics: ending under a building
//     without entering by its door is a failure).
//
// On success the cowboy stands where the disc stopped, facing a.Facing; on failure everything
// the disc displaced goes back and the cowboy stays, facing a.Facing. The action is spent
// either way.
func (g *Game) move(a Action) error {
	c := g.actor
	cb := &g.cowboys[c]
	g.snap.CopyFrom(g.st)
	cp := g.lay.cowboyPiece[c]
	from := cb.inside
	start := g.st.Pieces[cp].Pos
	if from >= 0 {
		// Support blocks can be knocked about, and the door with them: keep the disc on the table.
		start = clampOnTable(g.behind(from, discRadius, 0), discRadius, g.st.Table)
	}
	g.st.Pieces[cp].Off = true
	g.st.Pieces[pieceDisc] = physics.Piece{Kind: KindMovementDisc, Pos: start}
	out, err := g.flick(pieceDisc, a.Velocity)
	if err != nil {
		g.st.CopyFrom(g.snap)
		return err
	}
	end := g.st.Pieces[pieceDisc].Pos
	off := out.WentOff(pieceDisc) || g.st.Pieces[pieceDisc].Off || !physics.Circle(end, discRadius).OnTable(g.st.Table)
	enter, ok := -1, false
	switch {
	case off:
	case from >= 0:
		ok = g.depthOf(from, end) >= discRadius && g.inFootprint(end) < 0 && g.innerOnly(&out, from)
	default:
		for b, d := range g.lay.doors {
			if g.depthOfIn(g.snap, b, start) > 0 && d.Entered(g.st, end, discRadius) {
				enter = b
				break
			}
		}
		if enter >= 0 {
			ok = !g.closed(enter) && g.innerOnly(&out, enter)
		} else {
			ok = len(out.Contacts) == 0 && g.inFootprint(end) < 0
		}
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

// innerOnly reports whether the disc touched nothing but the inner faces of building b's
// support blocks and the objects blocking its door (judged on the pieces as they stood
// before the flick): the rulebook lets a blocking object be moved aside.
func (g *Game) innerOnly(out *physics.Outcome, b int) bool {
	d := g.lay.doors[b]
	for _, ct := range out.Contacts {
		j := ct.Other(pieceDisc)
		switch {
		case j < 0:
		case (j == d.Left || j == d.Right) && d.OnInnerFace(g.snap, j, ct.Point):
		case g.blocksDoor(b, j):
		default:
			return false
		}
	}
	return true
}

// blocksDoor reports whether piece j, before the flick, was an object (not a figure, not a
// support block) lying in building b's doorway: between the blocks' inner faces, from the
// back of the blocks to one movement disc's width in front of the door line.
func (g *Game) blocksDoor(b, j int) bool {
	p := g.snap.Pieces[j]
	switch p.Kind {
	case KindCowboy, KindNeutral, KindSupportBlock, KindMovementDisc:
		return false
	}
	if p.Off {
		return false
	}
	a, e, front := g.lay.doors[b].Line(g.snap)
	w := e.Sub(a).Len()
	mid := a.Add(e).Scale(0.5)
	doorway := physics.Outline{
		Box: true,
		C:   mid.Add(front.Scale((2*discRadius - blockHalf) / 2)),
		HX:  w / 2,
		HY:  (2*discRadius + blockHalf) / 2,
		A:   e.Sub(a).Angle(),
	}
	return doorway.Intersects(Pieces.Outline(p))
}

// depthOfIn is depthOf measured on state st.
func (g *Game) depthOfIn(st *physics.State, b int, p physics.Vec) float64 {
	a, e, front := g.lay.doors[b].Line(st)
	return p.Sub(a.Add(e).Scale(0.5)).Dot(front)
}
