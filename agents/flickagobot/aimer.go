package flickagobot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickago"
)

// AimerVersion is the aimer's version. Bump it whenever its play changes, so that a
// tournament with the new bot does not resume one with the old.
//
// Version 4 searches as version 3 does, but tries fewer flicks after a return (from a start
// point of the returned disc's kind only, returning the first disc of each kind that can be,
// and a disc of a kind the reserve still holds only when an inspector threatens the return
// zone) and lays its landing spots every 12 cm instead of 8: about 240 flicks to rate a
// decision against random play instead of 670, for a training pool against a random agent at
// about 1.1 CPU-ms per agent step instead of 1.9 (issue 19). It is at least as strong as
// versions 2 and 3 (docs/decisions/flickagobot-aimer-search.md). Version 3
// knocked pieces straight only (along the line from the flicked disc to the piece, no ±0.5
// rad cut) pushing them 8 or 30 cm (not 6, 15 or 35): 2 knocks per piece and start instead of
// 9, about half version 2's CPU per decision. Version 2 searched coarser than version 1 (the
// planners' search, fineSearch): spots every 8 cm instead of 4, knocks in 3 directions instead
// of 5, the best 12 flicks rated over 3 × 3 execution errors instead of 24 over 5 × 5 (45
// wins, 7 draws and 68 losses in 120 games against version 1: "Training opponents").
const AimerVersion = "4"

// aimerKeep is how many flicks the aimer evaluates over the noise points.
const aimerKeep = 24

// aimerSearch is the aimer's search (version 4): version 3's, landing spots every 12 cm,
// fewer flicks after a return (fewReturns).
var aimerSearch = search{keep: 12, spotStep: 12, noiseAngles: 3, noisePowers: 3,
	pushAngles: []float64{0}, pushDistances: []float64{8, 30}, fewReturns: true}

// aimerSearchV3 is the aimer's search at version 3 (spots every 8 cm, every flick after every
// return), kept so that tests can play the versions against each other.
var aimerSearchV3 = search{keep: 12, spotStep: 8, noiseAngles: 3, noisePowers: 3,
	pushAngles: []float64{0}, pushDistances: []float64{8, 30}}

// aimerSearchV2 is the aimer's search at version 2 (knocks in 3 directions, pushing 6, 15 or
// 35 cm), kept so that tests can play the versions against each other.
var aimerSearchV2 = search{keep: 12, spotStep: 8, noiseAngles: 3, noisePowers: 3,
	pushAngles: []float64{-0.5, 0, 0.5}, pushDistances: []float64{6, 15, 35}}

// Aimer is the geometric bot: it predicts flicks by geometry alone (see the package doc) and
// plays the one of best expected evaluation over a fixed set of execution errors. It draws no
// random numbers and keeps no state, so one Aimer serves any number of games at once.
type Aimer struct {
	sr search // the search; the zero value means aimerSearch (tests compare others)
}

// NewAimer returns the aimer.
func NewAimer() *Aimer { return &Aimer{} }

// Choose implements [Bot].
func (a *Aimer) Choose(g *flickago.Game, _ *rand.Rand) flickago.Action {
	switch g.Phase() {
	case flickago.PhasePlace:
		return place(g)
	case flickago.PhaseFlick:
		sr := a.sr
		if sr.keep == 0 {
			sr = aimerSearch
		}
		if an := analyse(g, sr); len(an.ranked) > 0 {
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
