package rating

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/flickarena/flickarena/internal/enum"
)

// Covariance selects how [Fit] estimates the covariance of the estimates
// (§5).
type Covariance int8

const (
	// Sandwich is the cluster-robust covariance J⁻¹MJ⁻¹, clustered by
	// [Game.Pair] (the default). It uses the empirical variance, so it
	// accounts for draws and for the correlation within a pair. Under a
	// prior it is the upper bound of the robust and the model-based
	// posterior covariances (package doc, "Uncertainty under a prior").
	Sandwich Covariance = iota
	// ModelBased is the inverse information J⁻¹ (under a prior, the
	// posterior curvature (J + P)⁻¹). It overstates the variance when there
	// are draws; use it as a fallback only.
	ModelBased
)

// String returns "sandwich" or "model-based".
func (c Covariance) String() string {
	return enum.Name(c, "Covariance", "sandwich", "model-based")
}

// Config selects the model and estimator of [Fit]. The zero value is the
// default of §3: ratings centred on the pool mean, one side term per
// scenario, no first-mover term, no prior (with separation detection) and
// cluster-robust errors.
type Config struct {
	// Bots is the optional roster. Every listed bot is rated, and a listed
	// bot that played no counted game makes Fit fail with a
	// [*DisconnectedError]; a game naming a bot outside a non-empty roster
	// is an error. Without a roster the bots are those of the non-void games.
	Bots []string
	// Anchors fixes the ratings of some bots, in Elo; the others are then
	// relative to them. Empty means the ratings are centred on the pool mean
	// (Σr = 0).
	Anchors map[string]float64
	// Prior is τ, in Elo, of a Gaussian prior N(0, τ²) on every free rating
	// (MAP estimation, e.g. 400 to 1000); 0 means no prior. With a prior, bots
	// that never lost (or never won) get finite ratings instead of a
	// [*SeparationError].
	Prior float64
	// SidePrior is τ, in Elo, of a Gaussian prior on the side and
	// first-mover terms; 0 means none.
	SidePrior float64
	// FirstMover adds a global first-mover term f. It needs games in which
	// the first mover varies within a scenario ([ErrFirstMoverFixed]
	// otherwise). Without it, each side term is the combined advantage of
	// side and first move.
	FirstMover bool
	// Covariance is the covariance estimator.
	Covariance Covariance
	// NoSideTerms fits no side (or seat) advantage: every side and seat is
	// alike, and the side terms are reported as 0 ± 0. It is for
	// comparisons with tools that have no such term; a scenario that
	// favours a side then biases the ratings of the bots that played it
	// more often on that side.
	NoSideTerms bool
}

// DefaultConfig returns the default configuration (the zero Config).
func DefaultConfig() Config { return Config{} }

// Bot is one bot's fitted rating.
type Bot struct {
	// Name is the bot's name.
	Name string
	// Elo is the rating, in Elo, relative to the pool mean or the anchors.
	Elo float64
	// SE is its standard error, in Elo (0 for an anchor).
	SE float64
	// Lo and Hi bound its 95% interval Elo ∓ z·SE. The interval is relative
	// to the reference: compare two bots with [Model.LOS] or
	// [Model.PairwiseSE], never with these.
	Lo, Hi float64
	// Games counts the bot's rated games (mirror games excluded).
	Games int
	// Points is the bot's score in those games (draws ½).
	Points float64
}

// Advantage is a fitted side, seat or first-mover term.
type Advantage struct {
	// Scenario is the scenario's name; empty for the first-mover term.
	Scenario string
	// Seat is the seat of a seat term of [FitRankings] (≥ 1): its
	// advantage over seat 0, and P the probability that it finishes ahead
	// of seat 0 between equal bots. 0 for a side or first-mover term.
	Seat int
	// Elo is side X's (or the first mover's) advantage, in Elo.
	Elo float64
	// SE is its standard error, in Elo.
	SE float64
	// Lo and Hi bound its 95% interval, in Elo.
	Lo, Hi float64
	// P is L(Elo): side X's (or the first mover's) expected score between
	// equal bots; PLo and PHi are L(Lo) and L(Hi).
	P, PLo, PHi float64
	// Games counts the scenario's rated games (all games for the
	// first-mover term).
	Games int
}

