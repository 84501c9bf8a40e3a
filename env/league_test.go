package env_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// passer always passes (Race's default action): the agent, which
// gains every turn, wins.
var passer = policyFunc(func(dst env.Action, t env.Turn, _ *rand.Rand) error {
	t.Game.DefaultAction(dst)
	return nil
})

// gainer gains every turn, as the agent does: the game is drawn.
var gainer = policyFunc(func(dst env.Action, _ env.Turn, _ *rand.Rand) error {
	clear(dst.Discrete)
	clear(dst.Continuous)
	return nil
})

// leagueRun plays rounds steps of a 2-seat Race pool of n envs in which the
// agent always gains, and returns, per env, the agent's return of each
// finished episode (+1 against passer, 0 against gainer) and its seat. It
// checks on the way that every running row waits for the agent's seat.
func leagueRun(t *testing.T, cfg env.Config, seed uint64, steps int) (returns [][]float32, seats [][]int32) {
	t.Helper()
	cfg.View = env.SingleAgent
	cfg.Options = env.Options{"rounds": "3", "noise": "0"}
	v := newVector(t, nil, cfg)
	n := cfg.NumEnvs
	returns, seats = make([][]float32, n), make([][]int32, n)
	b, err := v.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if b.CurrentPlayer[i] != b.AgentSeat[i] {
			t.Fatalf("reset env %d: seat %d to move, agent's seat %d", i, b.CurrentPlayer[i], b.AgentSeat[i])
		}
	}
	a := v.Spec().NewActions(n)
	for step := range steps {
		if b, err = v.Step(a); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			seat := b.AgentSeat[i]
			if b.Done(i) {
				returns[i] = append(returns[i], b.EpisodeReturn[i*b.NumPlayers+int(seat)])
				seats[i] = append(seats[i], seat)
			} else if b.CurrentPlayer[i] != seat {
				t.Fatalf("step %d env %d: seat %d to move, agent's seat %d", step, i, b.CurrentPlayer[i], seat)
			}
		}
	}
	return returns, seats
}

// TestVector_OpponentMix checks that a mixture draws each episode's opponent
// in proportion to the weights, from the episode's stream only (the same
// seed gives the same draws), and that the agent keeps seat 0 by default.
func TestVector_OpponentMix(t *testing.T) {
	cfg := env.Config{NumEnvs: 8, OpponentMix: []env.WeightedPolicy{{Policy: passer, Weight: 3}, {Policy: gainer, Weight: 1}}}
	returns, seats := leagueRun(t, cfg, 5, 400)
	wins, total := 0, 0
	for i := range returns {
		for k, r := range returns[i] {
			switch r {
			case 1:
				wins++
			case 0:
			default:
				t.Fatalf("env %d episode %d: return %v, want 1 (passer) or 0 (gainer)", i, k, r)
			}
			if seats[i][k] != 0 {
				t.Fatalf("env %d episode %d: agent on seat %d with SeatZero", i, k, seats[i][k])
			}
			total++
		}
	}
	// 3:1 weights: the passer plays 3/4 of the episodes (sd of the share about 0.02 here).
	if share := float64(wins) / float64(total); total < 300 || share < 0.65 || share > 0.85 {
		t.Errorf("passer played %d of %d episodes (%.3f), want about 3/4", wins, total, share)
	}
	again, _ := leagueRun(t, cfg, 5, 400)
	for i := range returns {
		if !slices.Equal(returns[i], again[i]) {
			t.Fatalf("env %d: same seed, different opponents: %v and %v", i, returns[i], again[i])
		}
	}
	other, _ := leagueRun(t, cfg, 6, 400)
	if slices.EqualFunc(returns, other, slices.Equal) {
		t.Errorf("seeds 5 and 6 drew the same opponents in every env")
	}
}

