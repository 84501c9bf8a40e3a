package planner

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
)

// Version is the planner's version, the same at every budget. Bump it whenever its play
// changes, so that a tournament with the new bot does not resume one with the old.
const Version = "6"

// Budget is the planner's search budget for one decision.
type Budget struct {
	// Candidates is how many candidate flicks (shots, moves, throws) are simulated.
	Candidates int
	// Samples is how many times each candidate flick is simulated, each with its own noise.
	Samples int
	// Reply is how many decisions of the enemy's answer each sample plays, as the aimer
	// would, after the rest of the cowboy's turn and before the position is evaluated: its
	// selection, a reveal and the actions of the cowboy it plays (six covers a whole turn).
	// 0 evaluates the position the enemy faces.
	Reply int
}

// The named budgets: the strength ladder of the planner.
var (
	// Lite is a small search that does not look at the enemy's answer.
	Lite = Budget{Candidates: 4, Samples: 2}
	// Default is the default search, with the enemy's answer, sized to decide within 50 ms
	// on one core.
	Default = Budget{Candidates: 8, Samples: 3, Reply: 6}
	// Deep is a large search, three times the default's samples.
	Deep = Budget{Candidates: 12, Samples: 6, Reply: 6}
)

// Planner is the simulating bot. It keeps no state between decisions, so one Planner serves
// any number of games at once.
type Planner struct {
	budget Budget
	// ctx is the context of the decision in flight on a per-decision copy made by
	// ChooseContext; nil otherwise. Once it is done, simulations return at once.
	ctx context.Context
}

// New returns a planner searching with budget b (at least one candidate and one sample, no
// negative reply).
func New(b Budget) *Planner {
	b.Candidates = max(b.Candidates, 1)
	b.Samples = max(b.Samples, 1)
	b.Reply = max(b.Reply, 0)
	return &Planner{budget: b}
}

// Budget returns the planner's budget.
func (p *Planner) Budget() Budget { return p.budget }

// Choose implements flickemupbot.Bot.
func (p *Planner) Choose(g *flickemup.Game, rng *rand.Rand) flickemup.Action {
	return tactics.Legal(g, p.choose(g, rng))
}

// ChooseContext is Choose under ctx (enginebot.ContextChooser): the same action while ctx is
// not done, and ctx's error within one simulation once it is.
func (p *Planner) ChooseContext(ctx context.Context, g *flickemup.Game, rng *rand.Rand) (flickemup.Action, error) {
	q := *p
	q.ctx = ctx
	a := q.choose(g, rng)
	if err := ctx.Err(); err != nil {
		return flickemup.Action{}, err
	}
	return tactics.Legal(g, a), nil
}

// cut reports whether the decision in flight has been cut short (see ctx).
func (p *Planner) cut() bool { return p.ctx != nil && p.ctx.Err() != nil }

// choose picks the action.
func (p *Planner) choose(g *flickemup.Game, rng *rand.Rand) flickemup.Action {
	s := tactics.Read(g)
	switch g.Phase() {
	case flickemup.PhaseSelect:
		return p.selectCowboy(s, rng)
	case flickemup.PhaseReveal:
		return aimer.Reveal(s)
	case flickemup.PhaseAct, flickemup.PhaseSecondShot:
		return p.search(s, rng)
	}
	return flickemup.Action{Kind: flickemup.ActEndTurn}
}

// selectCowboy chooses the cowboy to play. The aimer's pick stands when it sends a cowboy on an
// errand or to throw dynamite (see errandAction); otherwise the turn of each living cowboy
// available is searched with a smaller budget, cowboys with an errand or a throw first (the
// value of their turn is that of the aimer's action), and the best is kept. Dead cowboys
// (whose turn is a pass) are played only when no living one is available, and a forced
// choice is not searched.
func (p *Planner) selectCowboy(s *tactics.Situation, rng *rand.Rand) flickemup.Action {
	t := s.G.CurrentTeam()
	legal := s.G.Legal(nil)
	var alive []flickemup.Action
	for _, a := range legal {
		if s.Alive(tactics.Dense(flickemup.CowboyID{Team: t, Number: a.Cowboy})) {
			alive = append(alive, a)
		}
	}
	switch {
	case len(alive) == 0:
		return legal[0]
	case len(alive) == 1:
		return alive[0]
	}
	// Each living cowboy's turn, read once: the aimer's pick of an errand stands at once.
	type turn struct {
		a      flickemup.Action
		d      *tactics.Situation
		aim    flickemup.Action // the aimer's action in that turn
		errand bool
	}
	hint := aimer.Select(s)
	turns := make([]turn, 0, len(alive))
	for _, a := range alive {
		g := s.G.Clone()
		if g.Apply(a) != nil {
			continue
		}
		d := s.Derive(g)
		aim, errand := errandAction(d)
		if errand && a == hint {
			return a
		}
		turns = append(turns, turn{a: a, d: d, aim: aim, errand: errand})
	}
	sub := &Planner{budget: Budget{Candidates: max(2, p.budget.Candidates/3), Samples: max(1, p.budget.Samples/2), Reply: p.budget.Reply}, ctx: p.ctx}
	best, bestErrand, bestValue := alive[0], false, math.Inf(-1)
	for _, tu := range turns {
		var v float64
		switch {
		case tu.errand:
			v = sub.valueOf(tu.d, tu.aim, sub.budget.Samples, rng)
		case bestErrand:
			continue
		default:
			_, v = sub.searchValue(tu.d, tu.aim, rng)
		}
		if (tu.errand && !bestErrand) || v > bestValue {
			best, bestErrand, bestValue = tu.a, tu.errand, v
		}
	}
	return best
}