// Model is a fitted joint rating: the result of [Fit].
type Model struct {
	// Bots holds the ratings, sorted by name.
	Bots []Bot
	// Sides holds one side term per scenario, sorted by scenario name (for
	// [FitRankings], per scenario of two seats: −1 × seat 1's term).
	Sides []Advantage
	// Seats holds the seat terms of [FitRankings], sorted by scenario then
	// seat; nil for [Fit].
	Seats []Advantage
	// First is the first-mover term f; valid when Config.FirstMover is set.
	First Advantage
	// Config is the configuration the model was fitted with: reports show
	// which prior and covariance estimator were active.
	Config Config
	// Games counts the rated (non-void) games.
	Games int
	// Clusters counts the independent clusters (pairs and unpaired games)
	// behind the sandwich covariance.
	Clusters int
	// Iterations counts the Newton iterations.
	Iterations int
	// LogLik is the quasi-log-likelihood at the estimate (natural log, prior
	// included).
	LogLik float64

	cov       *mat.SymDense // covariance of [bots, sides, first], Elo²
	botIndex  map[string]int
	sideIndex map[string]int
}

// cell aggregates the games sharing bots, scenario and first mover: the
// likelihood depends on the games only through these sums.
type cell struct {
	x, y, c int32
	first   Side
	n       float64 // games
	sum     float64 // side X's points
	draws   float64 // drawn games
}

// problem is a validated data set, indexed.
type problem struct {
	bots, scenarios []string
	cells           []cell
	obs             []observation // the non-void games
	fixed           []bool        // per parameter
	value           []float64     // per parameter: fixed values, then estimates
	free            []int         // free parameter index per parameter, or −1
	nFree           int
	pl              *plData // the rankings of FitRankings, instead of cells
	first           bool    // the first-mover term is fitted
	centre          bool    // re-centre the ratings on their mean
}

// observation is one counted game: its cell, X's score and its cluster.
type observation struct {
	pair string
	cell int32
	y    float64
}

// nSide returns the number of side terms (Fit) or seat terms (FitRankings).
func (p *problem) nSide() int {
	if p.pl != nil {
		return len(p.pl.seats)
	}
	return len(p.scenarios)
}

func (p *problem) nParams() int {
	n := len(p.bots) + p.nSide()
	if p.first {
		n++
	}
	return n
}

