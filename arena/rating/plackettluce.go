package rating

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// seatKey names a seat-advantage parameter: seat (≥ 1) of a scenario.
type seatKey struct {
	scen, seat int32
}

// plShape is a distinct ranking: scenario, bot per seat and places, with
// the number of counted rankings of that shape. The likelihood depends on
// the rankings only through these counts.
type plShape struct {
	scen   int32
	bots   []int32 // bot index per seat
	seat   []int   // seat parameter index per seat (−1 for seat 0)
	places [][]int // seats by shared place, best first
	n      float64
}

// plObs is one counted ranking: its shape and cluster.
type plObs struct {
	cluster string
	shape   int32
}

// plData is the data of a Plackett–Luce fit.
type plData struct {
	shapes []plShape
	obs    []plObs
	seats  []seatKey // seat parameters, sorted by scenario then seat
}

// FitRankings computes the joint Plackett–Luce Elo ratings of rankings of
// any number of seats, with a seat advantage per seat and scenario (seat 0
// the reference) and cluster-robust intervals clustered by
// [Ranking.Cluster]. For two-seat rankings it is [Fit]'s Bradley–Terry
// model: same ratings, intervals and LOS (see [RankingsFromGames]); the
// package doc gives the model for N seats.
//
// The Model it returns has the shapes of Fit's: [Model.Bots] (Points count,
// per game, the share of the other bots' seats finished ahead of, level
// with ½), [Model.Seats] (every seat term; [Model.SeatAdvantage]), [Model.Sides] (for a scenario
// whose rankings all have two seats: side X's advantage, −1 × seat 1's),
// [Model.Cov] over the bots then the seat terms, [Model.LOS] and
// [Model.PairwiseSE]. [Config.FirstMover] is refused: seat 0 is whoever the
// scenario seats first.
//
// Before fitting it refuses data that cannot be put on one scale: a
// [*DisconnectedError] names groups of bots that never shared a game, a
// [*SeparationError] groups no outside bot ever finished ahead of (or level
// with), or scenarios in which a group of seats never finished behind the
// others (unless a prior covers them). Invalid records give a
// [*RankingError].
func FitRankings(rankings []Ranking, cfg Config) (*Model, error) {
	for i := range rankings {
		if err := rankings[i].validate(); err != nil {
			return nil, &RankingError{Index: i, Err: err}
		}
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.FirstMover {
		return nil, fmt.Errorf("rating: rankings have no first-mover term (seat 0 is the reference)")
	}
	p, err := newPLProblem(rankings, cfg)
	if err != nil {
		return nil, err
	}
	return p.fit(cfg, func(cfg Config) error { return p.pl.check(p, cfg) })
}

// newPLProblem indexes the rankings: sorted bots and scenarios, shapes in
// an order that does not depend on the rankings' order, seat parameters.
func newPLProblem(rankings []Ranking, cfg Config) (*problem, error) {
	d := &plData{}
	p := &problem{pl: d}
	botIdx, scenIdx, err := p.indexNames(cfg, len(rankings), func(i int, buf []string) ([]string, string, bool) {
		r := &rankings[i]
		return append(buf, r.Bots...), r.Scenario, r.Void
	}, func(i int, err error) error { return &RankingError{Index: i, Err: err} })
	if err != nil {
		return nil, err
	}

	// Shapes, keyed by scenario, bots and dense ranks.
	shapeIdx := make(map[string]int32)
	seatSet := make(map[seatKey]bool)
	var key []byte
	for i := range rankings {
		r := &rankings[i]
		if r.Void {
			continue
		}
		places := r.places()
		dense := make([]int, len(r.Ranks))
		for k, g := range places {
			for _, s := range g {
				dense[s] = k
			}
		}
		key = strconv.AppendInt(key[:0], int64(scenIdx[r.Scenario]), 10)
		for s, b := range r.Bots {
			key = append(key, '|')
			key = strconv.AppendInt(key, int64(botIdx[b]), 10)
			key = append(key, ':')
			key = strconv.AppendInt(key, int64(dense[s]), 10)
		}
		si, ok := shapeIdx[string(key)]
		if !ok {
			sh := plShape{scen: int32(scenIdx[r.Scenario]), bots: make([]int32, len(r.Bots)), places: places}
			for s, b := range r.Bots {
				sh.bots[s] = int32(botIdx[b])
				if s > 0 {
					seatSet[seatKey{sh.scen, int32(s)}] = true
				}
			}
			si = int32(len(d.shapes))
			shapeIdx[string(key)] = si
			d.shapes = append(d.shapes, sh)
		}
		d.shapes[si].n++
		d.obs = append(d.obs, plObs{cluster: r.Cluster, shape: si})
	}
	// Sort the shapes (scenario, bots, then places) and renumber.
	var newIdx []int32
	d.shapes, newIdx = sortIndexed(d.shapes, func(sa, sb *plShape) int {
		return cmp.Or(cmp.Compare(sa.scen, sb.scen), slices.Compare(sa.bots, sb.bots),
			slices.CompareFunc(sa.places, sb.places, slices.Compare))
	})
	for i := range d.obs {
		d.obs[i].shape = newIdx[d.obs[i].shape]
	}

	for k := range seatSet {
		d.seats = append(d.seats, k)
	}
	slices.SortFunc(d.seats, func(a, b seatKey) int {
		return cmp.Or(cmp.Compare(a.scen, b.scen), cmp.Compare(a.seat, b.seat))
	})
	seatIdx := make(map[seatKey]int, len(d.seats))
	for i, k := range d.seats {
		seatIdx[k] = len(p.bots) + i
	}
	for i := range d.shapes {
		sh := &d.shapes[i]
		sh.seat = make([]int, len(sh.bots))
		sh.seat[0] = -1
		for s := 1; s < len(sh.bots); s++ {
			sh.seat[s] = seatIdx[seatKey{sh.scen, int32(s)}]
		}
	}
	if err := p.initParams(cfg, botIdx); err != nil {
		return nil, err
	}
	return p, nil
}

// check runs the existence checks before fitting: one "played" component,
// a strongly connected "finished ahead of or level with" digraph of the bots
// (without a bot prior), and of the seats of each scenario (without a seat
// prior).
func (d *plData) check(p *problem, cfg Config) error {
	var edges []edge
	for _, sh := range d.shapes {
		for a, ba := range sh.bots {
			for b, bb := range sh.bots {
				if ba != bb && d.ahead(&sh, a, b) {
					edges = append(edges, edge{int(ba), int(bb)})
				}
			}
		}
	}
	if groups := components(len(p.bots), edges); len(groups) > 1 {
		return &DisconnectedError{Groups: groupNames(groups, p.bots)}
	}
	var sep SeparationError
	if cfg.Prior == 0 {
		sep.Groups = groupNames(separatedGroups(len(p.bots), edges), p.bots)
	}
	if cfg.SidePrior == 0 && !cfg.NoSideTerms {
		for c, name := range p.scenarios {
			seats := 0
			var seatEdges []edge
			for _, sh := range d.shapes {
				if int(sh.scen) != c {
					continue
				}
				seats = max(seats, len(sh.bots))
				for a := range sh.bots {
					for b := range sh.bots {
						if a != b && d.ahead(&sh, a, b) {
							seatEdges = append(seatEdges, edge{a, b})
						}
					}
				}
			}
			if len(separatedGroups(seats, seatEdges)) > 1 {
				sep.Scenarios = append(sep.Scenarios, name)
			}
		}
	}
	if len(sep.Groups) > 0 || len(sep.Scenarios) > 0 {
		return &sep
	}
	return nil
}

// ahead reports whether seat a finished ahead of or level with seat b.
func (d *plData) ahead(sh *plShape, a, b int) bool {
	for _, g := range sh.places {
		if slices.Contains(g, a) {
			return true
		}
		if slices.Contains(g, b) {
			return false
		}
	}
	return false
}

// plWork holds the per-seat buffers of one evaluation.
type plWork struct {
	eta, grad, info []float64 // per seat; info is k×k row-major
	pi              []float64 // choice probabilities over members
	members         []int     // the seats of the current risk set
}

func newPLWork() *plWork { return &plWork{} }

func (w *plWork) reset(k int, withInfo bool) {
	w.eta = slices.Grow(w.eta[:0], k)[:k]
	w.grad = slices.Grow(w.grad[:0], k)[:k]
	clear(w.grad)
	if withInfo {
		w.info = slices.Grow(w.info[:0], k*k)[:k*k]
		clear(w.info)
	}
}

// binomial returns C(n, k) as a float64 (n ≤ MaxShared).
func binomial(n, k int) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}

