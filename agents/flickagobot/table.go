package flickagobot

import (
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// numPieces is the number of pieces of a game: every gang disc, then the inspectors. Piece i
// is disc i%12 of player i/12 for i < 24 and inspector i-24 after, as in the engine's physics.
const numPieces = flickago.NumPlayers*flickago.NumDiscs + flickago.NumInspectors

// discPiece returns the piece index of disc d of player p.
func discPiece(p, d int) int { return p*flickago.NumDiscs + d }

// inspectorPiece returns the piece index of inspector i.
func inspectorPiece(i int) int { return flickago.NumPlayers*flickago.NumDiscs + i }

// table is a position reduced to what the evaluation reads: where each piece is, whether it is
// in play, and the flicks each gang has left. It is a value, copied for every prediction.
type table struct {
	// pos is each piece's centre, in board coordinates (cm); meaningful when on.
	pos [numPieces]physics.Vec
	// on reports a disc on the board or an inspector standing on it (not waiting).
	on [numPieces]bool
	// faceUp reports a face-up family disc on the board: it may be flicked once more.
	faceUp [numPieces]bool
	// reserve counts each player's discs in reserve, by kind.
	reserve [flickago.NumPlayers][2]int
	// facts caches what the board says of each piece where it lies (see [table.fact]).
	facts [numPieces]fact
}

// fact is what the board says of a piece where it lies, computed once per position of the
// piece: the evaluation of many predictions reads the same unmoved pieces.
type fact struct {
	// known reports that the other fields hold for the piece's current position.
	known bool
	// gone reports a piece that the end of the turn removes by its place alone: a disc wholly
	// off the board or with its centre in the enemy headquarters, an inspector wholly off.
	gone bool
	// zones has bit z set when the piece touches player z's return zone.
	zones uint8
	// player is who the piece scores for (-1 nobody) and value how much.
	player, value int8
}

// fact returns the facts of piece i, computing them if its position changed.
func (t *table) fact(b *flickago.Board, r float64, i int) fact {
	f := &t.facts[i]
	if f.known {
		return *f
	}
	pos := t.pos[i]
	*f = fact{known: true, player: -1}
	for z := range flickago.NumPlayers {
		if b.Return[z].Touches(pos, r) {
			f.zones |= 1 << z
		}
	}
	if i >= inspectorPiece(0) {
		f.gone = b.OffBoard(pos, r)
		p, v := b.InspectorValue(pos, r)
		f.player, f.value = int8(p), int8(v)
		return *f
	}
	p := i / flickago.NumDiscs
	f.gone = b.OffBoard(pos, r) || b.HQ[1-p].Contains(pos)
	f.player, f.value = int8(p), int8(b.DiscValue(p, pos, r))
	return *f
}

// move puts piece i at pos.
func (t *table) move(i int, pos physics.Vec) {
	t.pos[i] = pos
	t.facts[i].known = false
}

// tableOf returns the table of position st.
func tableOf(st *flickago.State) table {
	var t table
	for p := range flickago.NumPlayers {
		for d, dc := range st.Discs[p] {
			i := discPiece(p, d)
			switch dc.Place {
			case flickago.OnBoard:
				t.pos[i], t.on[i] = dc.Pos, true
				t.faceUp[i] = flickago.KindOf(d) == flickago.Family && !dc.Flipped
			case flickago.InReserve:
				t.reserve[p][flickago.KindOf(d)]++
			}
		}
	}
	for k, in := range st.Inspectors {
		i := inspectorPiece(k)
		t.pos[i], t.on[i] = in.Pos, !in.Waiting
	}
	return t
}

// physicsState returns the pieces of t as a physics state in board coordinates, for the
// sweeps of package geom (its table is the board's rectangle).
func (t *table) physicsState(b *flickago.Board) *physics.State {
	st := &physics.State{Table: physics.Table{Width: b.Width, Height: b.Length}, Pieces: make([]physics.Piece, numPieces)}
	for i := range st.Pieces {
		k := flickago.KindGangDisc
		if i >= inspectorPiece(0) {
			k = flickago.KindInspector
		}
		st.Pieces[i] = physics.Piece{Kind: k, Pos: t.pos[i], Off: !t.on[i]}
	}
	return st
}

// settle applies the end-of-turn rules to t, as the engine does once everything rests: discs
// wholly off the board or with their centre in the enemy headquarters go; inspectors wholly
// off the board wait; an inspector touching a return zone that a disc touches captures every
// disc there and waits.
func settle(b *flickago.Board, r float64, t *table) {
	var guarded, occupied uint8
	for i := range numPieces {
		if !t.on[i] {
			continue
		}
		f := t.fact(b, r, i)
		switch {
		case f.gone:
			t.on[i], t.faceUp[i] = false, false
		case i >= inspectorPiece(0):
			guarded |= f.zones
		default:
			occupied |= f.zones
		}
	}
	if captures := guarded & occupied; captures != 0 {
		for i := range numPieces {
			if t.on[i] && t.facts[i].zones&captures != 0 {
				t.on[i], t.faceUp[i] = false, false
			}
		}
	}
}

// scores returns each player's points in t, as [flickago.Game.Points] does for a settled
// position.
func scores(b *flickago.Board, r float64, t *table) [flickago.NumPlayers]int {
	var s [flickago.NumPlayers]int
	for i := range numPieces {
		if !t.on[i] {
			continue
		}
		if f := t.fact(b, r, i); f.player >= 0 {
			s[f.player] += int(f.value)
		}
	}
	return s
}
