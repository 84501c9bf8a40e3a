package fliprando

import "math/bits"

// Colours of hikers, tokens and card backs, in the package doc's order.
const (
	Blue = iota
	Grey
	Red
	Yellow
	Green
	Violet
	NumColours
)

// ColourNames names the colours.
var ColourNames = [NumColours]string{"blue", "grey", "red", "yellow", "green", "violet"}

// Actions, in the package doc's order: the index of a player's action tile, and
// (MOVE to DRAW) of their multiplier track.
const (
	Move = iota
	Swap
	Dec
	Inc
	Draw
	Joker
	NumTiles
)

// NumTracks is the number of multiplier tracks (JOKER has none).
const NumTracks = 5

// ActionNames names the actions.
var ActionNames = [NumTiles]string{"move", "swap", "dec", "inc", "draw", "joker"}

// MaxMult is each multiplier track's limit: SWAP 2, the others 3. Every
// track's minimum is 1.
var MaxMult = [NumTracks]int{3, 2, 3, 3, 3}

// Card effects (the centre icon), in the order of the canonical card id:
// the six actions (same indices as the tiles), then the three obstacles,
// then the points.
const (
	EffTree = NumTiles + iota // +1 on the tree track
	EffLog                    // +1 on the log track
	EffRock                   // +1 on the rock track
	EffTen                    // +10 points
	EffFive                   // +5 points
	EffOne                    // +1 point
	NumEffects
)

// EffectNames names the card effects.
var EffectNames = [NumEffects]string{"move", "swap", "dec", "inc", "draw", "joker", "tree", "log", "rock", "+10", "+5", "+1"}

// NumCards is the size of the deck; HandLimit the hand size a player keeps
// after drawing and after Wind.
const (
	NumCards  = 66
	HandLimit = 3
)

// Card is a card's static description.
type Card struct {
	Back   int  // colour on the back: the hiker the card moves
	Effect int  // centre icon, one of the Eff* or action constants
	Top    bool // the corner half-icon: true TOP, false BOTTOM
}

// Points returns the points of a point card (0 for the others).
func (c Card) Points() int {
	switch c.Effect {
	case EffTen:
		return 10
	case EffFive:
		return 5
	case EffOne:
		return 1
	}
	return 0
}

// deck lists the 66 cards by canonical id: by back colour, then effect,
// then TOP before BOTTOM (package doc, "Components").
var deck = buildDeck()

func buildDeck() [NumCards]Card {
	// The five non-action cards of each colour: effect and half.
	const t, b = true, false
	type half struct {
		eff int
		top bool
	}
	others := [NumColours][]half{
		Blue:   {{EffTree, t}, {EffRock, b}, {EffFive, t}, {EffOne, t}, {EffOne, b}},
		Grey:   {{EffTree, t}, {EffRock, b}, {EffFive, t}, {EffOne, t}, {EffOne, b}},
		Red:    {{EffTree, b}, {EffLog, t}, {EffFive, b}, {EffOne, t}, {EffOne, b}},
		Yellow: {{EffTree, b}, {EffLog, t}, {EffFive, t}, {EffOne, t}, {EffOne, b}},
		Green:  {{EffLog, b}, {EffRock, t}, {EffTen, t}, {EffFive, b}, {EffOne, t}},
		Violet: {{EffLog, b}, {EffRock, t}, {EffTen, b}, {EffFive, b}, {EffOne, b}},
	}
	var d [NumCards]Card
	n := 0
	for col := range NumColours {
		actionTop := col == Blue || col == Grey || col == Yellow
		for a := range NumTiles {
			d[n] = Card{Back: col, Effect: a, Top: actionTop}
			n++
		}
		for _, h := range others[col] {
			d[n] = Card{Back: col, Effect: h.eff, Top: h.top}
			n++
		}
	}
	return d
}

// topCards is the set of the 33 TOP-half cards.
var topCards = func() cardSet {
	var s cardSet
	for id, c := range deck {
		if c.Top {
			s.add(id)
		}
	}
	return s
}()

// CardInfo returns the description of card id in [0, NumCards).
func CardInfo(id int) Card { return deck[id] }

// cardSet is a set of card ids as a bitset.
type cardSet [2]uint64

func (s *cardSet) add(id int)     { s[id>>6] |= 1 << (id & 63) }
func (s *cardSet) remove(id int)  { s[id>>6] &^= 1 << (id & 63) }
func (s cardSet) has(id int) bool { return id >= 0 && id < NumCards && s[id>>6]&(1<<(id&63)) != 0 }
func (s cardSet) count() int      { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// ids appends the ids of s in increasing order to dst.
func (s cardSet) ids(dst []int) []int {
	for w := range s {
		for x := s[w]; x != 0; x &= x - 1 {
			dst = append(dst, w*64+bits.TrailingZeros64(x))
		}
	}
	return dst
}

// PairTable maps a number of card pairs (TOP + BOTTOM) to points; 6 or
// more pairs score 20. It is not cumulative.
var PairTable = [7]int{0, 1, 3, 5, 10, 15, 20}

// PairPoints returns the card points of top TOP-half and bottom
// BOTTOM-half played cards: pairs = min(top, bottom), scored by PairTable.
func PairPoints(top, bottom int) int {
	p := min(top, bottom)
	if p >= len(PairTable) {
		p = len(PairTable) - 1
	}
	return PairTable[max(p, 0)]
}
