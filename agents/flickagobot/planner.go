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
// Version 4 ranks its candidates with plannerSearch, rates the best max(24, 6 ×
// Candidates) of them over the execution errors (plannerKeepPer), and simulates them on its
// own model of the table (tableSim: the same steps, friction and contact solver as the game's
// physics for equal discs, without Box2D). The measurements that chose it are in
// docs/decisions/flickagobot-planner-ranking-and-budgets.md and
// docs/decisions/flickagobot-planner-table-model.md.
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
		sr := plannerSearch
		sr.keep = max(sr.keep, plannerKeepPer*p.budget.Candidates)
		an := analyse(g, sr)
		if len(an.ranked) == 0 {
			break
		}
		return p.search(ctx, g, an, rng)
	}
	return firstLegal(g), nil
}

// search simulates the first Budget.Candidates of the aimer's ranked flicks on a clone of g
// (flicking on tableSim) reseeded from rng,
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
	c := g.CloneWith(newTableSim(g.Config().Physics))
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
