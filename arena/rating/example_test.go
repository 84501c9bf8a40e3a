package rating_test

import (
	"fmt"

	"github.com/flickarena/flickarena/arena/rating"
)

// The sanity check of §3: A plays side X 100 times and scores 0.60, B plays
// side X 100 times and scores 0.45. The model is saturated, so the fit is
// exact: d + h = Elo(0.60) and −d + h = Elo(0.45). The games are unpaired,
// so each is its own cluster.
func ExampleFit() {
	var games []rating.Game
	for i := range 100 {
		a, b := 0.0, 0.0
		if i < 60 {
			a = 1
		}
		if i < 45 {
			b = 1
		}
		games = append(games,
			rating.Game{X: "A", Y: "B", Scenario: "showdown", Score: a},
			rating.Game{X: "B", Y: "A", Scenario: "showdown", Score: b})
	}
	m, err := rating.Fit(games, rating.DefaultConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range m.Bots {
		fmt.Printf("%s %+.2f [%+.1f, %+.1f]\n", b.Name, b.Elo, b.Lo, b.Hi)
	}
	h, _ := m.Side("showdown")
	fmt.Printf("side X %+.2f Elo, scores %.1f%% between equals\n", h.Elo, 100*h.P)
	fmt.Printf("P(A > B) = %.3f\n", m.LOS().At(0, 1))
	// Output:
	// A +26.32 [+1.9, +50.7]
	// B -26.32 [-50.7, -1.9]
	// side X +17.79 Elo, scores 52.6% between equals
	// P(A > B) = 0.983
}

func ExampleSPRT_Pentanomial() {
	s := rating.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	d, err := s.Pentanomial(rating.Pentanomial{LL: 30, LD: 410, WL: 300, DD: 520, WD: 480, WW: 60})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("LLR %.2f (%.0f%%) [%.2f, %.2f] %v\n", d.LLR, d.Percent(), d.Lower, d.Upper, d.Verdict)
	// Output:
	// LLR 4.34 (148%) [-2.94, 2.94] H1
}

func ExampleBalances() {
	var games []rating.Game
	for i := range 200 {
		score := 0.0
		if i%5 < 3 { // side X wins 3 games in 5
			score = 1
		}
		games = append(games, rating.Game{X: "mirror", Y: "mirror", Scenario: "bank-heist", Score: score, Turns: 20 + i%10})
	}
	bs, err := rating.Balances(games, nil, rating.BalanceConfig{SideX: "lawmen", SideY: "outlaws"})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := bs[0]
	fmt.Println(b.Scenario+":", b.Verdict)
	fmt.Printf("X wins %.0f%% [%.0f%%, %.0f%%], p = %.4f, mean %.1f turns, p95 %.0f\n",
		100*b.XWin.P, 100*b.XWin.Lo, 100*b.XWin.Hi, b.PValue, b.MeanTurns, b.P95Turns)
	// Output:
	// bank-heist: lawmen favoured: 60% ± 7%
	// X wins 60% [53%, 67%], p = 0.0057, mean 24.5 turns, p95 29
}

// Three bots race on three seats; each rotation set is a seed played three
// times with the seating rotated. "fast" usually wins, "slow" usually
// finishes last, and two games end with a shared place.
func ExampleFitRankings() {
	orders := [][]int{ // ranks of fast, mid, slow in each game
		{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {0, 1, 2}, {0, 1, 1}, {2, 0, 1},
		{0, 1, 2}, {1, 2, 0}, {0, 0, 2}, {0, 1, 2}, {0, 2, 1}, {1, 0, 2},
	}
	names := []string{"fast", "mid", "slow"}
	var rankings []rating.Ranking
	for g, o := range orders {
		rot := g % 3
		bots := make([]string, 3)
		ranks := make([]int, 3)
		for seat := range 3 {
			bot := (seat + rot) % 3
			bots[seat], ranks[seat] = names[bot], o[bot]
		}
		rankings = append(rankings, rating.Ranking{Bots: bots, Ranks: ranks, Scenario: "race", Cluster: fmt.Sprint("seed", g/3)})
	}
	m, err := rating.FitRankings(rankings, rating.DefaultConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range m.Bots {
		fmt.Printf("%-4s %+6.1f  %4.1f points in %d games\n", b.Name, b.Elo, b.Points, b.Games)
	}
	for _, s := range m.Seats {
		fmt.Printf("seat %d %+6.1f Elo: ahead of seat 0 %.0f%% of the time between equals\n", s.Seat, s.Elo, 100*s.P)
	}
	// Output:
	// fast +140.8   9.2 points in 12 games
	// mid    +9.2   6.0 points in 12 games
	// slow -150.0   2.8 points in 12 games
	// seat 1  +58.8 Elo: ahead of seat 0 58% of the time between equals
	// seat 2 +128.9 Elo: ahead of seat 0 68% of the time between equals
}
