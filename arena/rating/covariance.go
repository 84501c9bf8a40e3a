package rating

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// mapEstimator is the covariance of a fit under a prior (MAP) when
// [Sandwich] is asked for. Only the coverage experiments change it (through
// export_test.go), to compare the candidates on the same data; the package
// doc's "Uncertainty under a prior" gives the maths and the decision.
type mapEstimator int8

const (
	// mapBound is the shipped estimator: V = R + (B − R)₊, the upper bound
	// of R and B in the Loewner order.
	mapBound mapEstimator = iota
	// mapBread is the estimator before the change: H⁻¹MH⁻¹, the sampling
	// variance of the MAP without its bias (far too narrow for a bot the
	// prior holds up).
	mapBread
	// mapPosterior is the posterior curvature H⁻¹ = (J + P)⁻¹.
	mapPosterior
	// mapRobust is R = H⁻¹(M + P)H⁻¹: the sandwich with the prior's
	// precision added to the meat.
	mapRobust
)

// priorEstimator is the estimator [Fit] uses under a prior.
var priorEstimator = mapBound

// sandwich returns the cluster-robust covariance of the free parameters, in
// Elo². hinv is H⁻¹, the inverse of the information J plus the prior's
// precision P on its diagonal; meat is M = Σₖ uₖuₖᵀ; prec is P's diagonal
// (nil without a prior) and jd the draw-adjusted model information J_D
// (see [problem.drawInformation]).
//
// Without a prior it is H⁻¹MH⁻¹ (J⁻¹MJ⁻¹). With a prior it is
// V = R + (B − R)₊ with R = H⁻¹(M + P)H⁻¹ and B = H⁻¹(J_D + P)H⁻¹, where
// (·)₊ keeps the positive eigenvalues: V ⪰ R and V ⪰ B, so the variance of
// every contrast (a rating, a difference) is at least the larger of the
// two.
func sandwich(hinv, meat *mat.SymDense, prec []float64, jd *mat.SymDense) mat.Matrix {
	if prec == nil || priorEstimator == mapBread {
		var t, s mat.Dense
		t.Mul(hinv, meat)
		s.Mul(&t, hinv)
		return &s
	}
	if priorEstimator == mapPosterior {
		return hinv
	}
	r := sandwichWith(hinv, meat, prec)
	if priorEstimator == mapRobust {
		return r
	}
	b := sandwichWith(hinv, jd, prec)
	n := hinv.SymmetricDim()
	d := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			d.SetSym(i, j, b.At(i, j)-r.At(i, j))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(d, true) {
		// No eigendecomposition: fall back on the elementwise larger
		// diagonal, which is still at least each per-parameter variance.
		out := mat.NewSymDense(n, nil)
		out.CopySym(r)
		for i := range n {
			out.SetSym(i, i, math.Max(r.At(i, i), b.At(i, i)))
		}
		return out
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	out := mat.NewSymDense(n, nil)
	out.CopySym(r)
	for k, l := range vals {
		if l <= 0 {
			continue
		}
		for i := range n {
			for j := i; j < n; j++ {
				out.SetSym(i, j, out.At(i, j)+l*vecs.At(i, k)*vecs.At(j, k))
			}
		}
	}
	return out
}

// sandwichWith returns H⁻¹(A + P)H⁻¹, symmetrised, for a meat A and the
// prior's precision P (a diagonal).
func sandwichWith(hinv, a *mat.SymDense, prec []float64) *mat.SymDense {
	n := hinv.SymmetricDim()
	ap := mat.NewSymDense(n, nil)
	ap.CopySym(a)
	for i, q := range prec {
		ap.SetSym(i, i, ap.At(i, i)+q)
	}
	var t, s mat.Dense
	t.Mul(hinv, ap)
	s.Mul(&t, hinv)
	out := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			out.SetSym(i, j, (s.At(i, j)+s.At(j, i))/2)
		}
	}
	return out
}
