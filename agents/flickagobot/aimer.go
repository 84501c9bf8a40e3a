package flickagobot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickago"
)

// AimerVersion is the aimer's version. Bump it whenever its play changes, so that a
// tournament with the new bot does not resume one with the old.
//
// Version 4 searches with aimerSearch: landing spots every 12 cm, each piece knocked straight
// (along the line from the flicked disc to it) 8 or 30 cm, the best 12 flicks rated over
// 3 × 3 execution errors, and few flicks after a return (from a start point of the returned
// disc's kind only, returning the first disc of each kind that can be, and a disc of a kind
// the reserve still holds only when an inspector threatens the return zone). The
// measurements that chose it are in docs/decisions/flickagobot-aimer-search.md.
const AimerVersion = "4"

// aimerSearch is the aimer's search (see AimerVersion).
var aimerSearch = search{keep: 12, spotStep: 12, noiseAngles: 3, noisePowers: 3,
	pushAngles: []float64{0}, pushDistances: []float64{8, 30}, fewReturns: true}

// Aimer is the geometric bot: it predicts flicks by geometry alone (see the package doc) and
// plays the one of best expected evaluation over a fixed set of execution errors. It draws no
// random numbers and keeps no state, so one Aimer serves any number of games at once.
type Aimer struct{}

// NewAimer returns the aimer.
func NewAimer() *Aimer { return &Aimer{} }

// Choose implements [Bot].
func (a *Aimer) Choose(g *flickago.Game, _ *rand.Rand) flickago.Action {
	switch g.Phase() {
	case flickago.PhasePlace:
		return place(g)
	case flickago.PhaseFlick:
		if an := analyse(g, aimerSearch); len(an.ranked) > 0 {
			return an.ranked[0].act
		}
	}
	return firstLegal(g)
}

// firstLegal returns g's first legal action (a zero flick), or the zero Action when there is
// none (the game is over, or a position loaded with SetState leaves the player no flick).
func firstLegal(g *flickago.Game) flickago.Action {
	if acts := g.Legal(nil); len(acts) > 0 {
		return acts[0]
	}
	return flickago.Action{}
}

// place chooses the star for the waiting inspector: the one whose position evaluates best for
// the player placing it (the first on ties).
func place(g *flickago.Game) flickago.Action {
	me := g.Current()
	best, bestV := firstLegal(g), math.Inf(-1)
	c := g.Clone()
	st := g.State()
	for _, a := range g.Legal(nil) {
		if c.SetState(st) != nil {
			break
		}
		if err := c.Apply(a, nil); err != nil {
			continue
		}
		if v := Evaluate(c, me); v > bestV {
			best, bestV = a, v
		}
	}
	return best
}
