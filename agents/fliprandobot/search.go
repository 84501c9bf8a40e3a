package fliprandobot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/flickarena/flickarena/env/fliprando"
)

// SearchVersion is the search bot's version, the same at every budget. Bump it whenever its
// play changes, so that a tournament with the new bot does not resume one with the old.
const SearchVersion = "1"

// Rollout names the policy that plays a search's playouts.
type Rollout uint8

// Rollout policies.
const (
	// RolloutRandom plays uniformly random legal actions.
	RolloutRandom Rollout = iota
	// RolloutGreedy plays the legs of a MOVE and the card of Phase 3 by [Lead] one step
	// ahead, and the other decisions at random.
	RolloutGreedy
	// RolloutGreedyAll plays every decision by [Lead] one step ahead.
	RolloutGreedyAll
	// RolloutGreedyBot plays every decision as the [Greedy] bot does on the determinised
	// game (each action followed by its seat's own follow-up decisions).
	RolloutGreedyBot
)

// Budget is the search's budget for one decision.
type Budget struct {
	// Iterations is the number of determinise-select-expand-playout-backup passes.
	Iterations int
	// Horizon is the number of turn changes after which a playout stops and the position
	// is evaluated: the rest of the current turn, then Horizon−1 whole turns of any seats
	// (with the end-of-round decisions between them); 0 plays to the end of the game.
	// With HorizonPerSeat the game's player count is added to it.
	Horizon int
	// HorizonPerSeat adds the game's player count to Horizon, so that a horizon of 1 lets
	// every playout see the deciding seat's own next turn at any player count.
	HorizonPerSeat bool
	// Rollout is the playout policy.
	Rollout Rollout
	// OwnTree keeps tree nodes for the deciding seat's decisions only: the other seats'
	// decisions inside the tree are played by the rollout policy.
	OwnTree bool
	// Flat replaces the tree by sequential halving over the root's actions with common
	// determinisations: each round plays every action still in on the same determinised
	// games, then keeps the better half.
	Flat bool
}

// String returns the budget as "<iterations>i" plus "h<horizon>" when the playouts are cut
// ("hN+<horizon>" with HorizonPerSeat), and a letter for the rollout policy (g, G, B) and
// for OwnTree (o) and Flat (f).
func (b Budget) String() string {
	s := fmt.Sprintf("%di", b.Iterations)
	switch {
	case b.HorizonPerSeat:
		s += fmt.Sprintf("hN+%d", b.Horizon)
	case b.Horizon > 0:
		s += fmt.Sprintf("h%d", b.Horizon)
	}
	switch b.Rollout {
	case RolloutGreedy:
		s += "g"
	case RolloutGreedyAll:
		s += "G"
	case RolloutGreedyBot:
		s += "B"
	}
	if b.OwnTree {
		s += "o"
	}
	if b.Flat {
		s += "f"
	}
	return s
}

// The named budgets.
var (
	// Default is the default search, sized to decide within 50 ms on one core: 64 playouts
	// of players+1 turns, so that each sees the deciding seat's own next turn.
	Default = Budget{Iterations: 64, Horizon: 1, HorizonPerSeat: true, Rollout: RolloutGreedyBot, Flat: true}
	// Deep is a larger search: four times the playouts, each a turn longer.
	Deep = Budget{Iterations: 256, Horizon: 5, Rollout: RolloutGreedyBot, Flat: true}
)

// Exploration is the UCB1 constant of the tree policy, for rewards in [−1, 1].
const Exploration = 1.0

// Search is a determinised Monte Carlo search over the hidden cards. Every playout starts
// from a copy of the game determinised for the deciding seat (Game.Determinize: the hidden
// fronts, the pile's order and future shuffles resampled consistently with what the seat
// sees) and is scored by the env's rank reward (1 − 2r/(N−1), ties shared) at the end, or
// by a soft rank of the seats' [Value]s when cut at the horizon. With Budget.Flat (the
// named budgets) the root's actions are compared by sequential halving on common
// determinisations (see the package doc). Otherwise it is a single-observer
// information-set MCTS: one tree shared by all determinisations, UCB1 among the actions
// legal in each with availability counts, each seat maximising its own reward, one node
// expanded per iteration, decisions with one legal action played without a node, and the
// action visited most at the root played. It keeps no state between decisions: one Search
// serves any number of games at once.
type Search struct {
	budget Budget
}

