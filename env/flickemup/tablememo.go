package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// tableView is the part of one team's observation that is a function of the pieces alone:
// egocentric positions normalised and clamped, the sines and cosines of the cowboys' facings
// and of the props' angles, and the door lines. Each value is the expression observe writes,
// computed for every piece whether or not observe uses it (it is used only where the rules
// show the piece: a cowboy on the table, a prop in play).
type tableView struct {
	cowX, cowY, cowSin, cowCos     [numCowboys]float32  // by dense cowboy index
	neutX, neutY                   [2]float32           // the man, the woman
	door                           [numSlots][4]float32 // by building slot: left end x, y, right end x, y
	propX, propY, propSin, propCos [MaxProps]float32    // by prop slot
}

// tableMemo keeps each team's [tableView] with the pieces it was computed from. Only flicks
// and the rules that place pieces move them, so the observations of the steps between two
// flicks (choosing a cowboy, taking a token, ending a turn) reuse the views; the pieces are
// compared to the bit, so a reused value is the one observe would compute.
type tableMemo struct {
	from  []physics.Piece // the pieces the views were computed from
	ok    [2]bool         // per team: views[t] holds its view of from
	views [2]tableView
}

// view returns team t's view of g's pieces, computing it if they changed since.
func (m *tableMemo) view(c *coder, g *Game, t Team) *tableView {
	ps := g.st.Pieces
	if m.from == nil || !samePieces(m.from, ps) {
		m.from = append(m.from[:0], ps...)
		m.ok = [2]bool{}
	}
	v := &m.views[t]
	if !m.ok[t] {
		c.tableView(v, g, t)
		m.ok[t] = true
	}
	return v
}

// tableView computes team t's view of g's pieces into v.
func (c *coder) tableView(v *tableView, g *Game, t Team) {
	ps := g.st.Pieces
	for ci, pi := range g.lay.cowboyPiece {
		if pi < 0 {
			continue
		}
		p := &ps[pi]
		x, y := c.egoPoint(t, p.Pos)
		v.cowX[ci], v.cowY[ci] = clamp(x, 0, 1), clamp(y, 0, 1)
		s, co := math.Sincos(egoAngle(t, p.Angle))
		v.cowSin[ci], v.cowCos[ci] = float32(s), float32(co)
	}
	for k, pi := range c.neutral {
		if pi >= 0 {
			x, y := c.egoPoint(t, ps[pi].Pos)
			v.neutX[k], v.neutY[k] = clamp(x, 0, 1), clamp(y, 0, 1)
		}
	}
	for k, b := range c.slot {
		if b < 0 {
			continue
		}
		le, re, _ := g.lay.doors[b].Line(g.st)
		lx, ly := c.egoPoint(t, le)
		rx, ry := c.egoPoint(t, re)
		v.door[k] = [4]float32{clamp(lx, coordLow, coordHigh), clamp(ly, coordLow, coordHigh),
			clamp(rx, coordLow, coordHigh), clamp(ry, coordLow, coordHigh)}
	}
	for k, pi := range c.props {
		p := &ps[pi]
		x, y := c.egoPoint(t, p.Pos)
		s, co := math.Sincos(2 * p.Angle) // a half turn leaves twice the angle unchanged mod 2π
		v.propX[k], v.propY[k], v.propSin[k], v.propCos[k] = clamp(x, 0, 1), clamp(y, 0, 1), float32(s), float32(co)
	}
}

// samePieces reports whether a and b hold the same pieces, every float compared by its bits
// (so that a NaN equals itself and -0 differs from +0, as the values computed from them do).
func samePieces(a, b []physics.Piece) bool {
	if len(a) != len(b) {
		return false
	}
	bits := math.Float64bits
	for i := range a {
		p, q := &a[i], &b[i]
		if p.Kind != q.Kind || p.Fallen != q.Fallen || p.Off != q.Off || p.Static != q.Static ||
			bits(p.Pos.X) != bits(q.Pos.X) || bits(p.Pos.Y) != bits(q.Pos.Y) || bits(p.Angle) != bits(q.Angle) {
			return false
		}
	}
	return true
}
