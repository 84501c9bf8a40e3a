package report_test

import (
	"fmt"
	"html/template"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/arena/report"
)

// fixtureBot is a synthetic bot with its true strength.
type fixtureBot struct {
	name, version string
	elo           float64 // true rating, Elo
}

// fixtureScenario is a synthetic scenario with its true side advantage.
type fixtureScenario struct {
	name string
	side float64 // side X's true advantage, Elo
}

// games simulates a round-robin in pairs (same scenario and seed, sides
// swapped) between the bots on every scenario, pairsPer pairs per bot pair and
// scenario, from a fixed seed, so the data is the same on every run. The
// first mover alternates with the seed and is worth firstMover Elo; about one
// game in ten between equals is drawn; a few games hit the turn limit or end
// by forfeit, and one is void.
func games(bots []fixtureBot, scenarios []fixtureScenario, pairsPer int, firstMover float64) []rating.Game {
	rng := rand.New(rand.NewPCG(1, 2)) // fixed seed: the fixture must not change
	var out []rating.Game
	seed := 0
	for _, sc := range scenarios {
		for i := range bots {
			for j := i + 1; j < len(bots); j++ {
				for k := 0; k < pairsPer; k++ {
					seed++
					first := rating.Side(seed % 2)
					pair := fmt.Sprintf("%s/%d", sc.name, seed)
					for _, xy := range [][2]fixtureBot{{bots[i], bots[j]}, {bots[j], bots[i]}} {
						x, y := xy[0], xy[1]
						m := 1.0
						if first == rating.SideY {
							m = -1
						}
						p := rating.Expected(x.elo - y.elo + sc.side + m*firstMover)
						draw := 0.2 * min(p, 1-p) // draws are likeliest between equals
						g := rating.Game{X: x.name, Y: y.name, Scenario: sc.name, First: first, Pair: pair,
							Turns: 12 + rng.IntN(40), Round: k + 1}
						switch u := rng.Float64(); {
						case u < draw:
							g.Score = 0.5
						case u < draw+(p-draw/2):
							g.Score = 1
						}
						switch v := rng.Float64(); {
						case v < 0.04:
							g.End, g.Turns = rating.EndTurnLimit, 60
						case v < 0.05:
							g.End = rating.EndTimeout // the loser timed out; in a drawn game, side X
							if g.Score == 0.5 {
								g.Score = 0
							}
						}
						out = append(out, g)
					}
				}
			}
		}
	}
	out = append(out, rating.Game{X: bots[0].name, Y: bots[1].name, Scenario: scenarios[0].name, End: rating.EndVoid})
	return out
}

// fixture returns the report data of a fixed synthetic tournament: five bots,
// three scenarios of different balance, with the first-mover term fitted.
func fixture(t *testing.T) report.Data {
	t.Helper()
	bots := []fixtureBot{
		{"sharpshooter", "1.4.0", 120},
		{"ricochet", "0.9.2", 60},
		{"greedy", "1.0.0", 0},
		{"cautious", "1.0.0", -40},
		{"random", "builtin", -140},
	}
	scenarios := []fixtureScenario{
		{"bank-heist-v1", -90},
		{"main-street-v1", 5},
		{"saloon-v2", 45},
	}
	return fixtureFrom(t, bots, scenarios)
}