// NewSearch returns a search with budget b (at least one iteration).
func NewSearch(b Budget) *Search {
	b.Iterations = max(b.Iterations, 1)
	b.Horizon = max(b.Horizon, 0)
	return &Search{budget: b}
}

// Budget returns the search's budget.
func (s *Search) Budget() Budget { return s.budget }

// edge is an action out of a tree node, with its statistics.
type edge struct {
	a     fliprando.Action
	child int32 // index of the child node, or −1 before expansion
	n     int32 // visits
	avail int32 // iterations in which the action was legal at its node
	sum   [fliprando.MaxPlayers]float32
}

// node is a tree node: the edges tried so far.
type node struct {
	edges []edge
}

// Choose implements [Bot].
func (s *Search) Choose(g *fliprando.Game, rng *rand.Rand) fliprando.Action {
	a, _ := s.ChooseContext(context.Background(), g, rng) // never fails: Background never ends
	return a
}

// ChooseContext is Choose under ctx (enginebot.ContextChooser): the same action while ctx is
// not done, and ctx's error within one iteration (a playout) once it is.
func (s *Search) ChooseContext(ctx context.Context, g *fliprando.Game, rng *rand.Rand) (fliprando.Action, error) {
	var buf [fliprando.NumActions]fliprando.Action
	l := legal(g, &buf)
	if len(l) <= 1 {
		if len(l) == 0 {
			return fliprando.Pass, nil
		}
		return l[0], nil
	}
	me := g.Current()
	if s.budget.Flat {
		return s.flat(ctx, g, l, me, rng)
	}
	n := g.Players()
	nodes := make([]node, 1, 1+s.budget.Iterations)
	type step struct{ node, edge int32 }
	path := make([]step, 0, 64)
	var reward [fliprando.MaxPlayers]float32
	var d fliprando.Game
	for range s.budget.Iterations {
		if err := ctx.Err(); err != nil {
			return fliprando.Pass, err
		}
		d = *g
		d.Determinize(me, rng)
		path = path[:0]
		cur := int32(0)
		expanded := false
		for !d.Over() && !expanded {
			l := legal(&d, &buf)
			if len(l) == 1 && cur != 0 || s.budget.OwnTree && d.Current() != me {
				if d.Apply(s.rolloutAction(&d, l, rng)) != nil {
					break
				}
				continue
			}
			nd := &nodes[cur]
			actor := d.Current()
			// Expansion: the first legal action without an edge, chosen at random.
			untried := 0
			for _, a := range l {
				if findEdge(nd.edges, a) < 0 {
					untried++
				}
			}
			var ei int
			if untried > 0 {
				k := rng.IntN(untried)
				for _, a := range l {
					if findEdge(nd.edges, a) < 0 {
						if k == 0 {
							nd.edges = append(nd.edges, edge{a: a, child: -1})
							ei = len(nd.edges) - 1
							break
						}
						k--
					}
				}
				expanded = true
			} else {
				ei = selectUCB(nd.edges, l, actor)
			}
			for _, a := range l {
				if j := findEdge(nd.edges, a); j >= 0 {
					nd.edges[j].avail++
				}
			}
			e := &nd.edges[ei]
			path = append(path, step{cur, int32(ei)})
			if d.Apply(e.a) != nil {
				break
			}
			if e.child < 0 {
				nodes = append(nodes, node{})
				e = &nodes[cur].edges[ei] // nodes may have moved
				e.child = int32(len(nodes) - 1)
			}
			cur = e.child
		}
		s.playout(&d, rng, &reward)
		for _, st := range path {
			e := &nodes[st.node].edges[st.edge]
			e.n++
			for p := range n {
				e.sum[p] += reward[p]
			}
		}
	}
	root := nodes[0].edges
	best := 0
	for i := range root {
		if root[i].n > root[best].n || root[i].n == root[best].n && root[i].sum[me] > root[best].sum[me] {
			best = i
		}
	}
	return root[best].a, nil
}

// findEdge returns the index of a's edge in es, or −1.
func findEdge(es []edge, a fliprando.Action) int {
	for i := range es {
		if es[i].a == a {
			return i
		}
	}
	return -1
}

