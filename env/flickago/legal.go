package flickago

import (
	"fmt"
	"math"

	"github.com/flickarena/flickarena/physics"
)

// Returnable reports whether player p may send disc d back to the reserve at the start of a
// turn: the disc is on the board, touches p's return zone, and no inspector touches that zone.
func (g *Game) Returnable(p, d int) bool { return returnable(g.board, g.rad, &g.st, p, d) }

func returnable(b *Board, r float64, st *State, p, d int) bool {
	if p < 0 || p >= NumPlayers || d < 0 || d >= NumDiscs {
		return false
	}
	dc := &st.Discs[p][d]
	if dc.Place != OnBoard || !b.Return[p].Touches(dc.Pos, r) {
		return false
	}
	return !inspectorIn(b, r, st, p)
}

// inspectorIn reports whether an inspector on the board touches p's return zone.
func inspectorIn(b *Board, r float64, st *State, p int) bool {
	for _, in := range st.Inspectors {
		if !in.Waiting && b.Return[p].Touches(in.Pos, r) {
			return true
		}
	}
	return false
}

// blocked reports whether a disc placed at pos would overlap a piece on the board, ignoring
// disc skip of player p (the disc being returned, or NoDisc).
func blocked(r float64, st *State, pos physics.Vec, p, skip int) bool {
	near := func(q physics.Vec) bool { return q.Sub(pos).Len() < 2*r-overlapSlack }
	for q := range NumPlayers {
		for d, dc := range st.Discs[q] {
			if dc.Place == OnBoard && (q != p || d != skip) && near(dc.Pos) {
				return true
			}
		}
	}
	for _, in := range st.Inspectors {
		if !in.Waiting && near(in.Pos) {
			return true
		}
	}
	return false
}

// PointFree reports whether start point k of player p's headquarters is free: no piece on the
// board overlaps a disc placed there.
func (g *Game) PointFree(p, k int) bool {
	if p < 0 || p >= NumPlayers || k < 0 || k >= len(g.board.Points[p]) {
		return false
	}
	return !blocked(g.rad, &g.st, g.board.Points[p][k].Pos, p, NoDisc)
}

// usable reports whether player p, after returning disc ret (or NoDisc), can place a reserve
// disc on start point k.
func (g *Game) usable(p, k, ret int) bool {
	pt := g.board.Points[p][k]
	n := g.st.Reserve(p, pt.Kind)
	if ret != NoDisc && KindOf(ret) == pt.Kind {
		n++
	}
	return n > 0 && !blocked(g.rad, &g.st, pt.Pos, p, ret)
}

// CanFlick reports whether player p has any legal flick in the current position (whoever is
// to move): a face-up family disc on the board, or a reserve disc and a free start point of
// its kind, possibly after a return.
func (g *Game) CanFlick(p int) bool {
	for d := NumKillers; d < NumDiscs; d++ {
		if g.st.flickable(p, d) {
			return true
		}
	}
	for k := range g.board.Points[p] {
		if g.usable(p, k, NoDisc) {
			return true
		}
	}
	for d := range NumDiscs {
		if !returnable(g.board, g.rad, &g.st, p, d) {
			continue
		}
		for k := range g.board.Points[p] {
			if g.usable(p, k, d) {
				return true
			}
		}
	}
	return false
}

// Legal appends to dst every legal action of the current player, with a zero velocity (any
// finite velocity makes them legal), and returns it. In PhaseFlick they are the flicks
// without a return then, for each returnable disc in id order, the flicks after returning
// it; each group lists the family discs on the board in id order, then the start points in
// order. In PhasePlace they are the star points in order. After the end it returns dst.
func (g *Game) Legal(dst []Action) []Action {
	p := g.st.Current
	switch g.st.Phase {
	case PhasePlace:
		for k := range g.board.Stars {
			dst = append(dst, PlaceInspector(k))
		}
	case PhaseFlick:
		dst = g.appendFlicks(dst, p, NoDisc)
		for d := range NumDiscs {
			if returnable(g.board, g.rad, &g.st, p, d) {
				dst = g.appendFlicks(dst, p, d)
			}
		}
	}
	return dst
}