// eval returns one ranking's log-likelihood at θ, averaged over the
// orderings its shared places allow, and fills w.grad (per seat, per Elo)
// and, if info, w.info (the negative Hessian per pair of seats, per Elo²).
//
// With η_s = κ·(r_bot(s) + a_scenario,s), a place G of t seats above the
// seats L that finished below it contributes, for each non-empty subset S
// of G of m seats, −ln Σ_{l∈S∪L} e^η_l weighted 1/C(t, m); every seat adds
// η_s. Without shared places that is Σ_j [η_(j) − ln Σ_{l≥j} e^η_(l)].
func (d *plData) eval(p *problem, sh *plShape, theta []float64, w *plWork, info bool) float64 {
	k := len(sh.bots)
	w.reset(k, info)
	var ll float64
	for s := range k {
		e := theta[sh.bots[s]]
		if sh.seat[s] >= 0 {
			e += theta[sh.seat[s]]
		}
		w.eta[s] = kappa * e
		ll += w.eta[s]
		w.grad[s] = kappa
	}
	for g, place := range sh.places {
		t := len(place)
		for mask := uint(1); mask < 1<<t; mask++ {
			m := bits.OnesCount(mask)
			weight := 1 / binomial(t, m)
			w.members = w.members[:0]
			for i, s := range place {
				if mask&(1<<i) != 0 {
					w.members = append(w.members, s)
				}
			}
			for _, q := range sh.places[g+1:] {
				w.members = append(w.members, q...)
			}
			lse := w.riskSet()
			ll -= weight * lse
			for i, a := range w.members {
				w.grad[a] -= weight * kappa * w.pi[i]
				if !info {
					continue
				}
				for j, b := range w.members {
					v := -w.pi[i] * w.pi[j]
					if i == j {
						v += w.pi[i]
					}
					w.info[a*k+b] += weight * kappa * kappa * v
				}
			}
		}
	}
	return ll
}

