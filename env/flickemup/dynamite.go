package flickemup

import "github.com/flickarena/flickarena/physics"

// throw carries out a dynamite throw (our rule; the rulebook says only that a fallen cowboy
// cannot be hit by dynamite).
//
// The red octagon is placed beside the cowboy like a bullet (from inside a building, at the
// back of the floor) and flicked; the dynamite token is spent. Where the octagon comes to
// rest it explodes: every cowboy on the table that stood before the throw and whose base
// centre lies within BlastRadius of the octagon's centre loses one hit point and falls, as if
// shot (teammates and the thrower included); cowboys inside buildings are safe. A blast
// within BlastRadius of a building's door middle also blows the door open: the building's
// "not allowed" tokens leave the game. An octagon that leaves the table is a dud. Figures the
// octagon itself toppled outside the blast stand back up.
func (g *Game) throw(a Action) error {
	c := g.actor
	g.snap.CopyFrom(g.st)
	g.st.Pieces[pieceDynamite] = physics.Piece{Kind: KindDynamite, Pos: g.sideSpot(c, a.Side, octRadius, nil)}
	out, err := g.flick(pieceDynamite, a.Velocity, g.outGate(c, octRadius))
	if err != nil {
		g.st.CopyFrom(g.snap)
		return err
	}
	g.actionsLeft--
	cb := &g.cowboys[c]
	for s, id := range cb.inv {
		if id >= 0 && g.tokens[id].kind == TokenDynamite {
			g.tokens[id].place = PlaceGone
			cb.inv[s] = -1
			break
		}
	}
	oct := g.st.Pieces[pieceDynamite]
	g.st.Pieces[pieceDynamite].Off = true
	var hits []int
	// Stopped by a wall of the thrower's building, it explodes against it.
	if (!oct.Off || out.Stopped) && !out.WentOff(pieceDynamite) {
		for i := range g.cowboys {
			if !g.onTable(i) {
				continue
			}
			pi := g.lay.cowboyPiece[i]
			if g.snap.Pieces[pi].Fallen || g.st.Pieces[pi].Off {
				continue
			}
			if g.st.Pieces[pi].Pos.Sub(oct.Pos).Len() <= BlastRadius {
				hits = append(hits, i)
			}
		}
		for b := range g.lay.doors {
			if mid, _, _, _ := g.doorGeom(b); mid.Sub(oct.Pos).Len() <= BlastRadius {
				for j := range g.tokens {
					if t := &g.tokens[j]; t.kind == TokenNotAllowed && t.place == PlaceBuilding && t.index == b {
						t.place = PlaceGone
					}
				}
			}
		}
	}
	g.standUp(&out, -1)
	g.settleOff(&out)
	for _, i := range hits {
		p := g.piece(i)
		p.Fallen = true
		g.cowboys[i].facing = p.Angle
		if d := p.Pos.Sub(oct.Pos); d.Len() > 0 {
			p.Angle = d.Angle()
		}
	}
	for _, i := range hits {
		g.wound(i, c)
	}
	return nil
}