// appendFlicks appends the flicks of player p after returning ret (or NoDisc).
func (g *Game) appendFlicks(dst []Action, p, ret int) []Action {
	for d := NumKillers; d < NumDiscs; d++ {
		if d != ret && g.st.flickable(p, d) {
			dst = append(dst, FlickDisc(d, physics.Vec{}).WithReturn(ret))
		}
	}
	for k := range g.board.Points[p] {
		if g.usable(p, k, ret) {
			dst = append(dst, FlickFrom(k, physics.Vec{}).WithReturn(ret))
		}
	}
	return dst
}

// Check returns nil if a is legal for the current player, or an *[ActionError]. It
// changes nothing.
func (g *Game) Check(a Action) error {
	st := &g.st
	p := st.Current
	if st.Phase == PhaseOver {
		return illegal("type", ErrOver, "the game is over")
	}
	switch a.Type {
	case ActPlace:
		if st.Phase != PhasePlace {
			return illegal("type", ErrPhase, fmt.Sprintf("place in the %s phase", st.Phase))
		}
		if a.Star < 0 || a.Star >= len(g.board.Stars) {
			return illegal("star", ErrStar, fmt.Sprintf("star %d of %d", a.Star, len(g.board.Stars)))
		}
		return nil
	case ActFlick:
		if st.Phase != PhaseFlick {
			return illegal("type", ErrPhase, fmt.Sprintf("flick in the %s phase", st.Phase))
		}
	default:
		return illegal("type", ErrPhase, fmt.Sprintf("unknown action type %d", a.Type))
	}
	if !a.Velocity.Finite() {
		return illegal("velocity", ErrVelocity, fmt.Sprintf("(%v, %v) cm/s is not finite", a.Velocity.X, a.Velocity.Y))
	}
	if a.Return != NoDisc && !returnable(g.board, g.rad, st, p, a.Return) {
		return illegal("return", ErrReturn, g.whyNotReturnable(p, a.Return))
	}
	if a.Disc != NoDisc {
		if a.Disc < 0 || a.Disc >= NumDiscs || a.Disc == a.Return || !st.flickable(p, a.Disc) {
			return illegal("disc", ErrDisc, fmt.Sprintf("disc %d of player %d is not a face-up family disc on the board", a.Disc, p))
		}
		return nil
	}
	if a.Point < 0 || a.Point >= len(g.board.Points[p]) {
		return illegal("point", ErrPoint, fmt.Sprintf("point %d of %d", a.Point, len(g.board.Points[p])))
	}
	if !g.usable(p, a.Point, a.Return) {
		pt := g.board.Points[p][a.Point]
		return illegal("point", ErrPoint, fmt.Sprintf("point %d (%v): no %v disc in reserve, or a piece lies on it", a.Point, pt.Kind, pt.Kind))
	}
	return nil
}

// whyNotReturnable explains a refused return.
func (g *Game) whyNotReturnable(p, d int) string {
	switch {
	case d < 0 || d >= NumDiscs:
		return fmt.Sprintf("no disc %d", d)
	case g.st.Discs[p][d].Place != OnBoard:
		return fmt.Sprintf("disc %d is not on the board", d)
	case !g.board.Return[p].Touches(g.st.Discs[p][d].Pos, g.rad):
		return fmt.Sprintf("disc %d does not touch the return zone", d)
	}
	return "an inspector is in the return zone"
}

// freeSpot returns where a waiting inspector put on star k lands: the star if no piece
// overlaps it there, otherwise the nearest free point of the centre line (searched every
// 0.5 cm on either side, nearer first, the star's left before its right), otherwise the
// nearest free point of a 0.5 cm grid over the board.
func (g *Game) freeSpot(k int) physics.Vec {
	b, r, st := g.board, g.rad, &g.st
	s := b.Stars[k]
	free := func(q physics.Vec) bool { return !blocked(r, st, q, -1, NoDisc) }
	if free(s) {
		return s
	}
	const step = 0.5
	for i := 1; float64(i)*step <= b.Width; i++ {
		for _, x := range [2]float64{s.X - float64(i)*step, s.X + float64(i)*step} {
			q := physics.Vec{X: x, Y: b.CentreY}
			if x >= r && x <= b.Width-r && free(q) {
				return q
			}
		}
	}
	best, bestD := s, math.Inf(1)
	for y := r; y <= b.Length-r; y += step {
		for x := r; x <= b.Width-r; x += step {
			q := physics.Vec{X: x, Y: y}
			if d := q.Sub(s).Len(); d < bestD && free(q) {
				best, bestD = q, d
			}
		}
	}
	return best
}
