package flickemup

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/physics"
)

// MaxJitter is the largest [Variation].Jitter, in cm.
const MaxJitter = 20

// varyDraws is how many spots a varied opening draws for a cowboy before it leaves the cowboy
// on its scenario spot.
const varyDraws = 16

// varyStream is the PCG stream constant of a varied opening's draws ("flickvar"): a stream of
// its own, so that the flick noise and the face-down draws of a seed are those of the
// scenario's opening.
const varyStream = 0x666c69636b766172

// Variation varies a game's opening by the game's seed ([Options].Seed, [Game.ResetSeed]). The
// zero Variation plays the scenario's opening exactly and draws nothing.
//
// Each cowboy standing on the table (not one inside a building) starts at a spot drawn
// uniformly in the disc of radius Jitter about its scenario spot: a spot whose base is not
// wholly on the table, overlaps a piece (a building's floor and blocks, the gallows, a prop,
// a neutral figure, another cowboy) or covers a token lying on the ground is drawn again, up
// to 16 draws, after which the cowboy stays on its scenario spot (which is always legal).
// Cowboys are placed in order, the lawmen 1 to 5 then the outlaws 1 to 5, each checked against
// the ones already placed and the others' scenario spots. Its facing is turned by an angle
// drawn uniformly in [−Turn, Turn]. With Initiative, the cowboy holding the initiative token
// at the start is drawn among the legal openers: a fair coin picks the team, then a cowboy of
// that team whose hat shows the start hour's colour, uniformly (if the team has none, the other
// team's). The draws come from a stream of their own, so the flick noise and the face-down
// draws of a seed are the same with or without a variation.
type Variation struct {
	// Jitter is the largest distance, in cm, from a cowboy's scenario spot to its start, in
	// [0, MaxJitter].
	Jitter float64
	// Turn is the largest angle, in radians, by which a cowboy's starting facing is turned
	// either way, in [0, π].
	Turn float64
	// Initiative draws the first initiative among the legal openers.
	Initiative bool
}

// IsZero reports whether v varies nothing.
func (v Variation) IsZero() bool { return v == Variation{} }

// Validate checks v's bounds.
func (v Variation) Validate() error {
	switch {
	case !(v.Jitter >= 0 && v.Jitter <= MaxJitter):
		return fmt.Errorf("flickemup: variation jitter %g cm: want 0 to %d", v.Jitter, MaxJitter)
	case !(v.Turn >= 0 && v.Turn <= math.Pi):
		return fmt.Errorf("flickemup: variation turn %g rad: want 0 to π", v.Turn)
	}
	return nil
}

// vary applies the game's variation to the opening just set up by Reset, drawing from the
// stream of seed.
func (g *Game) vary(seed uint64) {
	v := g.opts.Vary
	rng := rand.New(rand.NewPCG(seed, varyStream))
	for c := range g.cowboys {
		if !g.cowboys[c].present || g.cowboys[c].inside >= 0 {
			continue
		}
		p := g.piece(c)
		if v.Jitter > 0 {
			for range varyDraws {
				r, a := v.Jitter*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
				at := p.Pos.Add(physics.Vec{X: r * math.Cos(a), Y: r * math.Sin(a)})
				if g.startSpotFree(g.lay.cowboyPiece[c], at) {
					p.Pos = at
					break
				}
			}
		}
		if v.Turn > 0 {
			p.Angle = normAngle(p.Angle + v.Turn*(2*rng.Float64()-1))
		}
	}
	if v.Initiative {
		g.initiative = g.drawOpener(rng)
	}
}

// startSpotFree reports whether the piece at index self, put at spot, lies wholly on the
// table and overlaps no other piece, no building's floor and no token on the ground.
func (g *Game) startSpotFree(self int, spot physics.Vec) bool {
	pc := g.st.Pieces[self]
	pc.Pos = spot
	s := Pieces.Outline(pc)
	if !s.OnTable(g.st.Table) {
		return false
	}
	for i, p := range g.st.Pieces {
		if i != self && !p.Off && s.Intersects(Pieces.Outline(p)) {
			return false
		}
	}
	for b := range g.lay.doors {
		if s.Intersects(g.footprint(b)) {
			return false
		}
	}
	for i := range g.tokens {
		if t := &g.tokens[i]; t.place == PlaceGround && s.Contains(t.pos) {
			return false
		}
	}
	return true
}

// drawOpener draws the cowboy holding the initiative at the start: a team by a fair coin,
// then one of its cowboys able to open the first round, uniformly; the other team's if the
// drawn team has none. The scenario's own initiative cowboy is one, so there always is one.
func (g *Game) drawOpener(rng *rand.Rand) int {
	t := Team(rng.IntN(2))
	for range 2 {
		var open []int
		for n := range MaxCowboys {
			c := int(t)*MaxCowboys + n
			if g.cowboys[c].alive && g.available(c) {
				open = append(open, c)
			}
		}
		if len(open) > 0 {
			return open[rng.IntN(len(open))]
		}
		t = t.Other()
	}
	return g.initiative
}
