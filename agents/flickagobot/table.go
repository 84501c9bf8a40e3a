package flickagobot

import (
	"math/bits"

	"github.com/flickarena/flickarena/agents/geom"
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
	// cover caches which pieces cover the start points (see [table.covered]): when coverOK,
	// bit i of cover[p][k] is set when piece i covered point k of player p in the position
	// it was computed for (see [table.warmCover]), and moved has bit i set for every piece
	// moved or taken off since.
	cover   [flickago.NumPlayers][maxPoints]uint32
	coverOK bool
	moved   uint32
	// sums, when not nil, sums up the position the pieces not in moved still stand as (see
	// [table.warmSums]), so that settleScores reads the moved pieces only.
	sums *sums
}

// sums is what settleScores reads of a settled position, summed over its pieces in play.
type sums struct {
	// on has bit i set for piece i in play, and facts are their facts.
	on    uint32
	facts [numPieces]fact
	// points are each player's points.
	points [flickago.NumPlayers]int
	// inspectors and discs count, for each return zone, the inspectors and the discs that
	// touch it.
	inspectors, discs [flickago.NumPlayers]int
}

// add adds (sign 1) or removes (sign -1) the piece i of facts f to s's points and zone
// counts.
func (s *sums) add(i int, f fact, sign int) {
	if f.player >= 0 {
		s.points[f.player] += sign * int(f.value)
	}
	for z := range flickago.NumPlayers {
		if f.zones&(1<<z) == 0 {
			continue
		}
		if i >= inspectorPiece(0) {
			s.inspectors[z] += sign
		} else {
			s.discs[z] += sign
		}
	}
}

// warmSums sums t up as it stands (see [table.sums]), its facts known and moved reset (after
// warmCover); it leaves sums nil when a piece in play is gone (t is not settled), for which
// settleScores reads every piece.
func (t *table) warmSums(b *flickago.Board, r float64) {
	t.sums = nil
	s := &sums{}
	for i := range numPieces {
		if !t.on[i] {
			continue
		}
		f := t.fact(b, r, i)
		if f.gone {
			return
		}
		s.on |= 1 << i
		s.facts[i] = f
		s.add(i, f, 1)
	}
	t.sums = s
}

// maxPoints is how many start points per player the cover cache holds; a board with more is
// evaluated without it.
const maxPoints = 8

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
	t.moved |= 1 << i
}

// takeOff takes piece i out of play.
func (t *table) takeOff(i int) {
	t.on[i], t.faceUp[i] = false, false
	t.moved |= 1 << i
}

// overlaps reports whether piece i is in play and overlaps a disc of radius r at (x, y).
func (t *table) overlaps(i int, r, x, y float64) bool {
	dx, dy := t.pos[i].X-x, t.pos[i].Y-y
	return t.on[i] && dx*dx+dy*dy < 4*r*r-1e-9
}

// warmCover fills the cover cache for t as it stands (see [table.cover]).
func (t *table) warmCover(b *flickago.Board, r float64) {
	t.coverOK, t.moved = false, 0
	for p := range flickago.NumPlayers {
		if len(b.Points[p]) > maxPoints {
			return
		}
	}
	for p := range flickago.NumPlayers {
		for k, pt := range b.Points[p] {
			var c uint32
			for i := range numPieces {
				if t.overlaps(i, r, pt.Pos.X, pt.Pos.Y) {
					c |= 1 << i
				}
			}
			t.cover[p][k] = c
		}
	}
	t.coverOK = true
}

// covered reports whether a piece in play overlaps a disc of radius r on start point k of
// player p: from the cover cache when it holds, rechecking only the pieces moved since.
func (t *table) covered(b *flickago.Board, r float64, p, k int) bool {
	pt := b.Points[p][k].Pos
	if !t.coverOK {
		return covered(r, t, pt.X, pt.Y)
	}
	if t.cover[p][k]&^t.moved != 0 {
		return true
	}
	for m := t.moved; m != 0; m &= m - 1 {
		if t.overlaps(bits.TrailingZeros32(m), r, pt.X, pt.Y) {
			return true
		}
	}
	return false
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
		st.Pieces[i] = t.piece(i)
	}
	return st
}

