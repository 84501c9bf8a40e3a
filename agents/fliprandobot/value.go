package fliprandobot

import (
	"math"

	"github.com/flickarena/flickarena/env/fliprando"
)

// The valuation's weights, in points (see [Value]).
var (
	// MultWorth is what one level of a multiplier above 1 is worth over a whole game, per
	// track (MOVE, SWAP, DEC, INC, DRAW): an extra MOVE activation is three more legs, worth
	// a few points each time the tile is played.
	MultWorth = [fliprando.NumTracks]float64{6, 1, 1, 1, 2}
	// TileWorth is what an active tile is worth, per tile (MOVE..JOKER): the choice of
	// action on the next turn; a blocked tile is worth half of it, a removed one nothing.
	TileWorth = [fliprando.NumTiles]float64{2, 0.5, 0.5, 0.5, 0.5, 1.5}
	// ActionCardWorth is what an action card in hand is worth, per action (MOVE..JOKER).
	ActionCardWorth = [fliprando.NumTiles]float64{3, 1, 1, 1, 1, 2}
)

const (
	// HandDiscount is the share of a card's worth counted while it is in hand: it still has
	// to be played, and Wind may take it.
	HandDiscount = 0.7
	// UnseenCardWorth is what a card is worth whose front the viewer cannot see (another
	// seat's hand), in points: about the mean of the fronts.
	UnseenCardWorth = 2.0
)

// Value returns seat p's worth, in points, as seat viewer sees it:
//
//   - the total the game would score now (score track, each obstacle track's counter times
//     its marker's value 0, 1 or 2, card-pair points);
//   - plus, for each multiplier, its levels above 1 times MultWorth, times the share of the
//     game still to play;
//   - plus TileWorth for each active tile, half of it for a blocked one;
//   - plus HandDiscount times the cards in hand: for the viewer's own hand each card's
//     [CardWorth], for another seat's UnseenCardWorth each (fronts are hidden).
//
// Once the game is over it is the final total.
func Value(g *fliprando.Game, p, viewer int) float64 {
	v := float64(g.Total(p))
	if g.Over() {
		return v
	}
	left := timeLeft(g)
	for k := range fliprando.NumTracks {
		v += float64(g.Mult(p, k)-1) * MultWorth[k] * left
	}
	for t := range fliprando.NumTiles {
		switch g.Tile(p, t) {
		case fliprando.Active:
			v += TileWorth[t]
		case fliprando.Blocked:
			v += TileWorth[t] / 2
		}
	}
	if p != viewer {
		return v + HandDiscount*UnseenCardWorth*float64(g.HandSize(p))
	}
	var buf [fliprando.NumCards]int
	for _, id := range g.Hand(p, buf[:0]) {
		v += HandDiscount * CardWorth(g, p, id)
	}
	return v
}

// CardWorth returns what card id is worth to seat p once played, in points: a point card
// its points; an obstacle card its kind's marker value (0, 1 or 2); an action card
// ActionCardWorth; plus the card-pair points its half would add to p's played cards now.
func CardWorth(g *fliprando.Game, p, id int) float64 {
	c := fliprando.CardInfo(id)
	var w float64
	switch {
	case c.Effect < fliprando.NumTiles:
		w = ActionCardWorth[c.Effect]
	case c.Effect <= fliprando.EffRock:
		w = float64(g.MarkerValue(c.Effect - fliprando.EffTree))
	default:
		w = float64(c.Points())
	}
	top, bottom := g.Halves(p)
	now := fliprando.PairPoints(top, bottom)
	if c.Top {
		top++
	} else {
		bottom++
	}
	return w + float64(fliprando.PairPoints(top, bottom)-now)
}

// timeLeft returns the share of the game's rounds still to play, in (0, 1].
func timeLeft(g *fliprando.Game) float64 {
	n := g.Config().Rounds()
	r := max(g.Round(), 1)
	return float64(n-r+1) / float64(n)
}

// Lead returns seat p's lead as p sees it, in points: its [Value] less the best of the
// other seats' values.
func Lead(g *fliprando.Game, p int) float64 {
	best := math.Inf(-1)
	for q := range g.Players() {
		if q != p {
			best = max(best, Value(g, q, p))
		}
	}
	return Value(g, p, p) - best
}
