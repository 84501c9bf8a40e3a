package fliprando

import (
	"slices"
	"testing"
)

// TestMoveLegsVariant: under ruling A4's alternative, MOVE at multiplier 2
// is one activation of 2 legs, one card discarded; a JOKER MOVE is 1 leg.
func TestMoveLegsVariant(t *testing.T) {
	cfg := playersConfig(2)
	cfg.Seed, cfg.MoveLegs = 1, true
	g := readyCfg(t, cfg)
	g.players[0].mult[Move] = 2
	mustApply(t, g, TileAction(Move))
	anyLegs(t, g, 2)
	if g.Pending() != DecToggleOther || len(g.Discards(nil)) != 1 {
		t.Errorf("pending %v, %d discards; want the toggles after 2 legs and 1 card", g.Pending(), len(g.Discards(nil)))
	}
	g = readyCfg(t, cfg)
	mustApply(t, g, TileAction(Move))
	anyLegs(t, g, 1)
	mustApply(t, g, TileAction(Swap)) // seat 1 toggles
	id := takeCard(t, g, func(c Card) bool { return c.Effect == Joker })
	g.players[0].hand.add(id)
	mustApply(t, g, CardAction(id), JokerAction(Move))
	anyLegs(t, g, 1)
	if g.Pending() != DecP1First || g.Current() != 1 {
		t.Errorf("pending %v seat %d after a 1-leg JOKER move", g.Pending(), g.Current())
	}
}

// TestNegativeScores: ruling A14 stops scores at 0; its alternative lets
// them go below.
func TestNegativeScores(t *testing.T) {
	for _, neg := range []bool{false, true} {
		cfg := playersConfig(2)
		cfg.Seed, cfg.NegativeScores = 1, neg
		g := readyCfg(t, cfg)
		g.players[0].score = 1
		g.startEffect(Rain)
		mustApply(t, g, Pass)
		want := 0
		if neg {
			want = -2
		}
		if g.Track(0) != want {
			t.Errorf("negative %v: score %d, want %d", neg, g.Track(0), want)
		}
	}
}

// TestEmptyPiles: with both piles empty a MOVE unit and a draw are lost
// (A17).
func TestEmptyPiles(t *testing.T) {
	g := ready(t, 2)
	pileAndDiscard(g, 0, 0)
	g.players[0].mult[Move] = 2
	mustApply(t, g, TileAction(Move))
	if g.Pending() != DecToggleOther {
		t.Errorf("MOVE with no card: pending %v, want the toggles", g.Pending())
	}
	g = ready(t, 2)
	pileAndDiscard(g, 0, 0)
	g.players[0].mult[Draw] = 3
	mustApply(t, g, TileAction(Draw))
	if g.HandSize(0) != 3 || g.Pending() != DecToggleOther {
		t.Errorf("DRAW with no card: hand %d, pending %v", g.HandSize(0), g.Pending())
	}
	// A discard into an empty pile becomes the new pile at once.
	g = ready(t, 2)
	pileAndDiscard(g, 0, 0)
	id := takeCardFromPlayed(g)
	g.players[0].hand.add(id)
	g.setDec(DecDiscard, 0)
	mustApply(t, g, CardAction(id))
	if g.PileSize() != 1 || len(g.Discards(nil)) != 0 || g.TopColour() != deck[id].Back {
		t.Errorf("pile %d discard %d", g.PileSize(), len(g.Discards(nil)))
	}
}

// takeCardFromPlayed removes the lowest card from seat 1's played area.
func takeCardFromPlayed(g *Game) int {
	id := g.players[1].played.ids(nil)[0]
	g.players[1].played.remove(id)
	return id
}

// TestJokerCard: a JOKER card performs one unit of the chosen action and
// ends the turn without toggles; the JOKER may not choose JOKER.
func TestJokerCard(t *testing.T) {
	g := ready(t, 3)
	mustApply(t, g, TileAction(Swap), PairAction(0), TileAction(Move), TileAction(Move))
	id := takeCard(t, g, func(c Card) bool { return c.Effect == Joker })
	g.players[0].hand.add(id)
	g.players[0].mult[Inc] = 3
	tiles := [3][NumTiles]TileState{g.players[0].tiles, g.players[1].tiles, g.players[2].tiles}
	mustApply(t, g, CardAction(id))
	if got := legalSet(g); !slices.Equal(got, []Action{JokerAction(Move), JokerAction(Swap), JokerAction(Dec), JokerAction(Inc), JokerAction(Draw)}) {
		t.Errorf("JOKER choices %v", got)
	}
	mustApply(t, g, JokerAction(Inc), OwnTrackAction(Move))
	if g.Mult(0, Move) != 2 || g.Pending() != DecP1First || g.Current() != 1 {
		t.Errorf("MOVE %d, pending %v seat %d: want one INC unit and seat 1's turn", g.Mult(0, Move), g.Pending(), g.Current())
	}
	for p := range 3 {
		if g.players[p].tiles != tiles[p] {
			t.Errorf("seat %d tiles changed by a card", p)
		}
	}
}
