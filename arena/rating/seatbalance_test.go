package rating_test

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// seatGames are four counted games of three seats and a void one, whose
// figures are worked out by hand in TestSeatBalances.
var seatGames = []rating.SeatGame{
	{Scenario: "race", Places: []int{1, 2, 3}, Points: []float64{5, 3, 1}, First: 0, End: rating.EndNormal,
		Kind: "the race is over", Reason: "the race is over (5 points)", Turns: 10},
	{Scenario: "race", Places: []int{2, 1, 3}, Points: []float64{3, 5, 1}, First: 1, End: rating.EndNormal,
		Kind: "the race is over", Reason: "the race is over (6 points)", Turns: 20},
	{Scenario: "race", Places: []int{1, 1, 3}, Points: []float64{4, 4, 0}, First: 2, End: rating.EndTurnLimit, Turns: 30},
	{Scenario: "race", Places: []int{3, 2, 1}, Points: []float64{0, 1, 2}, First: 0, End: rating.EndNormal,
		Reason: "a steal", Turns: 40},
	{Scenario: "race", Places: []int{1, 2, 3}, Points: []float64{9, 9, 9}, End: rating.EndVoid},
}

func TestSeatBalances(t *testing.T) {
	bs, err := rating.SeatBalances(seatGames, rating.SeatBalanceConfig{Names: map[string][]string{"race": {"red", "green", "blue"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 || bs[0].Scenario != "race" || bs[0].Games != 4 || len(bs[0].Seats) != 3 {
		t.Fatalf("balances %+v, want race's 4 counted games of 3 seats", bs)
	}
	b := bs[0]
	// Seat 0 won game 1 and shared game 3's first place: 1.5 wins; places 1, 2, 1, 3;
	// scores against the others 1, ½, ¾ (tied with one, ahead of one), 0.
	want := []struct {
		name                      string
		wins, place, score, point float64
	}{
		{"red", 1.5, 1.75, 0.5625, 3},
		{"green", 1.5, 1.5, 0.6875, 3.25},
		{"blue", 1, 2.5, 0.25, 1},
	}
	for s, w := range want {
		st := b.Seats[s]
		if st.Name != w.name || st.Wins != w.wins || st.Win.P != w.wins/4 || !within(st.Place.Mean, w.place, 1e-12) ||
			!within(st.Score.Mean, w.score, 1e-12) || !within(st.Points.Mean, w.point, 1e-12) || st.HasAdvantage {
			t.Errorf("seat %d: %+v, want %+v", s, st, w)
		}
		if !(st.Place.Lo <= st.Place.Mean && st.Place.Mean <= st.Place.Hi && st.Place.Lo >= 1 && st.Place.Hi <= 3) {
			t.Errorf("seat %d: place interval %+v not around its mean within [1, 3]", s, st.Place)
		}
	}
	// Blue's scores 0, 0, 0, 1: mean ¼, sample SD ½, so ¼ ± 1.96·½/2, clamped at 0.
	if sc := b.Seats[2].Score; sc.Lo != 0 || !within(sc.Hi, 0.25+rating.Z95*0.25, 1e-12) {
		t.Errorf("blue's score interval %+v, want [0, %v]", sc, 0.25+rating.Z95*0.25)
	}
	if b.SharedFirst.P != 0.25 || b.FirstMover.Mean != 0.5 || b.Completion != 0.75 || b.TurnLimit != 0.25 ||
		b.Forfeits != 0 || b.MeanTurns != 25 || b.P95Turns != 40 {
		t.Errorf("scenario figures %+v", b)
	}
	wantEnds := []rating.Ending{
		{Kind: "the race is over", Games: 2, Share: 0.5, Details: []rating.ReasonCount{
			{Reason: "the race is over (5 points)", Games: 1, Share: 0.25},
			{Reason: "the race is over (6 points)", Games: 1, Share: 0.25},
		}},
		{Kind: "a steal", Games: 1, Share: 0.25},
	}
	if !reflect.DeepEqual(b.Endings, wantEnds) {
		t.Errorf("endings %+v\nwant %+v", b.Endings, wantEnds)
	}
	if !strings.HasPrefix(b.Verdict, "undecided") {
		t.Errorf("verdict %q after 4 games, want undecided", b.Verdict)
	}

	// Without names the seats are players; without points the means are NaN.
	bare := []rating.SeatGame{{Scenario: "x", Places: []int{2, 1}}, {Scenario: "x", Places: []int{1, 1}, First: 1}}
	bs, err = rating.SeatBalances(bare, rating.SeatBalanceConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if s := bs[0].Seats; s[0].Name != "player 1" || s[1].Name != "player 2" || !math.IsNaN(s[0].Points.Mean) ||
		s[1].Wins != 1.5 || s[0].Wins != 0.5 {
		t.Errorf("bare seats %+v", s)
	}
}

// seatAdvantages is a SeatAdvantager with one term.
type seatAdvantages struct{}

func (seatAdvantages) SeatAdvantage(scenario string, seat int) (rating.Advantage, bool) {
	if scenario == "race" && seat == 1 {
		return rating.Advantage{Scenario: scenario, Elo: 35, P: rating.Expected(35)}, true
	}
	return rating.Advantage{}, false
}

func TestSeatBalances_Advantages(t *testing.T) {
	bs, err := rating.SeatBalances(seatGames, rating.SeatBalanceConfig{Advantages: seatAdvantages{}})
	if err != nil {
		t.Fatal(err)
	}
	for s, st := range bs[0].Seats {
		if st.HasAdvantage != (s == 1) || (s == 1 && st.Advantage.Elo != 35) {
			t.Errorf("seat %d: advantage %+v (%v)", s, st.Advantage, st.HasAdvantage)
		}
	}
}

// TestSeatBalances_Verdict plays scenarios whose seats are known to be even
// or not, with enough games for the intervals to say so.
func TestSeatBalances_Verdict(t *testing.T) {
	var games []rating.SeatGame
	add := func(scenario string, n int, places ...[]int) {
		for i := range n {
			games = append(games, rating.SeatGame{Scenario: scenario, Places: places[i%len(places)]})
		}
	}
	// Every order of three seats as often: even.
	add("even", 600, []int{1, 2, 3}, []int{1, 3, 2}, []int{2, 1, 3}, []int{2, 3, 1}, []int{3, 1, 2}, []int{3, 2, 1})
	// Seat 0 wins 70 games of 100 against seat 1.
	add("first", 100, []int{1, 2}, []int{1, 2}, []int{1, 2}, []int{1, 2}, []int{1, 2}, []int{1, 2}, []int{1, 2},
		[]int{2, 1}, []int{2, 1}, []int{2, 1})
	// Every order of four seats as often, but in the first 40 games that seat 3 (player 4) won it
	// swapped places with the last seat: its score falls to about 44%, the others'
	// rise to about 52%, which is not clearly above ½.
	var orders [][]int
	for _, a := range []int{1, 2, 3, 4} {
		for _, b := range []int{1, 2, 3, 4} {
			for _, c := range []int{1, 2, 3, 4} {
				if d := 10 - a - b - c; a != b && b != c && a != c && d >= 1 && d <= 4 && d != a && d != b && d != c {
					orders = append(orders, []int{a, b, c, d})
				}
			}
		}
	}
	swapped := 0
	for i := range 600 {
		o := append([]int(nil), orders[i%len(orders)]...)
		if o[3] == 1 && swapped < 40 {
			for s := range 3 {
				if o[s] == 4 {
					o[s], o[3] = 1, 4
				}
			}
			swapped++
		}
		games = append(games, rating.SeatGame{Scenario: "last", Places: o})
	}
	bs, err := rating.SeatBalances(games, rating.SeatBalanceConfig{Names: map[string][]string{"first": {"lawmen", "outlaws"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"even":  "balanced: seat scores 50%–50%, every interval within 45%–55%",
		"first": "lawmen favoured: 70% ± 9%",
		"last":  "player 4 disadvantaged: 43% ± 3%",
	}
	for _, b := range bs {
		if !strings.HasPrefix(b.Verdict, want[b.Scenario]) {
			t.Errorf("%s: verdict %q, want %q", b.Scenario, b.Verdict, want[b.Scenario])
		}
	}
}

func TestSeatBalances_Errors(t *testing.T) {
	for name, g := range map[string][]rating.SeatGame{
		"one seat":     {{Scenario: "a", Places: []int{1}}},
		"bad places":   {{Scenario: "a", Places: []int{1, 3}}},
		"points":       {{Scenario: "a", Places: []int{1, 2}, Points: []float64{1}}},
		"first":        {{Scenario: "a", Places: []int{1, 2}, First: 2}},
		"seats differ": {{Scenario: "a", Places: []int{1, 2}}, {Scenario: "a", Places: []int{1, 2, 3}}},
		"nan points":   {{Scenario: "a", Places: []int{1, 2}, Points: []float64{math.NaN(), 0}}},
	} {
		if _, err := rating.SeatBalances(g, rating.SeatBalanceConfig{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := rating.SeatBalances(nil, rating.SeatBalanceConfig{Margin: 0.5}); err == nil {
		t.Error("margin 0.5: no error")
	}
}

// BenchmarkSeatBalances measures the per-seat balance of 10 000 games of four seats on
// one scenario, a large tournament's worth.
func BenchmarkSeatBalances(b *testing.B) {
	orders := [][]int{{1, 2, 3, 4}, {2, 1, 4, 3}, {4, 3, 1, 2}, {1, 1, 3, 4}, {3, 4, 2, 1}}
	games := make([]rating.SeatGame, 10_000)
	for i := range games {
		games[i] = rating.SeatGame{Scenario: "race-v1:players=4", Places: orders[i%len(orders)], Points: []float64{1, 2, 3, 4},
			First: i % 4, Kind: "the race is over", Reason: "the race is over", Turns: 20}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rating.SeatBalances(games, rating.SeatBalanceConfig{}); err != nil {
			b.Fatal(err)
		}
	}
}
