package fliprando

import (
	"errors"
	"testing"
)

// TestValidateCatches: each corruption of a legal state breaks an
// invariant that Validate reports, wrapping ErrInvariant.
func TestValidateCatches(t *testing.T) {
	cases := map[string]func(g *Game){
		"card lost":  func(g *Game) { g.pileN-- },
		"card twice": func(g *Game) { g.discard.add(int(g.pile[0])) },
		"stale discard": func(g *Game) {
			for ; g.pileN > 0; g.pileN-- {
				g.discard.add(int(g.pile[g.pileN-1]))
			}
		},
		"negative score":     func(g *Game) { g.players[1].score = -1 },
		"track over 20":      func(g *Game) { g.players[0].obst[Rock] = 21 },
		"multiplier 0":       func(g *Game) { g.players[0].mult[Dec] = 0 },
		"SWAP at 3":          func(g *Game) { g.players[0].mult[Swap] = 3 },
		"tile removed early": func(g *Game) { g.players[0].tiles[Move] = Removed },
		"hikers together":    func(g *Game) { g.hiker[Red] = g.hiker[Blue] },
		"hiker on a token":   func(g *Game) { g.hiker[Red] = int16(SlotVertex(3)) },
		"markers repeated":   func(g *Game) { g.markers[0] = g.markers[1] },
		"token colours":      func(g *Game) { g.tokColour[0] = g.tokColour[1] },
		"absent seat":        func(g *Game) { g.players[4].score = 1 },
		"round 16":           func(g *Game) { g.round = 16 },
		"no legal action": func(g *Game) {
			g.dec = DecIncTarget
			g.players[0].mult = [NumTracks]int8{3, 2, 3, 3, 3}
		},
		"discard under the limit": func(g *Game) { g.dec = DecDiscard },
	}
	for name, corrupt := range cases {
		t.Run(name, func(t *testing.T) {
			g := ready(t, 3)
			corrupt(g)
			if err := g.Validate(); !errors.Is(err, ErrInvariant) {
				t.Errorf("Validate = %v, want ErrInvariant", err)
			}
		})
	}
}
