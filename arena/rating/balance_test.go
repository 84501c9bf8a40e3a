package rating_test

import (
	"math"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// TestWilson checks the Wilson score interval against textbook values
// (tolerance 5e-5, four published decimals).
func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   float64
		lo, hi float64
	}{
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{70, 100, 0.6042, 0.7811},
	}
	for _, tt := range tests {
		p := rating.Wilson(tt.k, tt.n)
		if !within(p.Lo, tt.lo, 5e-5) || !within(p.Hi, tt.hi, 5e-5) || p.P != tt.k/tt.n {
			t.Errorf("Wilson(%v, %v) = %+v, want [%v, %v]", tt.k, tt.n, p, tt.lo, tt.hi)
		}
	}
	if p := rating.Wilson(0, 0); !math.IsNaN(p.P) {
		t.Errorf("Wilson(0, 0) = %+v, want NaN", p)
	}
}

func TestBalances_Raw(t *testing.T) {
	// One scenario, ten games: X wins 6 (one by forfeit), Y wins 2, two
	// draws (one at the turn limit), plus a void game; lengths 1..10 turns.
	var games []rating.Game
	add := func(score float64, end rating.End, first rating.Side) {
		games = append(games, rating.Game{X: "a", Y: "b", Scenario: "duel", Score: score, End: end, First: first, Turns: len(games) + 1})
	}
	for range 5 {
		add(1, rating.EndNormal, rating.SideX)
	}
	add(1, rating.EndTimeout, rating.SideY)
	add(0, rating.EndNormal, rating.SideY)
	add(0, rating.EndNormal, rating.SideX)
	add(0.5, rating.EndNormal, rating.SideX)
	add(0.5, rating.EndTurnLimit, rating.SideX)
	games = append(games, rating.Game{X: "a", Y: "b", Scenario: "duel", End: rating.EndVoid, Turns: 1000})

	bs, err := rating.Balances(games, nil, rating.BalanceConfig{SideX: "lawmen", SideY: "outlaws"})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("%d scenarios, want 1", len(bs))
	}
	b := bs[0]
	checks := []struct {
		name      string
		got, want float64
	}{
		{"games", float64(b.Games), 10},
		{"X wins", float64(b.XWins), 6},
		{"Y wins", float64(b.YWins), 2},
		{"draws", float64(b.Draws), 2},
		{"X win rate", b.XWin.P, 0.6},
		{"evenness", b.Evenness, 0.6},
		{"p-value", b.PValue, 2 * 37.0 / 256}, // 2·P(Bin(8, ½) ≤ 2)
		{"Holm p-value (one scenario)", b.PHolm, 2 * 37.0 / 256},
		{"X score", b.X.Score, 0.7},
		// First movers: X in 8 games scoring 5+0+0.5+0.5 = 6, Y in 2
		// games scoring 0 (the forfeit) + 1.
		{"first-mover score", b.First.Score, 0.7},
		{"natural draws", b.NaturalDraws, 0.1},
		{"completion", b.Completion, 0.8},
		{"turn limit", b.TurnLimit, 0.1},
		{"forfeits", b.Forfeits, 0.1},
		{"mean turns", b.MeanTurns, 5.5},
		{"p95 turns", b.P95Turns, 10},
	}
	for _, c := range checks {
		if !within(c.got, c.want, 1e-12) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if b.HasSide {
		t.Error("HasSide without a model")
	}
	if want := "undecided: lawmen 70% ± 25%, more games needed"; b.Verdict != want {
		t.Errorf("verdict = %q, want %q", b.Verdict, want)
	}
}

