package tune

import (
	"maps"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/flickarena/flickarena/arena"
)

// The verdicts of a pair, and of a value; "" is undecided.
const (
	// Balanced: the interval lies wholly inside the zone (for a value: every pair's does).
	Balanced = "balanced"
	// ClearlyOff: the interval lies wholly outside the zone (for a value: one pair's does).
	ClearlyOff = "clearly off"
	// Degenerate: inside the zone, but the games are (nearly) all draws or one side never
	// wins (degenerate.go).
	Degenerate = "degenerate"
)

// Candidate is one value of the knob being tuned, played by every pair of bots.
type Candidate struct {
	// Value is the knob's value, as the file writes it.
	Value string
	// Runs are the value's pairs of bots, in the order of the search's pairs.
	Runs []*PairRun
	// Live is false once the value is clearly off or degenerate.
	Live bool
	// Verdict is the value's: ClearlyOff when any pair's is, else Degenerate when any
	// pair's is, Balanced when every pair's is, else "" (undecided).
	Verdict string
}

// PairRun is one pair of bots at one value: its side score so far.
type PairRun struct {
	// Bots are the pair's two bots, seat 0's first.
	Bots [2]string
	// Verdict is the pair's at the last look it was measured: Balanced, ClearlyOff,
	// Degenerate or "" (undecided).
	Verdict string
	// Games counts the games measured.
	Games int
	// Mean, Lo and Hi are the side score and its interval, fractions in [0, 1]; Mean is NaN
	// before any game.
	Mean, Lo, Hi float64
	// tally counts the games by result, for the degenerate rule (degenerate.go).
	tally tally
	// sides name seat 0's side and seat 1's, for the degenerate rule's reasons.
	sides [2]string
}

// Name is the pair's label, "aimer against aimer-mirror".
func (r *PairRun) Name() string { return r.Bots[0] + " against " + r.Bots[1] }

// count sets r's games, side score, interval (z standard errors either way) and tally from
// the games played.
func (r *PairRun) count(played []arena.GameRecord, z float64) {
	r.Games = len(played)
	r.Mean, r.Lo, r.Hi = SideScore(pairMeans(played), z)
	r.tally = tallyOf(played)
}

// judge returns the value's verdict from its pairs' verdicts: ClearlyOff when any pair's
// interval lies wholly outside the zone, else Degenerate when any pair's games are
// degenerate (degenerate.go), Balanced when every pair's interval lies inside the zone,
// else "".
func (c *Candidate) judge() string {
	all, degenerate := true, false
	for _, r := range c.Runs {
		switch r.Verdict {
		case ClearlyOff:
			return ClearlyOff
		case Degenerate:
			degenerate = true
		case Balanced:
		default:
			all = false
		}
	}
	switch {
	case degenerate:
		return Degenerate
	case all && len(c.Runs) > 0:
		return Balanced
	}
	return ""
}

// VerdictText says the value's verdict in words, naming the pair that put a value off:
// "balanced for every pair", "clearly off (aimer against aimer-mirror)", "undecided".
func (c *Candidate) VerdictText() string {
	switch c.Verdict {
	case Balanced:
		return "balanced for every pair"
	case ClearlyOff, Degenerate:
		for _, r := range c.Runs {
			if r.Verdict == c.Verdict {
				return r.VerdictLabel() + " (" + r.Name() + ")"
			}
		}
	}
	return verdictOr(c.Verdict)
}

// verdictOr returns the verdict, or "undecided" for none.
func verdictOr(v string) string {
	if v == "" {
		return "undecided"
	}
	return v
}

// LookZ is the z of the intervals of a search of looks looks: a two-sided 95% level spread
// over the looks by Bonferroni, Φ⁻¹(1 − 0.05/(2·looks)).
func LookZ(looks int) float64 { return distuv.UnitNormal.Quantile(1 - 0.05/(2*float64(looks))) }

// Level says what the intervals of a search of looks looks are: "95% over 10 looks, z = 2.81".
func Level(looks int) string {
	return "95% over " + plural(looks, "look") + ", z = " + strconv.FormatFloat(LookZ(looks), 'f', 2, 64)
}

// pairMeans returns the side-X score of each pair of games (each rotation set), in the
// order of the pair ids: a fixed order, so a rerun gives the same sums.
func pairMeans(games []arena.GameRecord) []float64 {
	pairs := map[string][]float64{}
	for _, g := range games {
		pairs[g.PairID] = append(pairs[g.PairID], g.Result().ScoreX())
	}
	var xs []float64
	for _, id := range slices.Sorted(maps.Keys(pairs)) {
		sum := 0.0
		for _, x := range pairs[id] {
			sum += x
		}
		xs = append(xs, sum/float64(len(pairs[id])))
	}
	return xs
}

// SideScore returns the mean of the pairs' side scores xs (fractions in [0, 1]) and its
// interval, mean ± z·sd/√n, the sd taken over xs and two pseudo-pairs scoring 0 and 1 (so
// that a few equal results never give a zero-width interval), clipped to [0, 1]. No pairs
// give NaN in [0, 1].
func SideScore(xs []float64, z float64) (mean, lo, hi float64) {
	n := float64(len(xs))
	if n == 0 {
		return math.NaN(), 0, 1
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	ss := mean*mean + (1-mean)*(1-mean)
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/(n+1)) / math.Sqrt(n)
	return mean, math.Max(0, mean-z*se), math.Min(1, mean+z*se)
}

// Judge returns the verdict on an interval [lo, hi] of the side score against the balanced
// zone [zlo, zhi] (fractions): ClearlyOff wholly outside, Balanced wholly inside, else "".
func Judge(lo, hi, zlo, zhi float64) string {
	switch {
	case hi < zlo || lo > zhi:
		return ClearlyOff
	case lo >= zlo && hi <= zhi:
		return Balanced
	}
	return ""
}

// plural returns "1 look" or "n looks".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
