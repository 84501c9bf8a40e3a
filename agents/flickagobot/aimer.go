package flickagobot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickago"
)

// AimerVersion is the aimer's version. Bump it whenever its play changes, so that a
// tournament with the new bot does not resume one with the old.
const AimerVersion = "1"

// aimerKeep is how many flicks the aimer evaluates over the noise points.
const aimerKeep = 24

// aimerSearch is the aimer's search.
var aimerSearch = fineSearch

// Aimer is the geometric bot: it predicts flicks by geometry alone (see the package doc) and
// plays the one of best expected evaluation over a fixed set of execution errors. It draws no
// random numbers and keeps no state, so one Aimer serves any number of games at once.
type Aimer struct{}

// NewAimer returns the aimer.
func NewAimer() *Aimer { return &Aimer{} }

// Choose implements [Bot].
func (*Aimer) Choose(g *flickago.Game, _ *rand.Rand) flickago.Action {
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
