package main

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// TestSideSeats: a two-seat model's side term read as seat 1's term is the one
// Plackett–Luce fits to the same games (RankingsFromGames), to the digit.
func TestSideSeats(t *testing.T) {
	var games []rating.Game
	for i := range 40 {
		g := rating.Game{X: "a", Y: "b", Scenario: "s", Pair: string(rune('A' + i/2)), Score: float64(i%3) / 2}
		if i%2 == 1 {
			g.X, g.Y = "b", "a"
		}
		games = append(games, g)
	}
	bt, err := rating.Fit(games, rating.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rating.RankingsFromGames(games)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := rating.FitRankings(rk, rating.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	got, ok := sideSeats{bt}.SeatAdvantage("s", 1)
	want, ok2 := pl.SeatAdvantage("s", 1)
	if !ok || !ok2 {
		t.Fatalf("seat 1: %v %v", ok, ok2)
	}
	for name, d := range map[string][2]float64{"Elo": {got.Elo, want.Elo}, "Lo": {got.Lo, want.Lo}, "Hi": {got.Hi, want.Hi}, "P": {got.P, want.P}} {
		if math.Abs(d[0]-d[1]) > 1e-6 {
			t.Errorf("%s: side as seat %v, Plackett-Luce %v", name, d[0], d[1])
		}
	}
	if _, ok := (sideSeats{bt}).SeatAdvantage("s", 0); ok {
		t.Error("seat 0 has a term")
	}
	if _, ok := (sideSeats{bt}).SeatAdvantage("other", 1); ok {
		t.Error("an unknown scenario has a term")
	}
}