// riskSet computes ln Σ e^η over w.members and the choice probabilities
// w.pi of each member.
func (w *plWork) riskSet() float64 {
	mx := math.Inf(-1)
	for _, s := range w.members {
		mx = math.Max(mx, w.eta[s])
	}
	w.pi = slices.Grow(w.pi[:0], len(w.members))[:len(w.members)]
	var sum float64
	for i, s := range w.members {
		w.pi[i] = math.Exp(w.eta[s] - mx)
		sum += w.pi[i]
	}
	for i := range w.pi {
		w.pi[i] /= sum
	}
	return mx + math.Log(sum)
}

// seatParams lists the free parameters of seat s of a shape (its bot's rating,
// its seat term) in idx and returns how many there are.
func (p *problem) seatParams(sh *plShape, s int, idx *[2]int) int {
	n := 0
	if f := p.free[sh.bots[s]]; f >= 0 {
		idx[n] = f
		n++
	}
	if sh.seat[s] >= 0 {
		if f := p.free[sh.seat[s]]; f >= 0 {
			idx[n] = f
			n++
		}
	}
	return n
}

// logLik returns the data's log-likelihood at θ (prior excluded).
func (d *plData) logLik(p *problem, theta []float64) float64 {
	w := newPLWork()
	var ll float64
	for i := range d.shapes {
		sh := &d.shapes[i]
		ll += sh.n * d.eval(p, sh, theta, w, false)
	}
	return ll
}

// derivatives adds the data's score to u and its information to jr (the
// upper triangle, row-major, over the free parameters) and returns the
// log-likelihood.
func (d *plData) derivatives(p *problem, theta, u, jr []float64) float64 {
	k := p.nFree
	w := newPLWork()
	var ll float64
	var ia, ib [2]int
	for i := range d.shapes {
		sh := &d.shapes[i]
		ll += sh.n * d.eval(p, sh, theta, w, true)
		seats := len(sh.bots)
		for a := range seats {
			na := p.seatParams(sh, a, &ia)
			for x := range na {
				u[ia[x]] += sh.n * w.grad[a]
			}
			for b := range seats {
				v := sh.n * w.info[a*seats+b]
				if v == 0 {
					continue
				}
				nb := p.seatParams(sh, b, &ib)
				for x := range na {
					for y := range nb {
						if ia[x] <= ib[y] {
							jr[ia[x]*k+ib[y]] += v
						}
					}
				}
			}
		}
	}
	return ll
}

// shapeScore fills u (over the free parameters) with one ranking's score,
// from w.grad.
func (p *problem) shapeScore(sh *plShape, w *plWork, u []float64) {
	clear(u)
	var idx [2]int
	for s := range sh.bots {
		n := p.seatParams(sh, s, &idx)
		for x := range n {
			u[idx[x]] += w.grad[s]
		}
	}
}

