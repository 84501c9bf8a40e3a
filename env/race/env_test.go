package race_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/race"
)

func TestConformance(t *testing.T) {
	envtest.Run(t, race.Factory)
}

func TestConformance_FivePlayers(t *testing.T) {
	envtest.RunConfig(t, race.Factory, envtest.Config{Options: env.Options{"players": "5", "rounds": "2", "noise": "0"}, NumEnvs: 3})
}

func TestFactory(t *testing.T) {
	tests := []struct {
		name    string
		opts    env.Options
		wantErr bool
		players int
	}{
		{"Defaults", nil, false, 2},
		{"ThreePlayers", env.Options{"players": "3"}, false, 3},
		{"TooFewPlayers", env.Options{"players": "1"}, true, 0},
		{"TooManyPlayers", env.Options{"players": "6"}, true, 0},
		{"NotANumber", env.Options{"rounds": "ten"}, true, 0},
		{"ZeroRounds", env.Options{"rounds": "0"}, true, 0},
		{"NegativeNoise", env.Options{"noise": "-0.5"}, true, 0},
		{"NaNNoise", env.Options{"noise": "NaN"}, true, 0},
		{"Unknown", env.Options{"player": "3"}, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := race.Factory(tt.opts)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Factory(%v) error = %v, want error %v", tt.opts, err, tt.wantErr)
			}
			if err != nil {
				if g != nil {
					t.Errorf("Factory(%v) returned a non-nil game with an error", tt.opts)
				}
				return
			}
			if got := g.Spec().NumPlayers; got != tt.players {
				t.Errorf("NumPlayers = %d, want %d", got, tt.players)
			}
		})
	}
}

func TestRegister(t *testing.T) {
	r := env.NewRegistry()
	if err := race.Register(r); err != nil {
		t.Fatal(err)
	}
	g, err := r.New(race.ID, env.Options{"players": "4"})
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Spec().NumPlayers; got != 4 {
		t.Errorf("NumPlayers = %d, want 4", got)
	}
	if err := race.Register(r); err == nil {
		t.Errorf("second Register succeeded")
	}
}

// newGame returns a reset 3-player game without noise, with its first
// player and sweet spot drawn from seed.
func newGame(t *testing.T) *race.Env {
	t.Helper()
	g, err := race.NewEnv(race.Config{Players: 3, Rounds: 2, Noise: 0})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	return g
}

// state is the JSON view, decoded.
type state struct {
	Turn    int       `json:"turn"`
	Current int       `json:"current"`
	Sweet   float64   `json:"sweet"`
	Scores  []float64 `json:"scores"`
	Doubles []bool    `json:"doubles"`
	Over    bool      `json:"over"`
}

func view(t *testing.T, g *race.Env) state {
	t.Helper()
	js, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var s state
	if err := json.Unmarshal(js, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

func act(move, target int32, power float32) env.Action {
	return env.Action{Discrete: []int32{move, target}, Continuous: []float32{power}}
}

func TestGame_Rules(t *testing.T) {
	g := newGame(t)
	s0 := view(t, g)
	first := s0.Current
	sweet := float32(s0.Sweet)

	// The first player gains 2 exactly at the sweet spot (no noise).
	if st, err := g.Step(act(race.Gain, 0, sweet)); err != nil || st != env.Running {
		t.Fatalf("gain: %v %v", st, err)
	}
	s := view(t, g)
	if got := s.Scores[first]; math.Abs(got-2) > 1e-6 {
		t.Errorf("score after gain at the sweet spot = %g, want 2", got)
	}
	if s.Current != (first+1)%3 || s.Turn != 1 {
		t.Errorf("after one move: current %d turn %d, want %d 1", s.Current, s.Turn, (first+1)%3)
	}

	// The second player may steal from the first (relative target 1: two
	// seats after the second player is the first player).
	mask := make([]bool, g.Spec().MaskSize())
	g.Mask(mask)
	if !mask[race.Steal] {
		t.Fatalf("steal not allowed while a seat has 2 points: mask %v", mask)
	}
	if err := g.Validate(act(race.Steal, 0, 0)); err == nil {
		t.Errorf("steal from a seat with 0 points validated")
	} else if !errors.Is(err, env.ErrIllegalAction) {
		t.Errorf("Validate error %v does not wrap ErrIllegalAction", err)
	}
	if err := g.Validate(act(race.Steal, 1, 0)); err != nil {
		t.Fatalf("steal from the first player: %v", err)
	}
	if _, err := g.Step(act(race.Steal, 1, 0)); err != nil {
		t.Fatal(err)
	}
	s = view(t, g)
	if math.Abs(s.Scores[first]-1) > 1e-6 || s.Scores[(first+1)%3] != 1 {
		t.Errorf("after steal scores %v, want 1 for seats %d and %d", s.Scores, first, (first+1)%3)
	}

	// The third player doubles at distance 1 from the sweet spot: 2·1.
	power := sweet - 1
	if power < -1 {
		power = sweet + 1
	}
	if _, err := g.Step(act(race.Double, 0, power)); err != nil {
		t.Fatal(err)
	}
	s = view(t, g)
	third := (first + 2) % 3
	if math.Abs(s.Scores[third]-2) > 1e-6 || s.Doubles[third] {
		t.Errorf("after double at distance 1: score %g doubles %v, want 2 false", s.Scores[third], s.Doubles[third])
	}
	g.Mask(mask)
	if g.CurrentPlayer() == third && mask[race.Double] {
		t.Errorf("double still allowed after use")
	}

	// Three passes end the game (2 rounds of 3 players).
	for k := range 3 {
		st, err := g.Step(act(race.Pass, 0, 0))
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]env.Status{false: env.Running, true: env.Terminated}[k == 2]; st != want {
			t.Errorf("pass %d: status %v, want %v", k, st, want)
		}
	}
	// Scores: first 1, second 1, third 2: the third wins.
	out := make([]float32, 3)
	g.Outcome(out)
	want := make([]float32, 3)
	want[first], want[(first+1)%3], want[third] = -1, -1, 1
	for i := range out {
		if out[i] != want[i] {
			t.Errorf("outcome %v, want %v", out, want)
			break
		}
	}
}

func TestGame_Outcome(t *testing.T) {
	// Two players both gain exactly 2 per turn: a draw.
	g, err := race.NewEnv(race.Config{Players: 2, Rounds: 1, Noise: 0})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatal(err)
	}
	sweet := float32(view(t, g).Sweet)
	g.Step(act(race.Gain, 0, sweet))
	if st, _ := g.Step(act(race.Gain, 0, sweet)); st != env.Terminated {
		t.Fatalf("status %v, want terminated", st)
	}
	out := make([]float32, 2)
	g.Outcome(out)
	if out[0] != 0 || out[1] != 0 {
		t.Errorf("draw outcome %v, want [0 0]", out)
	}
}

func TestGame_ObserveRotates(t *testing.T) {
	g := newGame(t)
	first := g.CurrentPlayer()
	g.Step(act(race.Gain, 0, float32(view(t, g).Sweet)))
	obs := make([]float32, g.Spec().ObsSize())
	for p := range 3 {
		g.Observe(obs, p)
		// score[k] is seat p+k; the first mover is k = first-p (mod 3).
		k := (first - p + 3) % 3
		if obs[k] <= 0 {
			t.Errorf("observer %d: score of the first mover at index %d is %g, want > 0", p, k, obs[k])
		}
		if obs[(k+1)%3] != 0 || obs[(k+2)%3] != 0 {
			t.Errorf("observer %d: other scores %v, want 0", p, obs[:3])
		}
	}
}
