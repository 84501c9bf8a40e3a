package flickagobot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/flickarena/flickarena/env/flickago"
)

// PlannerVersion is the planner's version, the same at every budget. Bump it whenever its
// play changes, so that a tournament with the new bot does not resume one with the old.
//
// Version 4 simulates its candidates on its own model of the table (tableSim: the same
// steps, friction and contact solver as the game's physics for equal discs, without Box2D)
// instead of a copy of the game's physics; the ranking and the budgets are version 3's. In a
// 64-env training pool against a random agent that is about a third of version 3's CPU per
// agent step for the planner and 0.57 times for planner-lite, as strong head to head
// (docs/decisions/flickagobot-planner-table-model.md).
//
// Version 3 ranked its candidates with version 2's knocks and execution errors but the
// aimer's version 4 grid (spots every 12 cm instead of 8) and its fewer flicks after a return
// (search.fewReturns: from a start point of the returned disc's kind only, the first disc of
// each kind, a kind the reserve still holds only when an inspector threatens the zone); the
// budgets and the simulations are version 2's. In a 64-env training pool against a random
// agent, which leaves many discs to return, that is about 30% less CPU per agent step for
// planner-lite and 20-25% less for the planner, as strong as version 2 head to head
// (docs/decisions/flickagobot-planner-ranking-and-budgets.md). Ranking with the aimer's version 4
// search itself (knocks straight only) cost the planner strength, as did fewer simulations.
//
// Version 2 ranked its candidates with the aimer's version 2 search (spots every 8 cm, knocks
// in 3 directions, 3 × 3 execution errors) instead of version 1's finer one, rated more flicks
// over the execution errors (the best max(24, 6 × Candidates) instead of max(24, 2 ×
// Candidates)) and simulated fewer: Lite 3 × 2 instead of 8 × 2, Default 10 × 3 instead of 20
// × 4. Breadth in the cheap noisy rating bought back what fewer simulations lost: against
// version 1 at its own budgets, about half the CPU per decision, planner-lite stronger and
// the planner as strong (docs/decisions/flickagobot-planner-ranking-and-budgets.md).
const PlannerVersion = "4"

// Budget is the planner's search budget for one decision: Candidates × Samples simulated
// flicks.
type Budget struct {
	// Candidates is how many of the aimer's ranked flicks enter the search.
	Candidates int
	// Samples is the mean number of simulations of a candidate, each with its own execution
	// noise; the search spends more of them on the candidates that stay in (see Planner).
	Samples int
}

// String returns the budget as "<candidates>x<samples>".
func (b Budget) String() string { return fmt.Sprintf("%dx%d", b.Candidates, b.Samples) }

// The named budgets: the strength ladder of the planner, named as the Flick 'em Up! ones.
var (
	// Lite is a small search.
	Lite = Budget{Candidates: 3, Samples: 2}
	// Default is the default search, sized to decide within 50 ms on one core.
	Default = Budget{Candidates: 10, Samples: 3}
	// Deep is a large search, 16 times the default's flicks.
	Deep = Budget{Candidates: 48, Samples: 10}
)

// Planner is the simulating bot. It keeps no state between decisions, so one Planner serves
// any number of games at once.
type Planner struct {
	budget Budget
	// sr is the geometric search that ranks the candidates, and keepPer how many flicks per
	// candidate it rates over the execution errors (at least sr.keep); the zero values mean
	// plannerSearch and plannerKeepPer (tests set versions 1's and 2's to compare the
	// versions).
	sr      search
	keepPer int
	// exact simulates on the game's own physics (a plain Clone), as versions 1 to 3 did,
	// instead of the planner's model of the table (tableSim).
	exact bool
}

// plannerKeepPer is how many flicks per candidate the planner rates over the execution errors.
const plannerKeepPer = 6

// NewPlanner returns a planner searching with budget b (at least one candidate and one sample).
func NewPlanner(b Budget) *Planner {
	b.Candidates = max(b.Candidates, 1)
	b.Samples = max(b.Samples, 1)
	return &Planner{budget: b}
}

// Budget returns the planner's budget.
func (p *Planner) Budget() Budget { return p.budget }

// Choose implements [Bot]: the best of the aimer's ranked flicks, simulated.
func (p *Planner) Choose(g *flickago.Game, rng *rand.Rand) flickago.Action {
	a, _ := p.ChooseContext(context.Background(), g, rng) // never fails: Background never ends
	return a
}

// ChooseContext is Choose under ctx (enginebot.ContextChooser): the same action while ctx is
// not done, and ctx's error within one simulated flick once it is.
func (p *Planner) ChooseContext(ctx context.Context, g *flickago.Game, rng *rand.Rand) (flickago.Action, error) {
	switch g.Phase() {
	case flickago.PhasePlace:
		return place(g), nil
	case flickago.PhaseFlick:
		sr, per := p.sr, p.keepPer
		if sr.keep == 0 {
			sr, per = plannerSearch, plannerKeepPer
		}
		sr.keep = max(sr.keep, per*p.budget.Candidates)
		an := analyse(g, sr)
		if len(an.ranked) == 0 {
			break
		}
		return p.search(ctx, g, an, rng)
	}
	return firstLegal(g), nil
}

// search simulates the first Budget.Candidates of the aimer's ranked flicks on a clone of g
// (flicking on tableSim, or on the game's physics if p.exact) reseeded from rng,
// Budget.Samples times each on average, by sequential halving: each round spends an equal
// share of the Candidates × Samples flicks on the candidates still in, then keeps the better
// half, until two remain. Sample k of every candidate uses the same seed
// (common random numbers). It returns the flick of best mean evaluation (the aimer's order on
// ties), or ctx's error, within one simulated flick, once ctx is done.
func (p *Planner) search(ctx context.Context, g *flickago.Game, an *analysis, rng *rand.Rand) (flickago.Action, error) {
	n := min(p.budget.Candidates, len(an.ranked))
	total := p.budget.Candidates * p.budget.Samples
	rounds := 1
	for m := n; m > 2; m = (m + 1) / 2 {
		rounds++
	}
	me := g.Current()
	st := g.State()
	var c *flickago.Game
	if p.exact {
		c = g.Clone()
	} else {
		c = g.CloneWith(newTableSim(g.Config().Physics))
	}
	var seeds [][2]uint64
	sum, count := make([]float64, n), make([]int, n)
	mean := func(i int) float64 {
		if count[i] == 0 {
			return math.Inf(-1)
		}
		return sum[i] / float64(count[i])
	}
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	done := 0 // samples of each candidate still in
	for round := range rounds {
		k := max(1, total/rounds/len(alive))
		for len(seeds) < done+k {
			seeds = append(seeds, [2]uint64{rng.Uint64(), rng.Uint64()})
		}
		for _, i := range alive {
			for _, s := range seeds[done : done+k] {
				if err := ctx.Err(); err != nil {
					return an.ranked[0].act, err
				}
				if c.SetState(st) != nil {
					return an.ranked[0].act, nil
				}
				c.SetRand(rand.New(rand.NewPCG(s[0], s[1])))
				if err := c.Apply(an.ranked[i].act, nil); err != nil {
					continue
				}
				sum[i] += Evaluate(c, me)
				count[i]++
			}
		}
		done += k
		slices.SortStableFunc(alive, func(x, y int) int { return cmp.Compare(mean(y), mean(x)) })
		if round < rounds-1 {
			alive = alive[:(len(alive)+1)/2]
		}
	}
	return an.ranked[alive[0]].act, nil
}
