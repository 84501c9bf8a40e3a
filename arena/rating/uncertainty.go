package rating

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// model turns the solved problem into a Model: it re-centres the ratings,
// computes the covariance (§5) and the per-bot and per-side intervals.
func (p *problem) model(cfg Config, iters int, ll float64, h *mat.SymDense) *Model {
	nb, nc := len(p.bots), len(p.scenarios)
	m := &Model{
		Config:     cfg,
		Games:      len(p.obs),
		Iterations: iters,
		LogLik:     ll,
		botIndex:   indexOf(p.bots),
		sideIndex:  indexOf(p.scenarios),
	}
	hinv := inverse(h)
	var v mat.Matrix = hinv
	if cfg.Covariance == Sandwich {
		meat, clusters := p.meat()
		m.Clusters = clusters
		prec := p.priorPrecision(cfg)
		var jd *mat.SymDense
		if prec != nil {
			jd = p.drawInformation()
		}
		v = sandwich(hinv, meat, prec, jd)
	}
	m.cov = p.centred(v)
	if p.centre {
		var mean float64
		for b := range nb {
			mean += p.value[b] / float64(nb)
		}
		for b := range nb {
			p.value[b] -= mean
		}
	}

	m.Bots = make([]Bot, nb)
	for b, name := range p.bots {
		se := math.Sqrt(math.Max(0, m.cov.At(b, b)))
		m.Bots[b] = Bot{Name: name, Elo: p.value[b], SE: se, Lo: p.value[b] - Z95*se, Hi: p.value[b] + Z95*se}
	}
	if p.pl != nil {
		p.pl.summarize(p, m)
		return m
	}
	m.Sides = make([]Advantage, nc)
	for c, name := range p.scenarios {
		m.Sides[c] = p.advantage(m.cov, nb+c, name)
	}
	if p.first {
		m.First = p.advantage(m.cov, nb+nc, "")
	}
	for _, c := range p.cells {
		m.Sides[c.c].Games += int(c.n)
		if p.first {
			m.First.Games += int(c.n)
		}
		if c.x == c.y {
			continue
		}
		m.Bots[c.x].Games += int(c.n)
		m.Bots[c.x].Points += c.sum
		m.Bots[c.y].Games += int(c.n)
		m.Bots[c.y].Points += c.n - c.sum
	}
	return m
}

// nanFill sets every element of a to NaN.
func nanFill(a *mat.SymDense) {
	n := a.SymmetricDim()
	for i := range n {
		for j := i; j < n; j++ {
			a.SetSym(i, j, math.NaN())
		}
	}
}

// inverse returns H⁻¹, or a matrix of NaN when H is not positive definite
// (at a converged, finite estimate it cannot happen, but NaN errors are more
// honest than a failed fit).
func inverse(h *mat.SymDense) *mat.SymDense {
	hinv := mat.NewSymDense(h.SymmetricDim(), nil)
	var chol mat.Cholesky
	var cond mat.Condition
	if ok := chol.Factorize(h); !ok {
		nanFill(hinv)
	} else if err := chol.InverseTo(hinv); err != nil && !errors.As(err, &cond) {
		nanFill(hinv)
	}
	return hinv
}

// priorPrecision returns the prior's precision 1/τ² per free parameter, in
// 1/Elo² (0 where there is no prior), or nil when no parameter has a prior.
func (p *problem) priorPrecision(cfg Config) []float64 {
	var prec []float64
	for j, f := range p.free {
		if f < 0 {
			continue
		}
		if tau := p.tau(cfg, j); tau > 0 {
			if prec == nil {
				prec = make([]float64, p.nFree)
			}
			prec[f] = 1 / (tau * tau)
		}
	}
	return prec
}

