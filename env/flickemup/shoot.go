package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// shoot carries out a shoot action (rulebook: Shoot, Shooting with 2 pistols, Shooting from
// inside a building; Winchester: our rule).
//
// A bullet is placed one bullet's width to the cowboy's left or right (from inside a
// building: at the back of the floor, to be flicked out through the door) and flicked. With
// two or more pistols and room on both sides, a bullet is placed on each side: the chosen one
// is flicked first, the other waits on the table and is flicked as the next decision
// (PhaseSecondShot), never a third. The Winchester fires one bullet from the tip of its barrel.
func (g *Game) shoot(a Action) error {
	c := g.actor
	g.snap.CopyFrom(g.st)
	var spot physics.Vec
	second := -1
	if a.Rifle {
		spot = g.rifleSpot(c)
	} else {
		spot = g.sideSpot(c, a.Side, bulletRadius, nil)
		if g.pistols(c) >= 2 {
			first := physics.Circle(spot, bulletRadius)
			other := g.sideSpot(c, 1-a.Side, bulletRadius, &first)
			s := physics.Circle(other, bulletRadius)
			if g.free(s) && !s.Intersects(first) {
				second = pieceBullet + 1
				g.st.Pieces[second] = physics.Piece{Kind: KindBullet, Pos: other}
			}
		}
	}
	g.st.Pieces[pieceBullet] = physics.Piece{Kind: KindBullet, Pos: spot}
	ignore := [2]int{-1, -1}
	if b := g.cowboys[c].inside; b >= 0 {
		// Shooting out of a building: the bullet may graze its own door's blocks.
		ignore = [2]int{g.lay.doors[b].Left, g.lay.doors[b].Right}
	}
	out, err := g.flick(pieceBullet, a.Velocity, g.outGate(c, bulletRadius))
	if err != nil {
		g.st.CopyFrom(g.snap)
		return err
	}
	g.actionsLeft--
	g.resolveShot(&out, pieceBullet, ignore, c)
	if second >= 0 && !g.st.Pieces[second].Off {
		g.judge()
		if g.result.Over || !g.cowboys[c].alive {
			g.st.Pieces[second].Off = true
			return nil
		}
		g.phase = PhaseSecondShot
		g.waiting = second
		g.ignore = ignore
	}
	return nil
}

// outGate returns the walls of a piece of radius r flicked out of the building cowboy c is
// in (nil on the street: bullets and dynamite pass under buildings there).
func (g *Game) outGate(c int, r float64) physics.Stopper {
	b := g.cowboys[c].inside
	if b < 0 {
		return nil
	}
	return g.gateFor(b, r, false)
}

// secondShot flicks the bullet waiting since a two-pistol shot.
func (g *Game) secondShot(a Action) error {
	g.snap.CopyFrom(g.st)
	out, err := g.flick(g.waiting, a.Velocity, g.outGate(g.actor, bulletRadius))
	if err != nil {
		g.st.CopyFrom(g.snap)
		return err
	}
	g.resolveShot(&out, g.waiting, g.ignore, g.actor)
	g.waiting = -1
	g.ignore = [2]int{-1, -1}
	g.phase = PhaseAct
	return nil
}

// resolveShot applies the shooting rules to a bullet's flick: the hit is the cowboy the
// bullet's first contact (pieces in ignore aside) knocked over, if it stood before the flick;
// every other figure toppled stands back up; scenery stays where it went; figures and blocks
// knocked off the table are put back on its edge; the bullet leaves the table.
func (g *Game) resolveShot(out *physics.Outcome, bullet int, ignore [2]int, shooter int) {
	first := -1
	for _, ct := range out.Contacts {
		j := ct.Other(bullet)
		if j < 0 || j == ignore[0] || j == ignore[1] {
			continue
		}
		first = j
		break
	}
	hit := -1
	if first >= 0 && g.lay.pieceCowboy[first] >= 0 && !g.snap.Pieces[first].Fallen && fellBy(out, first, bullet) {
		hit = first
	}
	g.standUp(out, hit)
	g.settleOff(out)
	g.st.Pieces[bullet].Off = true
	if hit >= 0 {
		g.st.Pieces[hit].Fallen = true
		g.cowboys[g.lay.pieceCowboy[hit]].facing = g.snap.Pieces[hit].Angle
		g.wound(g.lay.pieceCowboy[hit], shooter)
	}
}

// fellBy reports whether piece i fell from a contact with piece by.
func fellBy(out *physics.Outcome, i, by int) bool {
	for _, f := range out.Falls {
		if f.Piece == i && f.By == by {
			return true
		}
	}
	return false
}

// standUp stands back up every figure toppled in the flick, except keep (a hit) and those
// already down before it, facing as before the flick (our rule: a figure that stands up
// faces as it did before it fell).
func (g *Game) standUp(out *physics.Outcome, keep int) {
	for _, f := range out.Falls {
		if f.Piece != keep && !g.snap.Pieces[f.Piece].Fallen {
			g.st.Pieces[f.Piece].Fallen = false
			g.st.Pieces[f.Piece].Angle = g.snap.Pieces[f.Piece].Angle
		}
	}
}

// settleOff puts back on the table's edge the cowboys, neutral figures, support blocks and
// gallows that a shot or a throw knocked off it (our rule: the rulebook is silent; a figure
// cannot leave the game that way). Props knocked off stay off.
func (g *Game) settleOff(out *physics.Outcome) {
	for _, i := range out.Off {
		p := &g.st.Pieces[i]
		switch p.Kind {
		case KindCowboy, KindNeutral, KindSupportBlock, KindGallows:
			r := Pieces.Spec(p.Kind).Extent()
			if p.Fallen {
				r = Pieces.Spec(p.Kind).Height
			}
			p.Off = false
			p.Pos = clampOnTable(p.Pos, math.Min(r, math.Min(g.st.Table.Width, g.st.Table.Height)/2), g.st.Table)
		}
	}
}

// duel carries out a call-out (rule duels, ours): the opposing cowboy steps out into its
// building's doorway, facing the caller, and the caller shoots one bullet from its left or
// right, whatever its pistols. A hit counts as any hit. Then the called-out cowboy, if alive,
// goes back inside (down, if hit, until it is next played).
func (g *Game) duel(a Action) error {
	c := g.actor
	t := CowboyID{Team: cowboyID(c).Team.Other(), Number: a.Cowboy}.index()
	b := g.cowboys[t].inside
	g.snap.CopyFrom(g.st)
	tp := g.lay.cowboyPiece[t]
	spot := g.duelSpot(b)
	g.st.Pieces[tp] = physics.Piece{Kind: KindCowboy, Pos: spot, Angle: g.piece(c).Pos.Sub(spot).Angle()}
	doorway := physics.Circle(spot, cowboyRadius)
	g.st.Pieces[pieceBullet] = physics.Piece{Kind: KindBullet, Pos: g.sideSpot(c, a.Side, bulletRadius, &doorway)}
	// Judge the called-out cowboy as standing in the doorway, not as it was stored inside.
	inside := g.snap.Pieces[tp]
	g.snap.Pieces[tp].Fallen = false
	out, err := g.flick(pieceBullet, a.Velocity, nil)
	if err != nil {
		g.snap.Pieces[tp] = inside
		g.st.CopyFrom(g.snap)
		return err
	}
	g.actionsLeft--
	g.resolveShot(&out, pieceBullet, [2]int{-1, -1}, c)
	if g.cowboys[t].alive {
		p := &g.st.Pieces[tp]
		p.Off = true
	}
	return nil
}