// meat returns M = Σₖ uₖuₖᵀ over the clusters (rankings sharing a Cluster;
// the others one by one) and the number of clusters, in an order fixed by
// the data.
func (d *plData) meat(p *problem) (*mat.SymDense, int) {
	k := p.nFree
	meat := make([]float64, k*k)
	w := newPLWork()
	scores := make([][]float64, len(d.shapes))
	for i := range d.shapes {
		d.eval(p, &d.shapes[i], p.value, w, false)
		scores[i] = make([]float64, k)
		p.shapeScore(&d.shapes[i], w, scores[i])
	}
	single := make([]float64, len(d.shapes))
	var clustered []plObs
	for _, o := range d.obs {
		if o.cluster == "" {
			single[o.shape]++
		} else {
			clustered = append(clustered, o)
		}
	}
	clusters := 0
	for i, cnt := range single {
		if cnt == 0 {
			continue
		}
		clusters += int(cnt)
		u := scores[i]
		for a := range k {
			if u[a] == 0 {
				continue
			}
			for b := range k {
				meat[a*k+b] += cnt * u[a] * u[b]
			}
		}
	}
	slices.SortFunc(clustered, func(a, b plObs) int {
		return cmp.Or(strings.Compare(a.cluster, b.cluster), cmp.Compare(a.shape, b.shape))
	})
	u := make([]float64, k)
	for i := 0; i < len(clustered); {
		j := i
		clear(u)
		for ; j < len(clustered) && clustered[j].cluster == clustered[i].cluster; j++ {
			for a, v := range scores[clustered[j].shape] {
				u[a] += v
			}
		}
		for a := range k {
			if u[a] == 0 {
				continue
			}
			for b := range k {
				meat[a*k+b] += u[a] * u[b]
			}
		}
		clusters++
		i = j
	}
	return mat.NewSymDense(k, meat), clusters
}

// drawInformation returns J_D over the free parameters: per cell (the
// shapes sharing scenario and bots), the information minus, for each shared
// place, the variance of the score over the orderings it stands for (for
// two seats, exactly D/4 per draw), with the cell's negative eigenvalues
// clipped (for two seats, Fit's floor at zero).
func (d *plData) drawInformation(p *problem) *mat.SymDense {
	k := p.nFree
	jd := mat.NewSymDense(k, nil)
	w := newPLWork()
	var idx, jdx [2]int
	for i := 0; i < len(d.shapes); {
		j := i
		seats := len(d.shapes[i].bots)
		cellM := make([]float64, seats*seats)
		tied := false
		for ; j < len(d.shapes) && d.shapes[j].scen == d.shapes[i].scen && slices.Equal(d.shapes[j].bots, d.shapes[i].bots); j++ {
			sh := &d.shapes[j]
			d.eval(p, sh, p.value, w, true)
			for a := range cellM {
				cellM[a] += sh.n * w.info[a]
			}
			for g, place := range sh.places {
				if len(place) < 2 {
					continue
				}
				tied = true
				v := tieVariance(w, place, sh.places[g+1:], seats)
				for a := range cellM {
					cellM[a] -= sh.n * kappa * kappa * v[a]
				}
			}
		}
		if tied {
			clipNegative(cellM, seats)
		}
		sh := &d.shapes[i]
		for a := range seats {
			na := p.seatParams(sh, a, &idx)
			for b := range seats {
				v := cellM[a*seats+b]
				if v == 0 {
					continue
				}
				nb := p.seatParams(sh, b, &jdx)
				for x := range na {
					for y := range nb {
						if idx[x] <= jdx[y] {
							jd.SetSym(idx[x], jdx[y], jd.At(idx[x], jdx[y])+v)
						}
					}
				}
			}
		}
		i = j
	}
	return jd
}

// tieVariance returns, per pair of seats (k×k row-major), the variance of
// X = Σ_m π(S_m ∪ L) over the uniformly random orderings of a shared place
// G: S_t = G and each step drops a uniformly chosen seat of S, so S_m is a
// uniform m-subset and, for S' ⊂ S, P(S_m = S, S_m' = S') =
// 1/(C(t,m)·C(m,m')). The score of the ordering is κ(Σ_G e_s − X), so its
// variance is κ²·Var X. w.eta must hold the shape's η.
func tieVariance(w *plWork, place []int, below [][]int, k int) []float64 {
	t := len(place)
	n := 1 << t
	pis := make([][]float64, n) // π over S ∪ L, per seat, by subset mask
	for mask := 1; mask < n; mask++ {
		w.members = w.members[:0]
		for i, s := range place {
			if mask&(1<<i) != 0 {
				w.members = append(w.members, s)
			}
		}
		for _, q := range below {
			w.members = append(w.members, q...)
		}
		w.riskSet()
		v := make([]float64, k)
		for i, s := range w.members {
			v[s] = w.pi[i]
		}
		pis[mask] = v
	}
	mean := make([]float64, k)
	second := make([]float64, k*k)
	for mask := 1; mask < n; mask++ {
		m := bits.OnesCount(uint(mask))
		pm := 1 / binomial(t, m)
		f := pis[mask]
		for a := range k {
			mean[a] += pm * f[a]
			for b := range k {
				second[a*k+b] += pm * f[a] * f[b]
			}
		}
		for sub := (mask - 1) & mask; sub > 0; sub = (sub - 1) & mask {
			q := pm / binomial(m, bits.OnesCount(uint(sub)))
			g := pis[sub]
			for a := range k {
				for b := range k {
					second[a*k+b] += q * (f[a]*g[b] + g[a]*f[b])
				}
			}
		}
	}
	for a := range k {
		for b := range k {
			second[a*k+b] -= mean[a] * mean[b]
		}
	}
	return second
}