// selectUCB returns the index of the edge of es, among the legal actions l (all of which
// have an edge), of highest UCB1 score for the seat actor, with the availability count in
// place of the parent's visits.
func selectUCB(es []edge, l []fliprando.Action, actor int) int {
	best, bestV := -1, math.Inf(-1)
	for _, a := range l {
		i := findEdge(es, a)
		e := &es[i]
		v := float64(e.sum[actor])/float64(e.n) + Exploration*math.Sqrt(math.Log(float64(e.avail+1))/float64(e.n))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// playout plays g on to the end, or to the budget's horizon, and writes each seat's reward
// into reward.
func (s *Search) playout(g *fliprando.Game, rng *rand.Rand, reward *[fliprando.MaxPlayers]float32) {
	var buf [fliprando.NumActions]fliprando.Action
	turns := 0
	horizon := s.budget.Horizon
	if s.budget.HorizonPerSeat {
		horizon += g.Players()
	}
	active, round := g.Active(), g.Round()
	for !g.Over() {
		if horizon > 0 {
			if g.Active() != active || g.Round() != round {
				turns++
				active, round = g.Active(), g.Round()
			}
			if turns >= horizon {
				break
			}
		}
		if g.Apply(s.rolloutAction(g, legal(g, &buf), rng)) != nil {
			break
		}
	}
	n := g.Players()
	if g.Over() {
		var totals [fliprando.MaxPlayers]float64
		for p := range n {
			totals[p] = float64(g.Total(p))
		}
		rankReward(reward[:n], totals[:n], 0)
		return
	}
	var vals [fliprando.MaxPlayers]float64
	for p := range n {
		vals[p] = Value(g, p, p)
	}
	rankReward(reward[:n], vals[:n], 3+10*timeLeft(g))
}

// rolloutAction returns the rollout policy's choice among g's legal actions l.
func (s *Search) rolloutAction(g *fliprando.Game, l []fliprando.Action, rng *rand.Rand) fliprando.Action {
	if len(l) == 1 {
		return l[0]
	}
	switch s.budget.Rollout {
	case RolloutGreedyAll:
		return oneStep(g, g.Current())
	case RolloutGreedyBot:
		return greedyChoice(g, l, g.Current())
	case RolloutGreedy:
		switch g.Pending() {
		case fliprando.DecMoveDir, fliprando.DecPlayCard:
			return oneStep(g, g.Current())
		}
	}
	return l[rng.IntN(len(l))]
}

// rankReward writes into dst each seat's rank value 1 − 2r/(N−1), r its 0-based rank with
// ties shared, from vals; with a scale sigma > 0 (points) the rank is soft: each pair of
// seats counts as tanh(difference/sigma) instead of its sign.
func rankReward(dst []float32, vals []float64, sigma float64) {
	n := len(vals)
	for p, v := range vals {
		s := 0.0
		for q, u := range vals {
			if q == p {
				continue
			}
			if sigma > 0 {
				s += math.Tanh((v - u) / sigma)
			} else if v > u {
				s++
			} else if v < u {
				s--
			}
		}
		dst[p] = float32(s / float64(n-1))
	}
}

// flat spends the budget's playouts on the root's legal actions l by sequential halving:
// each round plays every action still in on the same new determinisations of g for seat me
// (common random numbers), an equal share of the budget per round, then keeps the better
// half by the sum of me's rewards, until one round has had two or fewer. Ties go to the
// lower action. It returns ctx's error, within one playout, once ctx is done.
func (s *Search) flat(ctx context.Context, g *fliprando.Game, l []fliprando.Action, me int, rng *rand.Rand) (fliprando.Action, error) {
	n := len(l)
	rounds := 1
	for m := n; m > 2; m = (m + 1) / 2 {
		rounds++
	}
	sum := make([]float64, n)
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	var dets []fliprando.Game
	var reward [fliprando.MaxPlayers]float32
	done := 0
	for round := range rounds {
		k := max(1, s.budget.Iterations/rounds/len(alive))
		for len(dets) < done+k {
			d := *g
			d.Determinize(me, rng)
			dets = append(dets, d)
		}
		for _, i := range alive {
			for j := done; j < done+k; j++ {
				if err := ctx.Err(); err != nil {
					return fliprando.Pass, err
				}
				c := dets[j]
				if c.Apply(l[i]) != nil {
					continue
				}
				s.playout(&c, rng, &reward)
				sum[i] += float64(reward[me])
			}
		}
		done += k
		slices.SortStableFunc(alive, func(x, y int) int { return cmp.Compare(sum[y], sum[x]) })
		if round < rounds-1 {
			alive = alive[:(len(alive)+1)/2]
		}
	}
	return l[alive[0]], nil
}
