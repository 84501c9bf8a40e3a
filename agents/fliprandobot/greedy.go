package fliprandobot

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/fliprando"
)

// GreedyVersion is the greedy bot's version. Bump it whenever its play changes.
const GreedyVersion = "1"

// maxCompletion bounds the decisions of a turn's completion (a MOVE at multiplier 3 takes 9
// legs; a DRAW then discards).
const maxCompletion = 40

// Greedy plays the best immediate gain by [Lead]: for each legal action it applies the
// action to a determinised copy of the game (Game.Determinize: the fronts it cannot see and
// the pile's order guessed from rng), then plays out its own decisions that follow at once
// (the legs of a MOVE, the targets of an action, the discards of a DRAW) one step ahead
// each, and keeps the action whose outcome leads by most. Ties go to the lowest action index
// (pass where it is legal), so it passes Phase 1 unless the exchange gains at once. It keeps
// no state: one Greedy serves any number of games at once.
type Greedy struct{}

// Choose implements [Bot].
func (Greedy) Choose(g *fliprando.Game, rng *rand.Rand) fliprando.Action {
	var buf [fliprando.NumActions]fliprando.Action
	l := legal(g, &buf)
	if len(l) <= 1 {
		if len(l) == 0 {
			return fliprando.Pass
		}
		return l[0]
	}
	me := g.Current()
	d := g.Clone()
	d.Determinize(me, rng)
	return greedyChoice(d, l, me)
}

// greedyChoice returns the greedy choice of seat me among the legal actions l of g, reading
// all of g (a determinised game).
func greedyChoice(d *fliprando.Game, l []fliprando.Action, me int) fliprando.Action {
	best, bestV := l[0], math.Inf(-1)
	for _, a := range l {
		c := *d
		if c.Apply(a) != nil {
			continue
		}
		completeTurn(&c, me)
		if v := Lead(&c, me); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}

// completeTurn plays seat me's decisions that follow at once in g, each the best by [Lead]
// one step ahead, until another seat decides or the game ends.
func completeTurn(g *fliprando.Game, me int) {
	for range maxCompletion {
		if g.Over() || g.Current() != me {
			return
		}
		if g.Apply(oneStep(g, me)) != nil {
			return
		}
	}
}

// oneStep returns the legal action after which seat me leads by most (the lowest index on
// ties).
func oneStep(g *fliprando.Game, me int) fliprando.Action {
	var buf [fliprando.NumActions]fliprando.Action
	l := legal(g, &buf)
	best, bestV := l[0], math.Inf(-1)
	if len(l) == 1 {
		return best
	}
	for _, a := range l {
		c := *g
		if c.Apply(a) != nil {
			continue
		}
		if v := Lead(&c, me); v > bestV+1e-9 {
			best, bestV = a, v
		}
	}
	return best
}
