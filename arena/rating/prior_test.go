package rating_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// hopelessPool is a tournament in which "random" never scores: three bots
// play each other 30 games per pairing (15 pairs, results drawn from the
// model with draws), and each plays random 30 times, random losing every
// game. It is the data of issue 14 item 13 (random 0 points in 90 games).
func hopelessPool() []rating.Game {
	s := sim{elos: []float64{-40, 0, 40}, sides: []float64{20}, pairs: 45, draws: 0.3, seed: 11}
	games := s.games()
	for k, b := range []string{"bot00", "bot01", "bot02"} {
		for i := range 15 {
			pair := fmt.Sprintf("r%d-%d", k, i)
			games = append(games,
				rating.Game{X: b, Y: "random", Scenario: "scn0", Score: 1, Pair: pair},
				rating.Game{X: "random", Y: b, Scenario: "scn0", Score: 0, Pair: pair})
		}
	}
	return games
}

// TestFit_PriorHopeless is the regression test of issue 14 item 13: under a
// prior τ = 400 a bot with 0 points in 90 games was given ±33 Elo, the
// sampling spread of an estimate the prior alone holds up. Its interval must
// be at least as wide as the posterior's (the model-based covariance under
// the prior, (J + P)⁻¹), which is about ±290 Elo here.
func TestFit_PriorHopeless(t *testing.T) {
	games := hopelessPool()
	cfg := rating.Config{Prior: 400, SidePrior: 400}
	m, err := rating.Fit(games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	post, err := rating.Fit(games, rating.Config{Prior: 400, SidePrior: 400, Covariance: rating.ModelBased})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.Bot("random")
	pr, _ := post.Bot("random")
	if r.Games != 90 || r.Points != 0 {
		t.Fatalf("random: %v points in %d games, want 0 in 90", r.Points, r.Games)
	}
	t.Logf("random %+.1f [%+.1f, %+.1f] (±%.1f); posterior ±%.1f", r.Elo, r.Lo, r.Hi, r.Hi-r.Elo, pr.Hi-pr.Elo)
	if r.Elo != pr.Elo {
		t.Errorf("the estimate depends on the covariance: %v vs %v", r.Elo, pr.Elo)
	}
	// B = H⁻¹(J_D + P)H⁻¹ is the posterior's (J + P)⁻¹ up to the draws of
	// the other bots, which narrow it by a few tenths of an Elo here.
	if r.SE < 0.98*pr.SE || r.Hi-r.Elo < 250 {
		t.Errorf("random ±%.1f Elo for 0 points in 90 games, want at least the posterior's ±%.1f (and > 250)",
			r.Hi-r.Elo, pr.Hi-pr.Elo)
	}
	// The bound covers both candidates for every contrast: each pairwise
	// SE is at least the posterior's (no draws in random's games, so B is
	// (J + P)⁻¹ along its differences up to the other bots' draws).
	se, pse := m.PairwiseSE(), post.PairwiseSE()
	for i := range m.Bots {
		for j := range m.Bots {
			if m.Bots[i].Name == "random" || m.Bots[j].Name == "random" {
				if se.At(i, j) < 0.9*pse.At(i, j) {
					t.Errorf("SE(%s − %s) = %.1f, below the posterior's %.1f", m.Bots[i].Name, m.Bots[j].Name, se.At(i, j), pse.At(i, j))
				}
			}
		}
	}
	// Without a prior the data are separated: the intervals are unchanged
	// there (the ML fit refuses them).
	if _, err := rating.Fit(games, rating.Config{}); err == nil {
		t.Error("the ML fit of a bot that never scored succeeded")
	}
}

// priorPool is the coverage test's pool: strengths in Elo, their mean is 0,
// so the truth of each interval is the strength itself. bot00 is hopeless:
// it expects 0.4 to 1.0% of the points against each other bot, and scores
// nothing at all in about a third of the replays.
var priorPool = []float64{-700, 100, 150, 200, 250}

// coverageSetup is a replayed pool: strengths in Elo, pairs per replay,
// draw propensity and pair correlation (see sim).
type coverageSetup struct {
	elos        []float64
	pairs       int
	draws, corr float64
}

// priorSetup is the acceptance test's setup: the pool with a hopeless bot,
// paired games with draws and correlated pairs.
var priorSetup = coverageSetup{elos: priorPool, pairs: 150, draws: 0.5, corr: 0.6}

// priorCoverage replays the setup reps times (seeds 1..reps) and returns,
// for a fit with prior τ = 400 and the named estimator, the fraction of the
// bots' 95% intervals that contain the truth, overall and per bot.
//
// The truth is each bot's strength minus the pool's mean strength, the
// quantity [rating.Bot.Elo] estimates (ratings relative to the pool mean);
// the strengths are fixed, so this is the frequentist coverage at this pool,
// not the Bayesian one averaged over the prior.
func priorCoverage(t *testing.T, s coverageSetup, estimator string, reps int) (float64, []float64) {
	t.Helper()
	var mean float64
	for _, e := range s.elos {
		mean += e / float64(len(s.elos))
	}
	per := make([]float64, len(s.elos))
	total := 0.0
	for rep := range reps {
		sm := sim{elos: s.elos, sides: []float64{0}, pairs: s.pairs, draws: s.draws, corr: s.corr, seed: uint64(rep + 1)}
		m, err := rating.FitWithPriorEstimator(sm.games(), rating.Config{Prior: 400, SidePrior: 400}, estimator)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range m.Bots {
			if truth := s.elos[i] - mean; b.Lo <= truth && truth <= b.Hi {
				per[i]++
				total++
			}
		}
	}
	for i := range per {
		per[i] /= float64(reps)
	}
	return total / float64(reps*len(s.elos)), per
}

// TestFit_PriorCoverageShort replays the pool 40 times: 200 intervals, the
// binomial SD of their coverage is 1.5 points, the band [0.91, 0.99] about
// ±2.7 SD. The estimator before the fix (H⁻¹MH⁻¹) covered 0.880 of them.
func TestFit_PriorCoverageShort(t *testing.T) {
	c, per := priorCoverage(t, priorSetup, "bound", 40)
	t.Logf("coverage %.3f, per bot %.2f", c, per)
	if c < 0.91 || c > 0.99 {
		t.Errorf("coverage under a prior = %.3f over 200 intervals, want about 0.95", c)
	}
}

// TestFit_PriorCoverage (long) is the acceptance test of issue 14 item 13:
// the pool with a hopeless bot replayed 200 times, 1000 intervals (binomial
// SD 0.69 points), must be covered 93 to 97% of the time. It logs the
// candidate estimators of the decision (docs/decisions/rating-intervals-under-prior.md) on the same
// replays, and checks the Bayesian coverage too: strengths drawn from the
// prior N(0, 400²) in each replay, the truth being each strength minus the
// replay's mean.
func TestFit_PriorCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("long: 1000 fits")
	}
	for _, est := range rating.PriorEstimators {
		c, per := priorCoverage(t, priorSetup, est, 200)
		t.Logf("%-9s fixed pool %.3f, per bot %.3f", est, c, per)
		if est == "bound" {
			if c < 0.93 || c > 0.97 {
				t.Errorf("coverage at the pool = %.3f, want 0.93 to 0.97", c)
			}
			if per[0] < 0.85 {
				t.Errorf("the hopeless bot's coverage = %.3f, want above 0.85", per[0])
			}
		}
	}
	// Logged, not asserted: other setups of the decision, and a hopeless
	// bot far in the prior's tail (2.25τ below the mean), where the prior's
	// bias shows at a fixed truth.
	others := []struct {
		name string
		s    coverageSetup
	}{
		{"no draws", coverageSetup{elos: priorPool, pairs: 150}},
		{"600 pairs", coverageSetup{elos: priorPool, pairs: 600}},
		{"quick start", coverageSetup{elos: []float64{-600, 200, 200, 200}, pairs: 60, draws: 0.3}},
		{"tail pool", coverageSetup{elos: []float64{-900, 150, 200, 250, 300}, pairs: 150}},
	}
	var c float64
	var per []float64
	for _, o := range others {
		for _, est := range []string{"bound", "posterior"} {
			c, per = priorCoverage(t, o.s, est, 200)
			t.Logf("%-9s %s %.3f, per bot %.3f", est, o.name, c, per)
		}
	}

	covered, total := 0, 0
	elos := make([]float64, 5)
	for rep := range 200 {
		rng := rand.New(rand.NewPCG(uint64(rep), 9))
		var mean float64
		for i := range elos {
			elos[i] = 400 * rng.NormFloat64()
			mean += elos[i] / float64(len(elos))
		}
		s := sim{elos: elos, sides: []float64{0}, pairs: 150, draws: 0.3, seed: uint64(rep + 1)}
		m, err := rating.Fit(s.games(), rating.Config{Prior: 400, SidePrior: 400})
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range m.Bots {
			if truth := elos[i] - mean; b.Lo <= truth && truth <= b.Hi {
				covered++
			}
			total++
		}
	}
	c = float64(covered) / float64(total)
	t.Logf("bound     drawn from the prior %.3f", c)
	if c < 0.93 || c > 0.97 || math.IsNaN(c) {
		t.Errorf("Bayesian coverage = %.3f, want 0.93 to 0.97", c)
	}
}
