package rating

import (
	"errors"
	"fmt"
	"math"

	"github.com/flickarena/flickarena/internal/enum"
)

// Scale is the Elo scale in which SPRT hypotheses are stated.
type Scale int8

const (
	// Logistic Elo: the scale of [Elo] and [Expected] (the default).
	Logistic Scale = iota
	// Normalized Elo: (s−½)/σ·800/ln10, σ the per-game standard deviation.
	// The LLR is fishtest's approximation LLR_normalized_alt.
	Normalized
)

// String returns "logistic" or "normalized".
func (s Scale) String() string {
	return enum.Name(s, "Scale", "logistic", "normalized")
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 between two bots (§6), computed with the generalized
// (multinomial) SPRT of fishtest. Feed it the pentanomial counts when games
// are paired (updating only when a pair completes), the trinomial otherwise.
type SPRT struct {
	// Elo0 and Elo1 are the hypotheses, in Elo on Scale, Elo0 < Elo1.
	Elo0, Elo1 float64
	// Alpha and Beta are the error probabilities, in (0, 1); 0.05 each is
	// usual.
	Alpha, Beta float64
	// Scale is the scale of Elo0 and Elo1; the zero value is Logistic.
	Scale Scale
}

// Verdict is the state of an SPRT.
type Verdict int8

const (
	// Continue means the LLR lies between the bounds; play on.
	Continue Verdict = iota
	// AcceptH0 means the LLR reached the lower bound.
	AcceptH0
	// AcceptH1 means the LLR reached the upper bound.
	AcceptH1
)

// String returns "continue", "H0" or "H1".
func (v Verdict) String() string {
	return enum.Name(v, "Verdict", "continue", "H0", "H1")
}

// Decision is the state of an SPRT after some games.
type Decision struct {
	// LLR is the log-likelihood ratio ln(P(data|H1)/P(data|H0)).
	LLR float64
	// Lower and Upper are the bounds ln(β/(1−α)) and ln((1−β)/α).
	Lower, Upper float64
	// Verdict compares LLR with the bounds.
	Verdict Verdict
}

// Percent returns the LLR as a percentage of the bound it heads to,
// cutechess style: 100·LLR/Upper when LLR ≥ 0, −100·LLR/Lower otherwise, so
// ±100% means a bound is reached.
func (d Decision) Percent() float64 {
	if d.LLR >= 0 {
		return 100 * d.LLR / d.Upper
	}
	return -100 * d.LLR / d.Lower
}

// Bounds returns the stopping bounds A = ln(β/(1−α)) and B = ln((1−β)/α);
// α = β = 0.05 gives ±2.944.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

func (s SPRT) check() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("rating: sprt: alpha %v and beta %v must lie in (0, 1)", s.Alpha, s.Beta)
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("rating: sprt: elo0 %v must be below elo1 %v", s.Elo0, s.Elo1)
	case s.Scale != Logistic && s.Scale != Normalized:
		return fmt.Errorf("rating: sprt: unknown scale %v", s.Scale)
	}
	return nil
}

// Trinomial returns the decision after the games counted in t (from the
// tested bot's view).
func (s SPRT) Trinomial(t Trinomial) (Decision, error) {
	return s.decide([]int{t.L, t.D, t.W}, []float64{0, 0.5, 1}, 1)
}

// Pentanomial returns the decision after the pairs counted in p (from the
// tested bot's view).
func (s SPRT) Pentanomial(p Pentanomial) (Decision, error) {
	c := p.Counts()
	return s.decide(c[:], pentaScores[:], 2)
}

// decide computes the LLR of counts over outcomes scored a; gamesPer is the
// number of games per outcome (1 for games, 2 for pairs).
func (s SPRT) decide(counts []int, a []float64, gamesPer int) (Decision, error) {
	if err := s.check(); err != nil {
		return Decision{}, err
	}
	var d Decision
	d.Lower, d.Upper = s.Bounds()
	total := 0
	for _, c := range counts {
		if c < 0 {
			return Decision{}, errors.New("rating: sprt: negative count")
		}
		total += c
	}
	if total == 0 {
		return d, nil
	}
	// Regularize empty cells inside the maths only (fishtest uses 1e-3).
	n := 0.0
	p := make([]float64, len(counts))
	for i, c := range counts {
		p[i] = math.Max(float64(c), 1e-3)
		n += p[i]
	}
	for i := range p {
		p[i] /= n
	}
	switch s.Scale {
	case Logistic:
		p0 := mleWithMean(p, a, Expected(s.Elo0))
		p1 := mleWithMean(p, a, Expected(s.Elo1))
		for i := range p {
			d.LLR += p[i] * math.Log(p1[i]/p0[i])
		}
		d.LLR *= n
	case Normalized:
		var mean, v float64
		for i := range p {
			mean += p[i] * a[i]
		}
		for i := range p {
			v += p[i] * (a[i] - mean) * (a[i] - mean)
		}
		sigma := math.Sqrt(float64(gamesPer) * v) // per game
		t := (mean - 0.5) / sigma
		t0, t1 := s.Elo0/neloScale, s.Elo1/neloScale
		games := float64(gamesPer) * n
		d.LLR = games / 2 * math.Log((1+(t-t0)*(t-t0))/(1+(t-t1)*(t-t1)))
	}
	switch {
	case d.LLR >= d.Upper:
		d.Verdict = AcceptH1
	case d.LLR <= d.Lower:
		d.Verdict = AcceptH0
	}
	return d, nil
}

// mleWithMean returns the distribution closest to p (maximum likelihood) over
// the outcomes a whose mean is s: pᵢ/(1+θ(aᵢ−s)), θ the root of
// Σ pᵢ(aᵢ−s)/(1+θ(aᵢ−s)) = 0 in (−1/(max a−s), −1/(min a−s)). The function is
// strictly decreasing in θ, so bisection finds the root to full precision.
func mleWithMean(p, a []float64, s float64) []float64 {
	f := func(theta float64) float64 {
		var sum float64
		for i := range p {
			sum += p[i] * (a[i] - s) / (1 + theta*(a[i]-s))
		}
		return sum
	}
	lo := -1 / (a[len(a)-1] - s)
	hi := -1 / (a[0] - s)
	for range 2000 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	q := make([]float64, len(p))
	for i := range p {
		q[i] = p[i] / (1 + theta*(a[i]-s))
	}
	return q
}
