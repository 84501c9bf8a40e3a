package flickagobot

import (
	"math"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// The weights of the evaluation, in points of score.
const (
	// flickWorth is the worth of a reserve disc that can be played (a free start point of its
	// kind): about what a flick scores, net, in the bots' games.
	flickWorth = 1.5
	// faceUpWorth is the worth of a face-up family disc on the board, which may be flicked once
	// more from where it lies.
	faceUpWorth = 0.5
	// threatShare is the share of a return zone's stake lost when an inspector stands right
	// next to the zone and the other gang still has a flick; it falls to 0 at threatReach.
	threatShare = 0.7
	// threatReach is the gap, in cm, between an inspector and a return zone beyond which the
	// inspector is no threat.
	threatReach = 20.0
	// chanceShare weighs the threat to the other gang's return zone: that gang plays first and
	// may take its discs back.
	chanceShare = 0.25
	// exposureShare weighs the threat of the opponent's best knock on the player's pieces
	// (see exposure): the opponent plays next.
	exposureShare = 0.7
	// chanceExposure weighs the player's own best knock, which waits for the opponent's flick.
	chanceExposure = 0.2
	// winWorth is the worth of a won game.
	winWorth = 50.0
	// marginWorth weighs the score margin of a finished game, beside the win.
	marginWorth = 0.1
	// endWorth is added to a won game over: a lead that could still be won later is worth a
	// little less, so that a winning player ends the game when it can rather than play on
	// (returning a disc from its return zone again and again) until the turn cap makes it a
	// draw.
	endWorth = 2.0
	// swing is the spread, in points, of the change of the score margin over one flick to
	// come: a lead of x with n flicks to come is won with the chance Φ(x / (swing·√(n+1))).
	swing = 3.0
)

// Evaluate rates game g for player p, in points. A finished game, or one where neither gang
// has a flick left, is worth 52 if p won (-50 if p lost, 0 for a draw or a truncated game)
// plus a tenth of the score margin: 2 more for the win than any lead, so that a winning player
// ends the game rather than return a disc again and again until the turn cap draws it.
// Otherwise the evaluation reads the position as a lead x: the score margin (p's points less
// the opponent's, by the game's scoring) plus positional terms, and returns what that lead is
// worth when n flicks remain to both gangs, as a chance of winning, 50·(2Φ(x/(3·√(n+1))) - 1),
// plus a tenth of x: a point of lead is worth about 2.5 with 30 flicks to come, 3.4 with 15;
// near the end, a safe lead is worth the win and little more. The positional terms:
//
//   - the flicks each gang has left: 1.5 per reserve disc that a free start point lets it
//     play, 0.5 per face-up family disc on the board;
//   - the threat of the inspectors to the discs scoring 5 in a return zone: up to 70% of their
//     worth when an inspector stands next to the zone and the other gang can still flick,
//     falling to nothing 20 cm away (a quarter of that for the opponent's discs, since the
//     opponent plays next and may take them back);
//   - the line of fire: less 0.7 times the opponent's best knock on p's scoring pieces (the
//     worth of a piece in sight of one of its shooters, times the chance of hitting it), plus
//     0.2 times p's own best knock.
func Evaluate(g *flickago.Game, p int) float64 {
	if g.Over() {
		if g.Truncated() {
			return 0
		}
		s := g.Points()
		return worth(float64(s[p]-s[1-p]), true, 0)
	}
	st := g.State()
	t := tableOf(&st)
	b, r := g.Board(), g.Radius()
	x, over, n := lead(b, r, &t, p)
	if !over {
		x += exposureTerm(b, r, &t, p, g.Config().Physics.Noise, lazyScene{})
	}
	return worth(x, over, n)
}

// worth returns what a lead of x points is worth with n flicks to come (see [Evaluate]), or at
// the end of the game when over.
func worth(x float64, over bool, n int) float64 {
	if over {
		v := winWorth*sign(x) + marginWorth*x
		if x > 0 {
			v += endWorth
		}
		return v
	}
	return winWorth*math.Erf(x/(swing*math.Sqrt(2*float64(n+1)))) + marginWorth*x
}

// exposureTerm returns the part of the lead of settled table t for player p that the line of
// fire makes: less the opponent's best knock, plus a little of p's own. sc makes the scene of
// t's pieces (the zero lazyScene: anew).
func exposureTerm(b *flickago.Board, r float64, t *table, p int, n physics.Noise, sc lazyScene) float64 {
	return chanceExposure*exposure(b, r, t, 1-p, n, &sc) - exposureShare*exposure(b, r, t, p, n, &sc)
}

// sign returns -1, 0 or 1.
func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// lead settles table t and returns player p's lead in it, in points (the score margin and the
// positional terms of [Evaluate] but the line of fire), whether neither gang has a flick left
// (the lead is then the final margin), and how many flicks remain to both gangs.
func lead(b *flickago.Board, r float64, t *table, p int) (x float64, over bool, n int) {
	s := settleScores(b, r, t)
	x = float64(s[p] - s[1-p])
	var flicks [flickago.NumPlayers]float64
	for q := range flickago.NumPlayers {
		flicks[q] = flicksLeft(b, r, t, q)
	}
	if !canFlickWith(b, r, t, p, flicks[p]) && !canFlickWith(b, r, t, 1-p, flicks[1-p]) {
		return x, true, 0
	}
	for q := range flickago.NumPlayers {
		n += t.reserve[q][0] + t.reserve[q][1]
		for d := flickago.NumKillers; d < flickago.NumDiscs; d++ {
			if i := discPiece(q, d); t.on[i] && t.faceUp[i] {
				n++
			}
		}
	}
	x += flicks[p] - flicks[1-p]
	if flicks[1-p] > 0 {
		x -= zoneThreat(b, r, t, p)
	}
	if flicks[p] > 0 {
		x += chanceShare * zoneThreat(b, r, t, 1-p)
	}
	return x, false, n
}

// evaluate settles table t and returns its worth for player p, without the line of fire.
func evaluate(b *flickago.Board, r float64, t *table, p int) float64 {
	return worth(lead(b, r, t, p))
}

// flicksLeft returns the worth of player p's flicks to come: its playable reserve discs and
// its face-up family discs on the board.
func flicksLeft(b *flickago.Board, r float64, t *table, p int) float64 {
	var free [2]bool
	for k, pt := range b.Points[p] {
		if !free[pt.Kind] && !t.covered(b, r, p, k) {
			free[pt.Kind] = true
		}
	}
	w := 0.0
	for k := range free {
		if free[k] {
			w += flickWorth * float64(t.reserve[p][k])
		}
	}
	for d := flickago.NumKillers; d < flickago.NumDiscs; d++ {
		if i := discPiece(p, d); t.on[i] && t.faceUp[i] {
			w += faceUpWorth
		}
	}
	return w
}

// canFlickWith reports whether player p has a flick in t, given flicksLeft(b, r, t, p) as
// left: a face-up family disc on the board, a reserve disc with a free start point of its kind,
// or a disc to send back to the reserve from its return zone (which no inspector touches) and
// flick again.
func canFlickWith(b *flickago.Board, r float64, t *table, p int, left float64) bool {
	if left > 0 {
		return true
	}
	// Whether a piece touches the zone, from its facts (Board.Return[p].Touches, cached).
	in := uint8(1) << p
	for k := range flickago.NumInspectors {
		if i := inspectorPiece(k); t.on[i] && t.fact(b, r, i).zones&in != 0 {
			return false
		}
	}
	for d := range flickago.NumDiscs {
		if i := discPiece(p, d); t.on[i] && t.fact(b, r, i).zones&in != 0 {
			return true
		}
	}
	return false
}

// covered reports whether a piece in play overlaps a disc of radius r at (x, y).
func covered(r float64, t *table, x, y float64) bool {
	for i := range numPieces {
		if dx, dy := t.pos[i].X-x, t.pos[i].Y-y; t.on[i] && dx*dx+dy*dy < 4*r*r-1e-9 {
			return true
		}
	}
	return false
}

// zoneThreat returns what player z's discs in z's return zone stand to lose to the nearest
// inspector, in points: their worth (5 each) times a share that falls from threatShare, for an
// inspector next to the zone, to 0 at threatReach cm.
func zoneThreat(b *flickago.Board, r float64, t *table, z int) float64 {
	zone := b.Return[z]
	n := 0
	for d := range flickago.NumDiscs {
		// Whether the disc touches the zone, from its facts (zone.Touches, cached).
		if i := discPiece(z, d); t.on[i] && t.fact(b, r, i).zones&(1<<z) != 0 {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	gap := math.Inf(1)
	for k := range flickago.NumInspectors {
		if i := inspectorPiece(k); t.on[i] {
			gap = math.Min(gap, t.pos[i].Sub(zone.Centre).Len()-zone.Radius-r)
		}
	}
	share := threatShare * math.Max(0, 1-math.Max(gap, 0)/threatReach)
	return share * flickago.ReturnValue * float64(n)
}