// clipNegative replaces the k×k symmetric matrix a (row-major) by its
// positive part (negative eigenvalues set to zero).
func clipNegative(a []float64, k int) {
	s := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			s.SetSym(i, j, (a[i*k+j]+a[j*k+i])/2)
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(s, true) {
		return
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	clear(a)
	for e, l := range vals {
		if l <= 0 {
			continue
		}
		for i := range k {
			for j := range k {
				a[i*k+j] += l * vecs.At(i, e) * vecs.At(j, e)
			}
		}
	}
}

// summarize fills the model's seat and side terms and the bots' games and
// points.
func (d *plData) summarize(p *problem, m *Model) {
	nb := len(p.bots)
	m.Games = len(d.obs)
	m.Seats = make([]Advantage, len(d.seats))
	seatIndex := make(map[seatKey]int, len(d.seats))
	for i, k := range d.seats {
		a := p.advantage(m.cov, nb+i, p.scenarios[k.scen])
		a.Seat = int(k.seat)
		m.Seats[i] = a
		seatIndex[k] = i
	}
	// Side X's advantage, for the scenarios of two seats only: −a₁.
	maxSeats := make([]int, len(p.scenarios))
	minSeats := make([]int, len(p.scenarios))
	for i := range minSeats {
		minSeats[i] = math.MaxInt
	}
	for _, sh := range d.shapes {
		c := sh.scen
		maxSeats[c] = max(maxSeats[c], len(sh.bots))
		minSeats[c] = min(minSeats[c], len(sh.bots))
		for s := range sh.bots {
			if s > 0 {
				m.Seats[sh.seat[s]-nb].Games += int(sh.n)
			}
		}
	}
	m.sideIndex = make(map[string]int)
	for c, name := range p.scenarios {
		if maxSeats[c] != 2 || minSeats[c] != 2 {
			continue
		}
		i, ok := seatIndex[seatKey{int32(c), 1}]
		if !ok {
			continue
		}
		a := m.Seats[i]
		a.Seat = 0
		a.Elo, a.Lo, a.Hi = 0-a.Elo, 0-a.Hi, 0-a.Lo // 0−x: no −0 for a fixed term
		a.P, a.PLo, a.PHi = Expected(a.Elo), Expected(a.Lo), Expected(a.Hi)
		m.sideIndex[name] = len(m.Sides)
		m.Sides = append(m.Sides, a)
	}
	for _, sh := range d.shapes {
		d.points(sh, m.Bots)
	}
}

// points adds a shape's games and points to its bots: per game, a bot
// scores the share of the other bots' seats it finished ahead of (level: ½),
// averaged over its own seats. A game whose seats all hold one bot (a
// mirror game) counts for none.
func (d *plData) points(sh plShape, bots []Bot) {
	seen := make(map[int32]bool, len(sh.bots))
	for _, b := range sh.bots {
		if seen[b] {
			continue
		}
		seen[b] = true
		var pts float64
		own := 0
		for a, ba := range sh.bots {
			if ba != b {
				continue
			}
			own++
			others := 0
			var s float64
			for c, bc := range sh.bots {
				if bc == b {
					continue
				}
				others++
				switch {
				case d.ahead(&sh, a, c) && d.ahead(&sh, c, a):
					s += 0.5
				case d.ahead(&sh, a, c):
					s++
				}
			}
			if others > 0 {
				pts += s / float64(others)
			}
		}
		if own == len(sh.bots) {
			continue
		}
		bots[b].Games += int(sh.n)
		bots[b].Points += sh.n * pts / float64(own)
	}
}