// piece returns piece i of t as a physics piece in board coordinates.
func (t *table) piece(i int) physics.Piece {
	k := flickago.KindGangDisc
	if i >= inspectorPiece(0) {
		k = flickago.KindInspector
	}
	return physics.Piece{Kind: k, Pos: t.pos[i], Off: !t.on[i]}
}

// lazyScene is the scene of a table's pieces (geom.Scene) for exposure's sweeps, made on
// first use: anew, or, when m is set, from m's scene, whose base the table then differs from
// in its moved pieces only (a prediction of m, settled or not), copied into scratch.
type lazyScene struct {
	sc      *geom.Scene
	m       *model
	scratch *geom.Scene
}

// of returns the scene of t's pieces, making it the first time.
func (l *lazyScene) of(b *flickago.Board, t *table) *geom.Scene {
	if l.sc != nil {
		return l.sc
	}
	if l.m == nil {
		l.sc = geom.NewScene(t.physicsState(b), flickago.Pieces)
		return l.sc
	}
	l.scratch.CopyFrom(l.m.scene)
	for m := t.moved; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		l.scratch.Set(i, t.piece(i))
	}
	l.sc = l.scratch
	return l.sc
}

// settle applies the end-of-turn rules to t, as the engine does once everything rests: discs
// wholly off the board or with their centre in the enemy headquarters go; inspectors wholly
// off the board wait; an inspector touching a return zone that a disc touches captures every
// disc there and waits.
func settle(b *flickago.Board, r float64, t *table) { settleScores(b, r, t) }

// settleScores settles t (see [settle]) and returns each player's points in it, as [scores]
// does after settle, in one pass over the pieces.
func settleScores(b *flickago.Board, r float64, t *table) [flickago.NumPlayers]int {
	if t.sums != nil {
		return t.settleMoved(b, r)
	}
	var s [flickago.NumPlayers]int
	var guarded, occupied uint8
	for i := range numPieces {
		if !t.on[i] {
			continue
		}
		f := t.fact(b, r, i)
		switch {
		case f.gone:
			t.takeOff(i)
			continue
		case i >= inspectorPiece(0):
			guarded |= f.zones
		default:
			occupied |= f.zones
		}
		if f.player >= 0 {
			s[f.player] += int(f.value)
		}
	}
	t.capture(guarded&occupied, &s)
	return s
}

// settleMoved is settleScores from t's sums: the pieces moved since they were taken are read
// again, the others as summed.
func (t *table) settleMoved(b *flickago.Board, r float64) [flickago.NumPlayers]int {
	s := *t.sums
	for m := t.moved; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		if s.on&(1<<i) != 0 {
			s.add(i, s.facts[i], -1)
		}
		if !t.on[i] {
			continue
		}
		f := t.fact(b, r, i)
		if f.gone {
			t.takeOff(i)
			continue
		}
		s.add(i, f, 1)
	}
	var guarded, occupied uint8
	for z := range flickago.NumPlayers {
		if s.inspectors[z] > 0 {
			guarded |= 1 << z
		}
		if s.discs[z] > 0 {
			occupied |= 1 << z
		}
	}
	t.capture(guarded&occupied, &s.points)
	return s.points
}

// capture takes off every piece in play of t that touches a return zone in the set zones (bit
// z for player z's zone: those an inspector guards and a disc occupies), taking their values
// off points.
func (t *table) capture(zones uint8, points *[flickago.NumPlayers]int) {
	if zones == 0 {
		return
	}
	for i := range numPieces {
		if f := &t.facts[i]; t.on[i] && f.zones&zones != 0 {
			t.takeOff(i)
			if f.player >= 0 {
				points[f.player] -= int(f.value)
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
