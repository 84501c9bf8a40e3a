package rating_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// samePrinted reports whether two figures print alike with one decimal (the
// arena's tables) and agree to tol.
func samePrinted(a, b, tol float64) bool {
	return fmt.Sprintf("%+.1f", a) == fmt.Sprintf("%+.1f", b) && math.Abs(a-b) <= tol
}

// compareTwoSeat fits the games with Fit and as rankings with FitRankings
// and checks that ratings, intervals, side terms and LOS agree.
func compareTwoSeat(t *testing.T, name string, games []rating.Game, cfg rating.Config) {
	t.Helper()
	want, err := rating.Fit(games, cfg)
	if err != nil {
		t.Fatalf("%s: Fit: %v", name, err)
	}
	rk, err := rating.RankingsFromGames(games)
	if err != nil {
		t.Fatal(err)
	}
	got, err := rating.FitRankings(rk, cfg)
	if err != nil {
		t.Fatalf("%s: FitRankings: %v", name, err)
	}
	const tol = 1e-7 // Elo
	if len(got.Bots) != len(want.Bots) || got.Games != want.Games || got.Clusters != want.Clusters {
		t.Fatalf("%s: %d bots, %d games, %d clusters; want %d, %d, %d", name, len(got.Bots), got.Games, got.Clusters, len(want.Bots), want.Games, want.Clusters)
	}
	for i, w := range want.Bots {
		g := got.Bots[i]
		if g.Name != w.Name || !samePrinted(g.Elo, w.Elo, tol) || !samePrinted(g.Lo, w.Lo, tol) || !samePrinted(g.Hi, w.Hi, tol) ||
			g.Games != w.Games || math.Abs(g.Points-w.Points) > 1e-9 {
			t.Errorf("%s: %s %+.9f [%+.9f, %+.9f] %d games %v points; Fit %+.9f [%+.9f, %+.9f] %d %v", name,
				g.Name, g.Elo, g.Lo, g.Hi, g.Games, g.Points, w.Elo, w.Lo, w.Hi, w.Games, w.Points)
		}
	}
	for i, w := range want.Sides {
		if i >= len(got.Sides) {
			t.Fatalf("%s: %d side terms, want %d", name, len(got.Sides), len(want.Sides))
		}
		g := got.Sides[i]
		if g.Scenario != w.Scenario || !samePrinted(g.Elo, w.Elo, tol) || !samePrinted(g.Lo, w.Lo, tol) || !samePrinted(g.Hi, w.Hi, tol) || g.Games != w.Games {
			t.Errorf("%s: side %s %+.9f [%+.9f, %+.9f] %d; Fit %+.9f [%+.9f, %+.9f] %d", name, g.Scenario, g.Elo, g.Lo, g.Hi, g.Games, w.Elo, w.Lo, w.Hi, w.Games)
		}
		if s, ok := got.SeatAdvantage(w.Scenario, 1); !ok || math.Abs(s.Elo+w.Elo) > tol {
			t.Errorf("%s: seat 1 of %s = %v, want −(side X) = %v", name, w.Scenario, s.Elo, -w.Elo)
		}
	}
	lg, lw := got.LOS(), want.LOS()
	for i := range want.Bots {
		for j := range want.Bots {
			if a, b := lg.At(i, j), lw.At(i, j); fmt.Sprintf("%.1f", 100*a) != fmt.Sprintf("%.1f", 100*b) || math.Abs(a-b) > 1e-9 {
				t.Errorf("%s: LOS[%d][%d] = %v, Fit %v", name, i, j, a, b)
			}
		}
	}
}

// TestFitRankings_TwoSeatsIsFit: two-seat rankings are Fit's Bradley–Terry
// model on the existing test data: same ratings, intervals, side terms and
// LOS, to 1e-7 Elo and to the printed digit.
func TestFitRankings_TwoSeatsIsFit(t *testing.T) {
	sat := saturated(true)
	compareTwoSeat(t, "saturated paired", sat, rating.Config{})
	compareTwoSeat(t, "saturated unpaired", saturated(false), rating.Config{})
	compareTwoSeat(t, "saturated model-based", sat, rating.Config{Covariance: rating.ModelBased})
	for _, draws := range []float64{0, 0.5} {
		s := sim{elos: spread(6, 300), sides: []float64{-40, 0, 60}, pairs: 400, draws: draws, corr: 0.6, seed: 5}
		games := s.games()
		compareTwoSeat(t, fmt.Sprintf("round robin draws=%v", draws), games, rating.Config{})
		compareTwoSeat(t, fmt.Sprintf("round robin draws=%v anchored", draws), games, rating.Config{Anchors: map[string]float64{"bot03": 1500}})
		compareTwoSeat(t, fmt.Sprintf("round robin draws=%v prior", draws), games, rating.Config{Prior: 400, SidePrior: 400})
		compareTwoSeat(t, fmt.Sprintf("round robin draws=%v no side terms", draws), games, rating.Config{NoSideTerms: true})
	}
	compareTwoSeat(t, "hopeless prior", hopelessPool(), rating.Config{Prior: 400, SidePrior: 400})
	compareTwoSeat(t, "hopeless prior model-based", hopelessPool(), rating.Config{Prior: 400, SidePrior: 400, Covariance: rating.ModelBased})
}