// TestVector_Seat checks the agent's seat per episode: SeatAlternate goes
// round the seats in each env, envs starting on different seats;
// SeatRandom draws both seats, the same for the same seed; either way the
// agent gains and wins from its seat against the passer.
func TestVector_Seat(t *testing.T) {
	t.Run("Alternate", func(t *testing.T) {
		returns, seats := leagueRun(t, env.Config{NumEnvs: 4, Opponent: passer, Seat: env.SeatAlternate}, 1, 40)
		firsts := map[int32]bool{}
		for i := range seats {
			if len(seats[i]) < 4 {
				t.Fatalf("env %d: %d episodes", i, len(seats[i]))
			}
			firsts[seats[i][0]] = true
			for k := 1; k < len(seats[i]); k++ {
				if seats[i][k] != 1-seats[i][k-1] {
					t.Fatalf("env %d: seats %v do not alternate", i, seats[i])
				}
			}
			for k, r := range returns[i] {
				if r != 1 {
					t.Fatalf("env %d episode %d (seat %d): return %v against the passer, want 1", i, k, seats[i][k], r)
				}
			}
		}
		if len(firsts) != 2 {
			t.Errorf("every env started on the same seat: %v", seats)
		}
	})
	t.Run("Random", func(t *testing.T) {
		cfg := env.Config{NumEnvs: 4, Opponent: passer, Seat: env.SeatRandom}
		returns, seats := leagueRun(t, cfg, 2, 100)
		count := map[int32]int{}
		for i := range seats {
			for k, s := range seats[i] {
				count[s]++
				if returns[i][k] != 1 {
					t.Fatalf("env %d episode %d (seat %d): return %v, want 1", i, k, s, returns[i][k])
				}
			}
		}
		if count[0] < 10 || count[1] < 10 {
			t.Errorf("seats drawn %v, want both often", count)
		}
		_, again := leagueRun(t, cfg, 2, 100)
		if !slices.EqualFunc(seats, again, slices.Equal) {
			t.Errorf("same seed, different seats")
		}
	})
}

// TestVector_SeatSameStep checks that in SameStep mode the row of an ended
// episode reports that episode's seat (its reward's), while CurrentPlayer
// is already the new episode's agent seat.
func TestVector_SeatSameStep(t *testing.T) {
	v := newVector(t, nil, env.Config{NumEnvs: 2, View: env.SingleAgent, Opponent: passer, Seat: env.SeatAlternate,
		Autoreset: env.SameStep, Options: env.Options{"rounds": "2", "noise": "0"}})
	b, err := v.Reset(9)
	if err != nil {
		t.Fatal(err)
	}
	prev := slices.Clone(b.CurrentPlayer)
	a := v.Spec().NewActions(2)
	ended := 0
	for range 10 {
		if b, err = v.Step(a); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if b.Done(i) {
				ended++
				if b.AgentSeat[i] != prev[i] || b.RewardAt(i)[prev[i]] != 1 || b.CurrentPlayer[i] != 1-prev[i] {
					t.Fatalf("env %d ended on seat %d: agent seat %d, reward %v, new current player %d",
						i, prev[i], b.AgentSeat[i], b.RewardAt(i), b.CurrentPlayer[i])
				}
			}
		}
		copy(prev, b.CurrentPlayer)
	}
	if ended == 0 {
		t.Fatal("no episode ended")
	}
}

func TestNewVector_LeagueErrors(t *testing.T) {
	tests := []struct {
		name string
		c    env.Config
		want string
	}{
		{"MixInSelfPlay", env.Config{OpponentMix: []env.WeightedPolicy{{Policy: passer, Weight: 1}}}, "OpponentMix is only used in the SingleAgent view"},
		{"SeatInSelfPlay", env.Config{Seat: env.SeatRandom}, "Seat random is only used in the SingleAgent view"},
		{"Both", env.Config{View: env.SingleAgent, Opponent: passer, OpponentMix: []env.WeightedPolicy{{Policy: passer, Weight: 1}}}, "both Opponent and OpponentMix"},
		{"ZeroWeight", env.Config{View: env.SingleAgent, OpponentMix: []env.WeightedPolicy{{Policy: passer, Weight: 1}, {Policy: gainer}}}, "OpponentMix[1]: weight 0"},
		{"NilPolicy", env.Config{View: env.SingleAgent, OpponentMix: []env.WeightedPolicy{{Weight: 1}}}, "OpponentMix[0]: nil Policy"},
		{"BadSeat", env.Config{View: env.SingleAgent, Seat: 7}, "bad Seat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.NumEnvs = 1
			v, err := env.NewVector(race.Factory, tt.c)
			if err == nil {
				v.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}