// centred maps a covariance of the free parameters to all parameters, in
// Elo²: V_all = T·V·Tᵀ, where T copies the free parameters and, when the
// ratings are centred on their mean, applies A = I − 11ᵀ/n to the bot rows.
// Fixed parameters get zero rows and columns.
func (p *problem) centred(v mat.Matrix) *mat.SymDense {
	nb, n := len(p.bots), p.nParams()
	tr := mat.NewDense(n, p.nFree, nil)
	for j, f := range p.free {
		if f >= 0 {
			tr.Set(j, f, 1)
		}
	}
	if p.centre {
		mean := make([]float64, p.nFree)
		for b := range nb {
			for f := range p.nFree {
				mean[f] += tr.At(b, f) / float64(nb)
			}
		}
		for b := range nb {
			for f := range p.nFree {
				tr.Set(b, f, tr.At(b, f)-mean[f])
			}
		}
	}
	var tv, full mat.Dense
	tv.Mul(tr, v)
	full.Mul(&tv, tr.T())
	cov := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			cov.SetSym(i, j, (full.At(i, j)+full.At(j, i))/2)
		}
	}
	return cov
}

func (p *problem) advantage(cov *mat.SymDense, j int, scenario string) Advantage {
	se := math.Sqrt(math.Max(0, cov.At(j, j)))
	a := Advantage{Scenario: scenario, Elo: p.value[j], SE: se, Lo: p.value[j] - Z95*se, Hi: p.value[j] + Z95*se}
	a.P, a.PLo, a.PHi = Expected(a.Elo), Expected(a.Lo), Expected(a.Hi)
	return a
}

// meat returns M = Σₖ uₖuₖᵀ over the clusters, uₖ = κΣ_{g∈k}(y_g − p_g)z_g, and
// the number of clusters. Games sharing a Pair form a cluster; unpaired games
// are clusters of one. The sums run in an order fixed by the data, not by the
// order of the games, so the result is reproducible bit for bit.
func (p *problem) meat() (*mat.SymDense, int) {
	if p.pl != nil {
		return p.pl.meat(p)
	}
	k := p.nFree
	meat := make([]float64, k*k)
	pr := make([]float64, len(p.cells))
	ms := make([]float64, len(p.cells))
	for i := range p.cells {
		e, m := p.eta(p.value, &p.cells[i])
		pr[i] = Expected(e)
		ms[i] = m
	}
	var idx [4]int
	var z [4]float64
	// Unpaired games: identical (cell, score) games give identical u, so
	// count them.
	single := make([]float64, 3*len(p.cells))
	paired := make([]observation, 0, len(p.obs))
	for _, o := range p.obs {
		if o.pair == "" {
			single[3*int(o.cell)+int(2*o.y)]++
		} else {
			paired = append(paired, o)
		}
	}
	clusters := 0
	for i := range p.cells {
		nz := p.row(&p.cells[i], ms[i], &idx, &z)
		for s := range 3 {
			cnt := single[3*i+s]
			if cnt == 0 {
				continue
			}
			clusters += int(cnt)
			r := kappa * (float64(s)/2 - pr[i])
			for a := range nz {
				for b := range nz {
					meat[idx[a]*k+idx[b]] += cnt * r * r * z[a] * z[b]
				}
			}
		}
	}
	slices.SortFunc(paired, func(a, b observation) int {
		if c := strings.Compare(a.pair, b.pair); c != 0 {
			return c
		}
		if a.cell != b.cell {
			return int(a.cell - b.cell)
		}
		return int(2*a.y) - int(2*b.y)
	})
	u := make([]float64, k)
	var touched []int
	for i := 0; i < len(paired); {
		j := i
		touched = touched[:0]
		for ; j < len(paired) && paired[j].pair == paired[i].pair; j++ {
			o := paired[j]
			nz := p.row(&p.cells[o.cell], ms[o.cell], &idx, &z)
			r := kappa * (o.y - pr[o.cell])
			for a := range nz {
				if !slices.Contains(touched, idx[a]) {
					touched = append(touched, idx[a])
				}
				u[idx[a]] += r * z[a]
			}
		}
		slices.Sort(touched)
		for _, a := range touched {
			for _, b := range touched {
				meat[a*k+b] += u[a] * u[b]
			}
		}
		for _, a := range touched {
			u[a] = 0
		}
		clusters++
		i = j
	}
	return mat.NewSymDense(k, meat), clusters
}

// Bot returns the rating of the named bot.
func (m *Model) Bot(name string) (Bot, bool) {
	i, ok := m.botIndex[name]
	if !ok {
		return Bot{}, false
	}
	return m.Bots[i], true
}