// TestBalances_Verdict checks the raw verdicts; the interval is Wilson's on
// side X's score.
func TestBalances_Verdict(t *testing.T) {
	games := func(xw, yw, draws int) []rating.Game {
		var g []rating.Game
		for i := range xw + yw + draws {
			s := 0.5
			switch {
			case i < xw:
				s = 1
			case i < xw+yw:
				s = 0
			}
			g = append(g, rating.Game{X: "a", Y: "b", Score: s})
		}
		return g
	}
	tests := []struct {
		name  string
		games []rating.Game
		want  string
	}{
		{"X favoured", games(70, 30, 0), "lawmen favoured: 70% ± 9%"},
		{"Y favoured", games(30, 70, 0), "outlaws favoured: 70% ± 9%"},
		{"balanced", games(4000, 4000, 2000), "balanced: lawmen 50.0% ± 1.0%"},
		{"undecided", games(5, 5, 0), "undecided: lawmen 50% ± 26%, more games needed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bs, err := rating.Balances(tt.games, nil, rating.BalanceConfig{SideX: "lawmen", SideY: "outlaws"})
			if err != nil {
				t.Fatal(err)
			}
			if bs[0].Verdict != tt.want {
				t.Errorf("verdict = %q, want %q", bs[0].Verdict, tt.want)
			}
		})
	}
}

// TestBalances_Model: with a model, the verdict uses the adjusted side term.
// Here side X has +120 Elo on scn0 and nothing on scn1.
func TestBalances_Model(t *testing.T) {
	s := sim{elos: spread(4, 300), sides: []float64{120, 0}, pairs: 4000, draws: 0.3, seed: 11}
	games := s.games()
	m, err := rating.Fit(games, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	bs, err := rating.Balances(games, m, rating.BalanceConfig{SideX: "lawmen", SideY: "outlaws"})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 {
		t.Fatalf("%d scenarios, want 2", len(bs))
	}
	for i, prefix := range []string{"lawmen favoured: ", "balanced: lawmen "} {
		b := bs[i]
		if !b.HasSide || b.Side != m.Sides[i] {
			t.Errorf("%s: side term %+v, want the model's %+v", b.Scenario, b.Side, m.Sides[i])
		}
		if !strings.HasPrefix(b.Verdict, prefix) {
			t.Errorf("%s: verdict %q, want prefix %q", b.Scenario, b.Verdict, prefix)
		}
		if p := rating.Expected(s.sides[i]); b.Side.PLo > p || b.Side.PHi < p {
			t.Errorf("%s: P(X wins) in [%v, %v], want %v inside", b.Scenario, b.Side.PLo, b.Side.PHi, p)
		}
	}
	if bs[0].PHolm < bs[0].PValue || bs[0].PValue > 1e-6 {
		t.Errorf("scn0: p = %v, Holm %v", bs[0].PValue, bs[0].PHolm)
	}
}

func TestBalances_Errors(t *testing.T) {
	if _, err := rating.Balances([]rating.Game{{X: "a", Y: "b", Score: 0.25}}, nil, rating.DefaultBalanceConfig()); err == nil {
		t.Error("no error for a bad score")
	}
	if _, err := rating.Balances(nil, nil, rating.BalanceConfig{Margin: 0.7}); err == nil {
		t.Error("no error for a margin of 0.7")
	}
}

// TestBalances_Reasons checks the count of the reasons given for games that
// ended by the rules: most frequent first, ties by name, shares of all the
// scenario's games; reasons of forfeits and void games are not counted.
func TestBalances_Reasons(t *testing.T) {
	var games []rating.Game
	add := func(end rating.End, reason string) {
		games = append(games, rating.Game{X: "a", Y: "b", Scenario: "heist", Score: 1, End: end, First: rating.SideX, Reason: reason})
	}
	for range 3 {
		add(rating.EndNormal, "held out until noon")
	}
	add(rating.EndNormal, "gold in the saloon")
	add(rating.EndNormal, "last team standing")
	add(rating.EndNormal, "")
	add(rating.EndTimeout, "bot too slow")
	add(rating.EndVoid, "void")
	bs, err := rating.Balances(games, nil, rating.DefaultBalanceConfig())
	if err != nil {
		t.Fatal(err)
	}
	want := []rating.ReasonCount{
		{Reason: "held out until noon", Games: 3, Share: 3.0 / 7},
		{Reason: "gold in the saloon", Games: 1, Share: 1.0 / 7},
		{Reason: "last team standing", Games: 1, Share: 1.0 / 7},
	}
	got := bs[0].Reasons
	if len(got) != len(want) {
		t.Fatalf("reasons %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Reason != want[i].Reason || got[i].Games != want[i].Games || !within(got[i].Share, want[i].Share, 1e-12) {
			t.Errorf("reason %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
