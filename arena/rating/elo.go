package rating

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Z95 is Φ⁻¹(0.975), the standard normal quantile of a two-sided 95%
// interval. Every interval in this package is a 95% interval.
const Z95 = 1.959963984540054

const (
	// kappa is κ = ln10/400: the slope of the logistic curve in natural-log
	// units per Elo, so that Expected(x) = 1/(1+exp(−κx)).
	kappa = math.Ln10 / 400
	// neloScale is 800/ln10 ≈ 347.44: normalized Elo per unit of
	// (s−½)/σ (fishtest's nelo_divided_by_nt).
	neloScale = 800 / math.Ln10
)

// Expected returns L(x) = 1/(1+10^(−x/400)), the expected score (draws count
// ½) of a player who is x Elo stronger than its opponent.
func Expected(x float64) float64 {
	return 1 / (1 + math.Pow(10, -x/400))
}

// Elo returns Elo(s) = 400·log10(s/(1−s)), the rating difference in Elo that
// makes s the expected score: the inverse of [Expected]. It returns +Inf at
// s = 1, −Inf at s = 0 and NaN outside [0, 1].
func Elo(s float64) float64 {
	if s < 0 || s > 1 || math.IsNaN(s) {
		return math.NaN()
	}
	return 400 * math.Log10(s/(1-s))
}

// phi is the standard normal cumulative distribution function Φ.
func phi(x float64) float64 {
	return distuv.UnitNormal.CDF(x)
}

// logExpected returns ln L(x) and ln(1−L(x)) without overflow for any x in
// Elo.
func logExpected(x float64) (lnp, lnq float64) {
	t := kappa * x
	return -softplus(-t), -softplus(t)
}

// softplus returns ln(1+eᵗ) without overflow.
func softplus(t float64) float64 {
	if t > 0 {
		return t + math.Log1p(math.Exp(-t))
	}
	return math.Log1p(math.Exp(t))
}