// Side returns the side term of the named scenario.
func (m *Model) Side(scenario string) (Advantage, bool) {
	i, ok := m.sideIndex[scenario]
	if !ok {
		return Advantage{}, false
	}
	return m.Sides[i], true
}

// SeatAdvantage returns the term of a seat (≥ 1) of the named scenario,
// fitted by [FitRankings]: its advantage over seat 0 in Elo, and P the
// probability that it finishes ahead of seat 0 between equal bots; ok is
// false for seat 0 and for a model of [Fit].
func (m *Model) SeatAdvantage(scenario string, seat int) (Advantage, bool) {
	for _, a := range m.Seats {
		if a.Scenario == scenario && a.Seat == seat {
			return a, true
		}
	}
	return Advantage{}, false
}

// Cov returns a copy of the covariance matrix of the estimates, in Elo²,
// over the bots (in [Model.Bots] order), then the side terms (in
// [Model.Sides] order), then the first-mover term if fitted; for
// [FitRankings], the bots then the seat terms (in [Model.Seats] order).
func (m *Model) Cov() *mat.SymDense {
	c := mat.NewSymDense(m.cov.SymmetricDim(), nil)
	c.CopySym(m.cov)
	return c
}

// PairwiseSE returns the matrix of standard errors of rating differences,
// SE_ij = √(V_ii + V_jj − 2V_ij), in Elo, in [Model.Bots] order. Compare bots
// with these, never with the per-bot errors.
func (m *Model) PairwiseSE() *mat.Dense {
	n := len(m.Bots)
	se := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			if i != j {
				se.Set(i, j, math.Sqrt(math.Max(0, m.cov.At(i, i)+m.cov.At(j, j)-2*m.cov.At(i, j))))
			}
		}
	}
	return se
}

// LOS returns the likelihood-of-superiority matrix, LOS_ij =
// Φ((r_i − r_j)/SE_ij), the probability that bot i is stronger than bot j, in
// [Model.Bots] order. The diagonal is ½.
func (m *Model) LOS() *mat.Dense {
	n := len(m.Bots)
	se := m.PairwiseSE()
	l := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			l.Set(i, j, los(m.Bots[i].Elo-m.Bots[j].Elo, se.At(i, j)))
		}
	}
	return l
}

// Expected returns the fitted expected score of bot x playing side X against
// bot y on the scenario, with the given first mover.
func (m *Model) Expected(x, y, scenario string, first Side) (float64, error) {
	bx, okx := m.Bot(x)
	by, oky := m.Bot(y)
	side, oks := m.Side(scenario)
	switch {
	case !okx:
		return 0, fmt.Errorf("rating: unknown bot %q", x)
	case !oky:
		return 0, fmt.Errorf("rating: unknown bot %q", y)
	case !oks:
		return 0, fmt.Errorf("rating: unknown scenario %q", scenario)
	}
	e := bx.Elo - by.Elo + side.Elo
	if m.Config.FirstMover {
		if first == SideX {
			e += m.First.Elo
		} else {
			e -= m.First.Elo
		}
	}
	return Expected(e), nil
}

// drawInformation returns J_d = κ²Σ_cells (n·p(1−p) − D/4)·zzᵀ over the free
// parameters: the model's variance of the scores given each cell's D
// observed draws (Var y = p(1−p) − d/4 for a game of draw probability d),
// floored at zero per cell.
func (p *problem) drawInformation() *mat.SymDense {
	if p.pl != nil {
		return p.pl.drawInformation(p)
	}
	k := p.nFree
	jd := mat.NewSymDense(k, nil)
	var idx [4]int
	var z [4]float64
	for i := range p.cells {
		c := &p.cells[i]
		e, m := p.eta(p.value, c)
		pr := Expected(e)
		w := kappa * kappa * math.Max(0, c.n*pr*(1-pr)-c.draws/4)
		nz := p.row(c, m, &idx, &z)
		for a := range nz {
			for b := range nz {
				if idx[a] <= idx[b] {
					jd.SetSym(idx[a], idx[b], jd.At(idx[a], idx[b])+w*z[a]*z[b])
				}
			}
		}
	}
	return jd
}
