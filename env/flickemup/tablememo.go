package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// tableView is the part of one team's observation that is a function of the pieces alone:
// egocentric positions normalised and clamped, the sines and cosines of the cowboys' facings,
// the door lines, and the whole "prop" field. Each value is the expression observe writes,
// computed for every cowboy whether or not observe uses it (it is used only where the rules
// show the cowboy on the table).
type tableView struct {
	cowX, cowY, cowSin, cowCos [numCowboys]float32         // by dense cowboy index
	neutX, neutY               [2]float32                  // the man, the woman
	door                       [numSlots][4]float32        // by building slot: left end x, y, right end x, y
	props                      [MaxProps * obsProp]float32 // the "prop" field, by prop slot
}

// The parts of a tableView that one piece feeds (memoPiece.role).
const (
	roleCowboy  = iota // a cowboy: its x, y, facing
	roleNeutral        // the man or the woman: x, y
	roleProp           // a prop: x, y, twice its angle
	roleBlock          // a support block: its building's door line
)

// memoPiece is one piece that feeds the observation's table part, with the values of it
// the part was last computed from.
type memoPiece struct {
	piece      int    // index in the state's pieces
	role, slot int    // what it feeds (roleCowboy ...), and the cowboy, neutral, prop or building slot
	x, y, a    uint64 // the bits of its position and angle when last seen
	kindOff    uint64 // its kind and whether it was off the table (pieceKindOff)
	stale      [2]bool
}

// pieceKindOff packs the kind of piece p and whether it is off the table.
func pieceKindOff(p *physics.Piece) uint64 { return uint64(p.Kind) | uint64(b2u(p.Off))<<8 }

// tableMemo keeps each team's [tableView] with the pieces it was computed from, and brings
// it up to date piece by piece: only flicks and the rules that place pieces move them, and
// a flick moves few, so an observation recomputes the values of the pieces that moved since
// the team's last one and reuses the others. The pieces are compared to the bit, so a reused
// value is the one observe would compute. The values both teams share (the props' doubled
// angles, the door lines in the table's frame) are computed once per change.
type tableMemo struct {
	pieces []memoPiece // nil until the first view
	dirty  [2][]int    // per team, the memoPieces whose values it has not recomputed yet
	views  [2]tableView

	propSin, propCos [MaxProps]float32        // by prop slot, for both teams
	doorEnds         [numSlots][2]physics.Vec // by building slot: the door line's ends
}

// view returns team t's view of g's pieces, bringing it up to date.
func (m *tableMemo) view(c *coder, g *Game, t Team) *tableView {
	first := m.pieces == nil
	if first {
		m.pieces = c.memoPieces(g)
	}
	ps := g.st.Pieces
	bits := math.Float64bits
	for k := range m.pieces {
		mp := &m.pieces[k]
		p := &ps[mp.piece]
		if x, y, a, ko := bits(p.Pos.X), bits(p.Pos.Y), bits(p.Angle), pieceKindOff(p); first || x != mp.x || y != mp.y || a != mp.a || ko != mp.kindOff {
			mp.x, mp.y, mp.a, mp.kindOff = x, y, a, ko
			m.changed(c, g, k)
		}
	}
	v := &m.views[t]
	for _, k := range m.dirty[t] {
		mp := &m.pieces[k]
		mp.stale[t] = false
		m.update(c, g, t, v, mp)
	}
	m.dirty[t] = m.dirty[t][:0]
	return v
}

// changed notes that memoPiece k moved: it computes the values both teams share and marks
// the piece stale for each team.
func (m *tableMemo) changed(c *coder, g *Game, k int) {
	mp := &m.pieces[k]
	switch mp.role {
	case roleProp:
		s, co := math.Sincos(2 * g.st.Pieces[mp.piece].Angle) // a half turn leaves twice the angle unchanged mod 2π
		m.propSin[mp.slot], m.propCos[mp.slot] = float32(s), float32(co)
	case roleBlock:
		le, re, _ := g.lay.doors[c.slot[mp.slot]].Line(g.st)
		m.doorEnds[mp.slot] = [2]physics.Vec{le, re}
	}
	for t := range mp.stale {
		if !mp.stale[t] {
			mp.stale[t] = true
			m.dirty[t] = append(m.dirty[t], k)
		}
	}
}

// update recomputes into v, team t's view, the values memoPiece mp feeds.
func (m *tableMemo) update(c *coder, g *Game, t Team, v *tableView, mp *memoPiece) {
	p := &g.st.Pieces[mp.piece]
	k := mp.slot
	switch mp.role {
	case roleCowboy:
		x, y := c.egoPoint(t, p.Pos)
		v.cowX[k], v.cowY[k] = clamp(x, 0, 1), clamp(y, 0, 1)
		s, co := math.Sincos(egoAngle(t, p.Angle))
		v.cowSin[k], v.cowCos[k] = float32(s), float32(co)
	case roleNeutral:
		x, y := c.egoPoint(t, p.Pos)
		v.neutX[k], v.neutY[k] = clamp(x, 0, 1), clamp(y, 0, 1)
	case roleProp:
		o := v.props[obsProp*k : obsProp*(k+1)]
		clear(o)
		if p.Off {
			break
		}
		o[0] = 1
		for j, pk := range propKinds {
			if p.Kind == pk {
				o[1+j] = 1
			}
		}
		x, y := c.egoPoint(t, p.Pos)
		o[6], o[7], o[8], o[9] = clamp(x, 0, 1), clamp(y, 0, 1), m.propSin[k], m.propCos[k]
	case roleBlock:
		lx, ly := c.egoPoint(t, m.doorEnds[k][0])
		rx, ry := c.egoPoint(t, m.doorEnds[k][1])
		v.door[k] = [4]float32{clamp(lx, coordLow, coordHigh), clamp(ly, coordLow, coordHigh),
			clamp(rx, coordLow, coordHigh), clamp(ry, coordLow, coordHigh)}
	}
}

// memoPieces lists the pieces of g that feed the observation's table part.
func (c *coder) memoPieces(g *Game) []memoPiece {
	var out []memoPiece
	add := func(piece, role, slot int) {
		out = append(out, memoPiece{piece: piece, role: role, slot: slot})
	}
	for ci, pi := range g.lay.cowboyPiece {
		if pi >= 0 {
			add(pi, roleCowboy, ci)
		}
	}
	for k, pi := range c.neutral {
		if pi >= 0 {
			add(pi, roleNeutral, k)
		}
	}
	for k, b := range c.slot {
		if b >= 0 {
			d := g.lay.doors[b]
			add(d.Left, roleBlock, k)
			add(d.Right, roleBlock, k)
		}
	}
	for k, pi := range c.props {
		add(pi, roleProp, k)
	}
	return out
}