// Fit computes the joint maximum-likelihood Elo ratings of §3 with the
// intervals of §5: a Bradley–Terry model on scores (draws as half points),
// with a rating per bot and a side advantage per scenario,
//
//	E[score of X] = L(r_X − r_Y + h_scenario [+ f·m]),
//
// solved by Newton's method with step halving. Void games are skipped; a
// mirror game (one bot on both sides) informs only its side term. The cost
// is one pass over the games plus O(cells) per iteration, cells being the
// distinct (bots, scenario, first mover) combinations.
//
// Before fitting it refuses data that cannot be put on one scale: a
// [*DisconnectedError] names the groups of bots no chain of games links, and
// a [*SeparationError] names the bots, scenarios or sides whose estimates
// would be infinite (unless a prior covers them). Invalid records give a
// [*GameError].
func Fit(games []Game, cfg Config) (*Model, error) {
	if err := validateAll(games); err != nil {
		return nil, err
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	p, err := newProblem(games, cfg)
	if err != nil {
		return nil, err
	}
	return p.fit(cfg, p.check)
}

// validate checks the configuration's values.
func (cfg Config) validate() error {
	if cfg.Prior < 0 || cfg.SidePrior < 0 || math.IsNaN(cfg.Prior) || math.IsNaN(cfg.SidePrior) {
		return fmt.Errorf("rating: negative or NaN prior (%v, %v)", cfg.Prior, cfg.SidePrior)
	}
	if cfg.Covariance != Sandwich && cfg.Covariance != ModelBased {
		return fmt.Errorf("rating: unknown covariance %v", cfg.Covariance)
	}
	return nil
}

// fit runs the existence checks, Newton's method and the intervals.
func (p *problem) fit(cfg Config, check func(Config) error) (*Model, error) {
	if err := check(cfg); err != nil {
		return nil, err
	}
	iters, ll, h, err := p.solve(cfg)
	if err != nil {
		return nil, err
	}
	return p.model(cfg, iters, ll, h), nil
}

// newProblem indexes the games: sorted bots and scenarios, cells, parameters.
func newProblem(games []Game, cfg Config) (*problem, error) {
	p := &problem{first: cfg.FirstMover}
	botIdx, scenIdx, err := p.indexNames(cfg, len(games), func(i int, buf []string) ([]string, string, bool) {
		g := &games[i]
		return append(buf, g.X, g.Y), g.Scenario, g.Void()
	}, func(i int, err error) error { return &GameError{Index: i, Err: err} })
	if err != nil {
		return nil, err
	}

	type key struct {
		x, y, c int32
		first   Side
	}
	cellIdx := make(map[key]int32)
	p.obs = make([]observation, 0, len(games))
	for i := range games {
		g := &games[i]
		if g.Void() {
			continue
		}
		k := key{int32(botIdx[g.X]), int32(botIdx[g.Y]), int32(scenIdx[g.Scenario]), g.First}
		ci, ok := cellIdx[k]
		if !ok {
			ci = int32(len(p.cells))
			cellIdx[k] = ci
			p.cells = append(p.cells, cell{x: k.x, y: k.y, c: k.c, first: k.first})
		}
		p.cells[ci].n++
		p.cells[ci].sum += g.Score
		if g.Score == 0.5 {
			p.cells[ci].draws++
		}
		p.obs = append(p.obs, observation{pair: g.Pair, cell: ci, y: g.Score})
	}
	// Sort the cells so that nothing depends on the order of the games, then
	// renumber the observations.
	var newIdx []int32
	p.cells, newIdx = sortIndexed(p.cells, func(ca, cb *cell) int {
		return cmp.Or(cmp.Compare(ca.c, cb.c), cmp.Compare(ca.x, cb.x), cmp.Compare(ca.y, cb.y), cmp.Compare(ca.first, cb.first))
	})
	for i := range p.obs {
		p.obs[i].cell = newIdx[p.obs[i].cell]
	}

	// Parameters: bots, then scenarios, then f.
	if err := p.initParams(cfg, botIdx); err != nil {
		return nil, err
	}
	return p, nil
}

// indexNames sets the sorted bots (the roster's and those of every counted
// record) and scenarios of n records and returns their indices. record
// appends record i's bots to buf and returns them with its scenario and
// whether it is void; wrap makes a record's error.
func (p *problem) indexNames(cfg Config, n int, record func(i int, buf []string) ([]string, string, bool),
	wrap func(i int, err error) error) (botIdx, scenIdx map[string]int, err error) {
	botSet := make(map[string]bool)
	scenSet := make(map[string]bool)
	for _, b := range cfg.Bots {
		if b == "" {
			return nil, nil, fmt.Errorf("rating: empty name in the roster")
		}
		botSet[b] = true
	}
	roster := len(cfg.Bots) > 0
	var buf []string
	for i := range n {
		bots, scenario, void := record(i, buf[:0])
		buf = bots
		if void {
			continue
		}
		for _, b := range bots {
			if roster && !botSet[b] {
				return nil, nil, wrap(i, fmt.Errorf("bot %q is not in the roster", b))
			}
			botSet[b] = true
		}
		scenSet[scenario] = true
	}
	if len(scenSet) == 0 {
		return nil, nil, ErrNoGames
	}
	p.bots = sortedKeys(botSet)
	p.scenarios = sortedKeys(scenSet)
	return indexOf(p.bots), indexOf(p.scenarios), nil
}

// initParams sets up the parameters once the bots and the data are known:
// anchors fixed, or one bot dropped and the ratings re-centred (no prior),
// or all free and centred (prior); side (seat) terms fixed at 0 with
// [Config.NoSideTerms].
func (p *problem) initParams(cfg Config, botIdx map[string]int) error {
	n := p.nParams()
	p.fixed = make([]bool, n)
	p.value = make([]float64, n)
	switch {
	case len(cfg.Anchors) > 0:
		for _, name := range sortedKeys(cfg.Anchors) {
			elo := cfg.Anchors[name]
			b, ok := botIdx[name]
			if !ok {
				return fmt.Errorf("rating: anchor %q played no counted game", name)
			}
			if math.IsNaN(elo) || math.IsInf(elo, 0) {
				return fmt.Errorf("rating: anchor %q at %v Elo", name, elo)
			}
			p.fixed[b] = true
			p.value[b] = elo
		}
	case cfg.Prior == 0:
		p.fixed[0] = true // Σr = 0: drop one column, re-centre afterwards
		p.centre = true
	default:
		p.centre = true // the MAP is centred already; re-centring removes rounding
	}
	if cfg.NoSideTerms {
		for j := len(p.bots); j < len(p.bots)+p.nSide(); j++ {
			p.fixed[j] = true
		}
	}
	p.free = make([]int, n)
	for j := range p.free {
		if p.fixed[j] {
			p.free[j] = -1
			continue
		}
		p.free[j] = p.nFree
		p.nFree++
	}
	return nil
}

// check runs the existence checks of §3 before fitting.
func (p *problem) check(cfg Config) error {
	edges := cellEdges(p.cells)
	if groups := components(len(p.bots), edges); len(groups) > 1 {
		return &DisconnectedError{Groups: groupNames(groups, p.bots)}
	}
	if p.first {
		varies := false
		seen := make([][2]bool, len(p.scenarios))
		for _, c := range p.cells {
			seen[c.c][c.first] = true
			if seen[c.c][0] && seen[c.c][1] {
				varies = true
				break
			}
		}
		if !varies {
			return ErrFirstMoverFixed
		}
	}
	var sep SeparationError
	if cfg.Prior == 0 {
		sep.Groups = groupNames(separatedGroups(len(p.bots), edges), p.bots)
	}
	if cfg.SidePrior == 0 && !cfg.NoSideTerms {
		xPts := make([]float64, len(p.scenarios))
		yPts := make([]float64, len(p.scenarios))
		var firstPts, secondPts float64
		for _, c := range p.cells {
			xPts[c.c] += c.sum
			yPts[c.c] += c.n - c.sum
			if c.first == SideX {
				firstPts += c.sum
				secondPts += c.n - c.sum
			} else {
				firstPts += c.n - c.sum
				secondPts += c.sum
			}
		}
		for c, s := range p.scenarios {
			if xPts[c] == 0 || yPts[c] == 0 {
				sep.Scenarios = append(sep.Scenarios, s)
			}
		}
		sep.FirstMover = p.first && (firstPts == 0 || secondPts == 0)
	}
	if len(sep.Groups) > 0 || len(sep.Scenarios) > 0 || sep.FirstMover {
		return &sep
	}
	return nil
}

// Newton's method settings.
const (
	maxIter = 100
	// stepTol is the convergence threshold on the largest Newton step, Elo.
	stepTol = 1e-9
	// divergeElo is the size, in Elo, beyond which a parameter is taken to
	// diverge: a finite estimate this large would need about 10¹² games.
	divergeElo = 5000
)

// solve runs Newton's method from θ = 0 and stores the estimate in p.value.
// It returns the iterations, the log-likelihood and the information matrix
// (prior included) at the estimate.
func (p *problem) solve(cfg Config) (int, float64, *mat.SymDense, error) {
	k := p.nFree
	u := make([]float64, k)
	h := mat.NewSymDense(k, nil)
	var chol mat.Cholesky
	delta := mat.NewVecDense(k, nil)
	trial := make([]float64, len(p.value))
	ll := p.derivatives(cfg, p.value, u, h)
	for iter := 1; iter <= maxIter; iter++ {
		if !chol.Factorize(h) {
			if iter == 1 {
				// At θ = 0 the information is κ²/4·Σ n zzᵀ: singular only
				// for a design the checks should have refused.
				return 0, 0, nil, ErrSingular
			}
			break // the weights of diverging games underflowed
		}
		if err := chol.SolveVecTo(delta, mat.NewVecDense(k, u)); err != nil {
			// An ill-conditioned (mat.Condition) solve is still computed;
			// divergence is caught below. Anything else is a failure.
			var cond mat.Condition
			if !errors.As(err, &cond) {
				return 0, 0, nil, fmt.Errorf("%w: %w", ErrSingular, err)
			}
		}
		step := 0.0
		for t := 1.0; ; t /= 2 {
			copy(trial, p.value)
			step = 0
			for j, f := range p.free {
				if f >= 0 {
					trial[j] += t * delta.AtVec(f)
					step = math.Max(step, math.Abs(t*delta.AtVec(f)))
				}
			}
			next := p.logLik(cfg, trial)
			if next >= ll-1e-12*(1+math.Abs(ll)) || t < 1e-10 {
				break
			}
		}
		copy(p.value, trial)
		ll = p.derivatives(cfg, p.value, u, h)
		if step <= stepTol*math.Max(1, p.maxAbs()) {
			return iter, ll, h, nil
		}
		if p.maxAbs() > divergeElo {
			break
		}
	}
	return 0, 0, nil, &SeparationError{Diverged: p.diverged()}
}

// maxAbs returns the largest free parameter, in absolute value.
func (p *problem) maxAbs() float64 {
	m := 0.0
	for j, f := range p.free {
		if f >= 0 {
			m = math.Max(m, math.Abs(p.value[j]))
		}
	}
	return m
}

// diverged names the parameters at least half as large as the largest, with
// the ratings re-centred first when they are centred in the end.
func (p *problem) diverged() []string {
	v := slices.Clone(p.value)
	nb := len(p.bots)
	if p.centre {
		var mean float64
		for b := range nb {
			mean += v[b] / float64(nb)
		}
		for b := range nb {
			v[b] -= mean
		}
	}
	m := 0.0
	for j := range v {
		if !p.fixed[j] || (p.centre && j < nb) {
			m = math.Max(m, math.Abs(v[j]))
		}
	}
	var names []string
	for j := range v {
		if (!p.fixed[j] || (p.centre && j < nb)) && math.Abs(v[j]) >= m/2 {
			names = append(names, p.paramName(j))
		}
	}
	return names
}

func (p *problem) paramName(j int) string {
	switch nb := len(p.bots); {
	case j < nb:
		return fmt.Sprintf("bot %q", p.bots[j])
	case p.pl != nil && j < nb+len(p.pl.seats):
		k := p.pl.seats[j-nb]
		return fmt.Sprintf("advantage of seat %d in %q", k.seat, p.scenarios[k.scen])
	case j < nb+len(p.scenarios):
		return fmt.Sprintf("side term of %q", p.scenarios[j-nb])
	}
	return "first-mover term"
}

// eta returns the linear predictor of a cell, in Elo, and the first-mover
// sign m (0 when f is not fitted).
func (p *problem) eta(theta []float64, c *cell) (float64, float64) {
	e := theta[c.x] - theta[c.y] + theta[len(p.bots)+int(c.c)]
	m := 0.0
	if p.first {
		m = 1
		if c.first == SideY {
			m = -1
		}
		e += m * theta[len(p.bots)+len(p.scenarios)]
	}
	return e, m
}

// logLik returns the quasi-log-likelihood (with prior) at theta.
func (p *problem) logLik(cfg Config, theta []float64) float64 {
	if p.pl != nil {
		return p.pl.logLik(p, theta) - p.priorPenalty(cfg, theta)
	}
	var ll float64
	for i := range p.cells {
		c := &p.cells[i]
		e, _ := p.eta(theta, c)
		lnp, lnq := logExpected(e)
		ll += c.sum*lnp + (c.n-c.sum)*lnq
	}
	return ll - p.priorPenalty(cfg, theta)
}

// priorPenalty returns Σ θⱼ²/(2τⱼ²) over the free parameters with a prior.
func (p *problem) priorPenalty(cfg Config, theta []float64) float64 {
	var pen float64
	for j, f := range p.free {
		if f < 0 {
			continue
		}
		if tau := p.tau(cfg, j); tau > 0 {
			pen += theta[j] * theta[j] / (2 * tau * tau)
		}
	}
	return pen
}

// tau returns the prior scale of parameter j, or 0.
func (p *problem) tau(cfg Config, j int) float64 {
	if j < len(p.bots) {
		return cfg.Prior
	}
	return cfg.SidePrior
}

// derivatives fills the score u and the information h (prior included) at
// theta, and returns the log-likelihood.
func (p *problem) derivatives(cfg Config, theta, u []float64, h *mat.SymDense) float64 {
	k := p.nFree
	clear(u)
	jr := make([]float64, k*k) // upper triangle, row-major
	var ll float64
	var idx [4]int
	var z [4]float64
	if p.pl != nil {
		ll = p.pl.derivatives(p, theta, u, jr)
	}
	for i := range p.cells {
		c := &p.cells[i]
		e, m := p.eta(theta, c)
		lnp, lnq := logExpected(e)
		ll += c.sum*lnp + (c.n-c.sum)*lnq
		pr := math.Exp(lnp)
		resid := kappa * (c.sum - c.n*pr)
		w := kappa * kappa * c.n * pr * (1 - pr)
		nz := p.row(c, m, &idx, &z)
		for a := range nz {
			u[idx[a]] += resid * z[a]
			for b := range nz {
				if idx[a] <= idx[b] {
					jr[idx[a]*k+idx[b]] += w * z[a] * z[b]
				}
			}
		}
	}
	for j, f := range p.free {
		if f < 0 {
			continue
		}
		if tau := p.tau(cfg, j); tau > 0 {
			u[f] -= theta[j] / (tau * tau)
			jr[f*k+f] += 1 / (tau * tau)
		}
	}
	for a := range k {
		for b := a; b < k; b++ {
			h.SetSym(a, b, jr[a*k+b])
		}
	}
	return ll - p.priorPenalty(cfg, theta)
}

// row writes the free entries of a cell's design row z (bot X +1, bot Y −1,
// side +1, first mover m) and returns how many there are.
func (p *problem) row(c *cell, m float64, idx *[4]int, z *[4]float64) int {
	nz := 0
	add := func(j int, v float64) {
		if f := p.free[j]; f >= 0 && v != 0 {
			idx[nz], z[nz] = f, v
			nz++
		}
	}
	if c.x != c.y { // a mirror game tells nothing about the bot
		add(int(c.x), 1)
		add(int(c.y), -1)
	}
	add(len(p.bots)+int(c.c), 1)
	if p.first {
		add(len(p.bots)+len(p.scenarios), m)
	}
	return nz
}

// sortIndexed returns the items sorted by cmpFn and, for each old index,
// its new index.
func sortIndexed[T any](items []T, cmpFn func(a, b *T) int) ([]T, []int32) {
	perm := make([]int32, len(items))
	for i := range perm {
		perm[i] = int32(i)
	}
	slices.SortFunc(perm, func(a, b int32) int { return cmpFn(&items[a], &items[b]) })
	sorted := make([]T, len(items))
	newIdx := make([]int32, len(items))
	for to, from := range perm {
		sorted[to] = items[from]
		newIdx[from] = int32(to)
	}
	return sorted, newIdx
}

func sortedKeys[V any](set map[string]V) []string {
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func indexOf(names []string) map[string]int {
	m := make(map[string]int, len(names))
	for i, n := range names {
		m[n] = i
	}
	return m
}
