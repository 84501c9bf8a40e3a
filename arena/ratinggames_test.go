package arena_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

func TestRatingScenario(t *testing.T) {
	tests := []struct {
		s    arena.Scenario
		want string
	}{
		{arena.Scenario{ID: "race", Version: "1"}, "race-v1"},
		{arena.Scenario{ID: "race-v1", Version: "1"}, "race-v1"},
		{arena.Scenario{ID: "race"}, "race"},
		{arena.Scenario{ID: "showdown-v1", Version: "2"}, "showdown-v1-v2"},
	}
	for _, tc := range tests {
		if got := arena.RatingScenario(tc.s); got != tc.want {
			t.Errorf("RatingScenario(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestRatingGames(t *testing.T) {
	rec := func(tid, pair string, round int, x, y string, first int, r arena.Result, term arena.Termination) arena.GameRecord {
		return arena.GameRecord{TournamentID: tid, PairID: pair, Round: round, Scenario: arena.Scenario{ID: "race", Version: "1"},
			Bots: []arena.BotInfo{{Name: x}, {Name: y}}, FirstMover: first, Ranks: arena.RanksFor(r), Termination: term, Turns: 10,
			Reason: "why " + term.String()}
	}
	in := []arena.GameRecord{
		rec("t1", "p", 0, "a", "b", 0, arena.WinX, arena.TermNormal),
		rec("t1", "p", 0, "b", "a", 1, arena.Draw, arena.TermTurnLimit),
		rec("t2", "p", 2, "a", "b", 1, arena.WinY, arena.TermTimeout),
		rec("t2", "q", 1, "b", "a", 0, arena.WinX, arena.TermIllegal),
		rec("t2", "r", 1, "b", "a", 0, arena.WinY, arena.TermCrash),
		rec("t2", "s", 1, "b", "a", 0, arena.WinY, arena.TermDisconnect),
	}
	want := []rating.Game{
		{X: "a", Y: "b", Scenario: "race-v1", First: rating.SideX, Score: 1, Pair: "t1|p", End: rating.EndNormal, Turns: 10, Round: 1,
			Reason: "why " + arena.TermNormal.String()}, // only a normal end's reason is kept
		{X: "b", Y: "a", Scenario: "race-v1", First: rating.SideY, Score: 0.5, Pair: "t1|p", End: rating.EndTurnLimit, Turns: 10, Round: 1},
		{X: "a", Y: "b", Scenario: "race-v1", First: rating.SideY, Score: 0, Pair: "t2|p", End: rating.EndTimeout, Turns: 10, Round: 3},
		{X: "b", Y: "a", Scenario: "race-v1", First: rating.SideX, Score: 1, Pair: "t2|q", End: rating.EndIllegal, Turns: 10, Round: 2},
		{X: "b", Y: "a", Scenario: "race-v1", First: rating.SideX, Score: 0, Pair: "t2|r", End: rating.EndCrash, Turns: 10, Round: 2},
		{X: "b", Y: "a", Scenario: "race-v1", First: rating.SideX, Score: 0, Pair: "t2|s", End: rating.EndDisconnect, Turns: 10, Round: 2},
	}
	if diff := cmp.Diff(want, arena.RatingGames(in)); diff != "" {
		t.Errorf("RatingGames (-want +got):\n%s", diff)
	}
}

func TestSeatGames(t *testing.T) {
	in := []arena.GameRecord{
		{Scenario: arena.Scenario{ID: "race:players=3", Version: "1"}, Bots: make([]arena.BotInfo, 3), Ranks: []int{2, 1, 3},
			Points: []float64{4, 6.5, 1}, FirstMover: 2, Termination: arena.TermNormal, Reason: "the race is over (6.5 points)",
			EndKind: "the race is over", Turns: 15},
		{Scenario: arena.Scenario{ID: "race", Version: "1"}, Bots: make([]arena.BotInfo, 2), Ranks: []int{1, 2},
			Points: []float64{0, 0}, Termination: arena.TermTimeout, Reason: "b (seat 1, turn 3): slow", Turns: 3},
	}
	want := []rating.SeatGame{
		{Scenario: "race-v1:players=3", Places: []int{2, 1, 3}, Points: []float64{4, 6.5, 1}, First: 2, End: rating.EndNormal,
			Kind: "the race is over", Reason: "the race is over (6.5 points)", Turns: 15},
		{Scenario: "race-v1", Places: []int{1, 2}, Points: []float64{0, 0}, End: rating.EndTimeout, Turns: 3}, // a fault's reason is not an ending
	}
	if diff := cmp.Diff(want, arena.SeatGames(in)); diff != "" {
		t.Errorf("SeatGames (-want +got):\n%s", diff)
	}
}

func TestRankings(t *testing.T) {
	in := []arena.GameRecord{
		{TournamentID: "t", PairID: "p", Scenario: arena.Scenario{ID: "race:players=3", Version: "1"},
			Bots: []arena.BotInfo{{Name: "a"}, {Name: "b"}, {Name: "c"}}, Ranks: []int{2, 1, 2}},
		{TournamentID: "u", PairID: "q", Scenario: arena.Scenario{ID: "race", Version: "1"},
			Bots: []arena.BotInfo{{Name: "b"}, {Name: "a"}}, Ranks: []int{1, 1}},
	}
	want := []rating.Ranking{
		{Bots: []string{"a", "b", "c"}, Ranks: []int{1, 0, 1}, Scenario: "race-v1:players=3", Cluster: "t|p"},
		{Bots: []string{"b", "a"}, Ranks: []int{0, 0}, Scenario: "race-v1", Cluster: "u|q"},
	}
	if diff := cmp.Diff(want, arena.Rankings(in)); diff != "" {
		t.Errorf("Rankings (-want +got):\n%s", diff)
	}
}
