package arena_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// TestEnvReferee_NSeats plays Race at 3 and 4 seats: every seat gets a
// place, the best gainer is first, a faulting bot is alone in the last
// place, the same match gives the same outcome, and a match whose players
// do not fill the seats is an arena fault.
func TestEnvReferee_NSeats(t *testing.T) {
	reg := testRegistry(t)
	for _, k := range []int{3, 4} {
		id := "race" + string(rune('0'+k))
		ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg,
			Scenarios: map[string]arena.EnvScenario{id: {Game: race.ID, Options: env.Options{"players": string(rune('0' + k))}}}})
		if err != nil {
			t.Fatal(err)
		}
		sc, err := ref.Scenario(id)
		if err != nil || sc.Seats != k || sc.NumSeats() != k {
			t.Fatalf("Scenario(%s) = %+v, %v; want %d seats", id, sc, err, k)
		}
		players := []arena.Player{gainer}
		for range k - 1 {
			players = append(players, passer)
		}
		m := arena.Match{Key: id, Scenario: sc, Seed: 7, Players: players}
		out, err := ref.Play(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if err := out.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(out.Ranks) != k || out.Ranks[0] != 1 || out.Termination != arena.TermNormal || out.Turns != k*5 {
			t.Errorf("%d seats, gainer against passers: %+v; want the gainer first after %d turns", k, out, k*5)
		}
		for s := 1; s < k; s++ {
			if out.Ranks[s] != 2 {
				t.Errorf("%d seats: passer on seat %d ranked %d, want 2 (the passers tie)", k, s, out.Ranks[s])
			}
		}
		again, err := ref.Play(context.Background(), m)
		if err != nil || !reflect.DeepEqual(out, again) {
			t.Errorf("%d seats: the same match gave %+v then %+v (%v)", k, out, again, err)
		}

		randoms := make([]arena.Player, k)
		for i := range randoms {
			randoms[i] = random.New()
		}
		randoms[k-1] = cheater
		out, err = ref.Play(context.Background(), arena.Match{Key: id, Scenario: sc, Seed: 3, Players: randoms})
		if err != nil {
			t.Fatal(err)
		}
		if want := arena.FaultRanks(k, k-1); out.Termination != arena.TermIllegal || !reflect.DeepEqual(out.Ranks, want) ||
			!strings.Contains(out.Reason, "cheater (seat "+string(rune('0'+k-1))) {
			t.Errorf("%d seats, a cheater on the last seat: %+v; want ranks %v and an illegal action", k, out, want)
		}

		if _, err := ref.Play(context.Background(), arena.Match{Key: id, Scenario: sc, Seed: 3, Players: randoms[:2]}); err == nil ||
			!strings.Contains(err.Error(), "seats") {
			t.Errorf("%d seats, two players: err %v, want an arena fault", k, err)
		}
	}
}

func TestRanks(t *testing.T) {
	tests := []struct {
		values []float64
		want   []int
	}{
		{[]float64{1, -1}, []int{1, 2}},
		{[]float64{-1, 1}, []int{2, 1}},
		{[]float64{0, 0}, []int{1, 1}},
		{[]float64{3, 5, 5, 1}, []int{3, 1, 1, 4}},
		{[]float64{-1, -1, 1}, []int{2, 2, 1}},
	}
	for _, tc := range tests {
		if got := arena.RanksOf(tc.values); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("RanksOf(%v) = %v, want %v", tc.values, got, tc.want)
		}
	}
	for r, ranks := range map[arena.Result][]int{arena.WinX: {1, 2}, arena.WinY: {2, 1}, arena.Draw: {1, 1}} {
		if got := arena.RanksFor(r); !reflect.DeepEqual(got, ranks) || arena.ResultOf(ranks) != r {
			t.Errorf("%v: ranks %v, back %v", r, got, arena.ResultOf(ranks))
		}
		if got, want := arena.SeatScore(ranks, 0), r.ScoreX(); got != want {
			t.Errorf("%v: seat 0 scores %v, want %v", r, got, want)
		}
	}
	if got := arena.SeatScore([]int{3, 1, 1, 4}, 1); got != (2+0.5)/3 {
		t.Errorf("SeatScore = %v", got)
	}
	for _, bad := range [][]int{nil, {1}, {2, 2}, {1, 3}, {0, 1}, {1, 1, 2}} {
		o := arena.Outcome{Ranks: bad, Termination: arena.TermNormal}
		if o.Validate() == nil {
			t.Errorf("ranks %v accepted", bad)
		}
	}
}
