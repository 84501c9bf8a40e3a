package flickemup

import "github.com/flickarena/flickarena/physics"

// flickStart returns where the piece that action a of the deciding team flicks starts, in
// table cm, and its kind: the movement disc on the cowboy (from inside a building, at the
// back of its floor), a bullet or the dynamite on its side spot or at the Winchester's tip,
// the waiting second bullet. ok is false for an action that flicks nothing or cannot be
// played now. It mirrors move, shoot, duel, throw and secondShot and changes nothing.
func (g *Game) flickStart(a Action) (start physics.Vec, k physics.Kind, ok bool) {
	if g.phase == PhaseSecondShot {
		if a.Kind != ActShoot || g.waiting < 0 {
			return physics.Vec{}, 0, false
		}
		return g.st.Pieces[g.waiting].Pos, KindBullet, true
	}
	c := g.actor
	if g.phase != PhaseAct || c < 0 {
		return physics.Vec{}, 0, false
	}
	switch a.Kind {
	case ActMove:
		if from := g.cowboys[c].inside; from >= 0 {
			return clampOnTable(g.behind(from, discRadius, 0), discRadius, g.st.Table), KindMovementDisc, true
		}
		return g.piece(c).Pos, KindMovementDisc, true
	case ActShoot:
		if a.Rifle {
			return g.rifleSpot(c), KindBullet, true
		}
		return g.sideSpot(c, a.Side, bulletRadius, nil), KindBullet, true
	case ActThrow:
		return g.sideSpot(c, a.Side, octRadius, nil), KindDynamite, true
	case ActDuel:
		if a.Cowboy < 1 || a.Cowboy > MaxCowboys {
			return physics.Vec{}, 0, false
		}
		t := CowboyID{Team: cowboyID(c).Team.Other(), Number: a.Cowboy}.index()
		b := g.cowboys[t].inside
		if !g.cowboys[t].present || b < 0 {
			return physics.Vec{}, 0, false
		}
		// As duel places them: the called-out cowboy in the doorway, then the bullet.
		tp := g.lay.cowboyPiece[t]
		saved := g.st.Pieces[tp]
		spot := g.duelSpot(b)
		g.st.Pieces[tp] = physics.Piece{Kind: KindCowboy, Pos: spot, Angle: g.piece(c).Pos.Sub(spot).Angle()}
		doorway := physics.Circle(spot, cowboyRadius)
		start = g.sideSpot(c, a.Side, bulletRadius, &doorway)
		g.st.Pieces[tp] = saved
		return start, KindBullet, true
	}
	return physics.Vec{}, 0, false
}

// aimBox returns the box of aimed targets, in table cm: the observation's normalised
// coordinates [coordLow, coordHigh] times the table's size.
func (c *coder) aimBox() (lo, hi physics.Vec) {
	return physics.Vec{X: coordLow * c.w, Y: coordLow * c.h}, physics.Vec{X: coordHigh * c.w, Y: coordHigh * c.h}
}

// aimVelocity returns the flick, in table cm/s, of native aiming dims (x, y, push) by team t
// for action a in g: towards the target, at the speed that stops the piece there plus the
// push ([physics.Slide.AimVelocity]); zero for an action that flicks nothing.
func (c *coder) aimVelocity(g *Game, a Action, t Team, x, y, push float32) physics.Vec {
	start, k, ok := g.flickStart(a)
	if !ok {
		return physics.Vec{}
	}
	target := physics.Vec{X: float64(x) * c.w, Y: float64(y) * c.h}
	if t == Outlaws {
		target = physics.Vec{X: c.w - target.X, Y: c.h - target.Y}
	}
	return g.lay.cfg.Slide(k).AimVelocity(start, target, float64(push))
}

// aimDims returns the native aiming dims (x, y, push) by team t of engine action a in g: the
// inverse of aimVelocity ([physics.Slide.Aim]), the target clipped to the dims' bounds.
func (c *coder) aimDims(g *Game, a Action, t Team) (x, y, push float32) {
	start, k, ok := g.flickStart(a)
	if !ok {
		return 0, 0, 0
	}
	lo, hi := c.aimBox()
	target, p := g.lay.cfg.Slide(k).Aim(start, a.Velocity, lo, hi)
	x, y = c.egoPoint(t, target)
	return clamp(x, coordLow, coordHigh), clamp(y, coordLow, coordHigh), clamp(float32(p), 0, 1)
}
