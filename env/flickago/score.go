package flickago

import "github.com/flickarena/flickarena/physics"

// DiscValue returns what a disc of player p with radius r (cm) at pos is worth on board b:
// 5 if it touches p's return zone, otherwise the best sector of the opponent's half that it
// touches (1 to 3), otherwise 0. When a disc overlaps two zones the better one counts.
func (b *Board) DiscValue(p int, pos physics.Vec, r float64) int {
	if b.Return[p].Touches(pos, r) {
		return ReturnValue
	}
	return b.SectorValue(1-p, pos, r)
}

// InspectorValue returns which player an inspector of radius r (cm) at pos scores for and how
// much: an inspector is scored like a disc of the player attacking the half it lies in, by
// sectors only, and not at all when it touches the centre line or a return zone. It returns
// (-1, 0) when it scores for nobody.
func (b *Board) InspectorValue(pos physics.Vec, r float64) (player, value int) {
	if b.TouchesLine(pos, r) || b.Return[0].Touches(pos, r) || b.Return[1].Touches(pos, r) {
		return -1, 0
	}
	h := 0
	if pos.Y > b.CentreY {
		h = 1
	}
	if v := b.SectorValue(h, pos, r); v > 0 {
		return 1 - h, v
	}
	return -1, 0
}

// score returns each player's points in position st.
func score(b *Board, r float64, st *State) [NumPlayers]int {
	var s [NumPlayers]int
	for p := range NumPlayers {
		for _, dc := range st.Discs[p] {
			if dc.Place == OnBoard {
				s[p] += b.DiscValue(p, dc.Pos, r)
			}
		}
	}
	for _, in := range st.Inspectors {
		if in.Waiting {
			continue
		}
		if p, v := b.InspectorValue(in.Pos, r); p >= 0 {
			s[p] += v
		}
	}
	return s
}