// fixtureFrom fits the games of the bots on the scenarios and fills the
// report data.
func fixtureFrom(t *testing.T, bots []fixtureBot, scenarios []fixtureScenario) report.Data {
	t.Helper()
	gs := games(bots, scenarios, 12, 20)
	m, err := rating.Fit(gs, rating.Config{FirstMover: true})
	if err != nil {
		t.Fatalf("fit the fixture: %v", err)
	}
	sides := rating.BalanceConfig{SideX: "lawmen", SideY: "outlaws", Margin: 0.05}
	bal, err := rating.Balances(gs, m, sides)
	if err != nil {
		t.Fatalf("balances of the fixture: %v", err)
	}
	versions := map[string]string{}
	for _, b := range bots {
		versions[b.name] = b.version
	}
	return report.Data{
		Title: "Flickarena arena report: fixture",
		Generation: report.Generation{
			Command: "arena tournament --bots sharpshooter,ricochet,greedy,cautious,random --scenarios bank-heist-v1,main-street-v1,saloon-v2 --pairs 12 --seed 1",
			Games:   len(gs),
			Params: []report.Param{
				{Key: "schedule", Value: "round-robin, games in pairs with sides swapped"},
				{Key: "pairs per bot pair and scenario", Value: "12"},
				{Key: "seed", Value: "1"},
				{Key: "decision deadline", Value: "250 ms"},
				{Key: "arena version", Value: "v0.3.0"},
			},
		},
		Model:    m,
		Versions: versions,
		Balances: bal,
		Sides:    sides,
		Notes:    []string{"Synthetic data for the report's tests: the true ratings are 120, 60, 0, −40 and −140 Elo."},
		Sections: []report.Section{{
			Title: "Replays",
			HTML:  template.HTML(`<p class="muted">Replay viewers of selected games appear here.</p>`),
		}},
	}
}

// seatScenario is a synthetic scenario of k seats in which seat 0 is
// stronger by bias: its points are drawn with that much more mean.
type seatScenario struct {
	name  string
	names []string // the seats' names, or nil for players
	k     int
	bias  float64
}

// seatGames simulates n games of each scenario from a fixed seed: each seat
// scores points (normal, seat 0 shifted by the bias), the places follow the
// points, and the games end in one of two kinds with a detail.
func seatGames(scenarios []seatScenario, n int) []rating.SeatGame {
	rng := rand.New(rand.NewPCG(3, 4)) // fixed seed: the fixture must not change
	var out []rating.SeatGame
	for _, sc := range scenarios {
		for i := range n {
			pts := make([]float64, sc.k)
			for s := range pts {
				pts[s] = math.Round(10 + 3*rng.NormFloat64())
				if s == 0 {
					pts[s] += sc.bias
				}
			}
			places := make([]int, sc.k)
			for s, p := range pts {
				places[s] = 1
				for _, q := range pts {
					if q > p {
						places[s]++
					}
				}
			}
			g := rating.SeatGame{Scenario: sc.name, Places: places, Points: pts, First: i % sc.k, End: rating.EndNormal,
				Turns: 5 * sc.k, Kind: "the race is over", Reason: fmt.Sprintf("the race is over (%d rounds)", 4+i%3)}
			if i%7 == 0 {
				g.Kind, g.Reason = "every seat passed", "every seat passed"
			}
			if i%11 == 0 {
				g.End, g.Kind, g.Reason = rating.EndTurnLimit, "", ""
			}
			out = append(out, g)
		}
	}
	return out
}

// seatFixture returns report data with scenarios of 2, 3, 4 and 5 seats: the
// two-seat one with its two-seat statistics and model, every one with its
// per-seat statistics.
func seatFixture(t *testing.T) report.Data {
	t.Helper()
	d := fixtureFrom(t, []fixtureBot{{"greedy", "1", 40}, {"random", "1", -40}}, []fixtureScenario{{"showdown-v1", 30}})
	scenarios := []seatScenario{
		{name: "showdown-v1", names: []string{"lawmen", "outlaws"}, k: 2},
		{name: "race-v1:players=3", k: 3, bias: 3},
		{name: "race-v1:players=4", k: 4},
		{name: "fliprando-v1:players=5", names: []string{"ann", "bob", "cid", "dee", "eve"}, k: 5, bias: -2},
	}
	names := map[string][]string{}
	for _, sc := range scenarios {
		names[sc.name] = sc.names
	}
	sb, err := rating.SeatBalances(seatGames(scenarios, 90), rating.SeatBalanceConfig{Names: names})
	if err != nil {
		t.Fatalf("seat balances of the fixture: %v", err)
	}
	d.SeatBalances = sb
	d.Title = "Flickarena arena report: seats"
	return d
}
