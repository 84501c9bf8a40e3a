package fliprando_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/fliprando"
)

func TestConformance(t *testing.T) {
	for n := 2; n <= 5; n++ {
		t.Run(strconv.Itoa(n)+"players", func(t *testing.T) {
			envtest.RunConfig(t, fliprando.Factory, envtest.Config{Options: env.Options{"players": strconv.Itoa(n), "first": "-1"}})
		})
	}
}

func TestConformanceVariants(t *testing.T) {
	envtest.RunConfig(t, fliprando.Factory, envtest.Config{Options: env.Options{
		"players": "3", "move_legs": "1", "literal_phase1": "1", "slot_per_round": "1",
		"hidden_weather": "1", "negative_scores": "1", "reward": "margin",
	}})
}

func TestFactoryErrors(t *testing.T) {
	for _, opts := range []env.Options{
		{"players": "1"}, {"players": "6"}, {"players": "x"}, {"first": "2"}, {"first": "-2"},
		{"move_legs": "maybe"}, {"reward": "best"}, {"colour": "red"},
	} {
		if _, err := fliprando.Factory(opts); err == nil {
			t.Errorf("%v accepted", opts)
		}
	}
	reg := env.NewRegistry()
	if err := fliprando.Register(reg); err != nil {
		t.Fatal(err)
	}
	g, err := reg.New(fliprando.ID, env.Options{"players": "4"})
	if err != nil || g.Spec().NumPlayers != 4 || g.Spec().ObsSize() != fliprando.ObsSize {
		t.Fatalf("%v: %v", g, err)
	}
	if fliprando.ObsSize != 1853 {
		t.Errorf("observation size %d, want 1853", fliprando.ObsSize)
	}
}

func TestRankValues(t *testing.T) {
	for _, c := range []struct {
		totals []float64
		r      fliprando.Reward
		want   []float32
	}{
		{[]float64{5, 3}, fliprando.RewardRank, []float32{1, -1}},
		{[]float64{5, 5}, fliprando.RewardRank, []float32{0, 0}},
		{[]float64{56, 56, 30}, fliprando.RewardRank, []float32{0.5, 0.5, -1}},
		{[]float64{1, 2, 3, 4, 5}, fliprando.RewardRank, []float32{-1, -0.5, 0, 0.5, 1}},
		{[]float64{56, 56, 30}, fliprando.RewardWin, []float32{0.5, 0.5, 0}},
		{[]float64{60, 10, 10}, fliprando.RewardMargin, []float32{1, -0.5, -0.5}},
	} {
		got := make([]float32, len(c.totals))
		fliprando.RankValues(got, c.totals, c.r)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v reward %d: %v, want %v", c.totals, c.r, got, c.want)
		}
	}
}

// TestHiddenInformation: two games that differ only in hidden information
// (another seat's hand fronts with the same backs, the order of the draw
// pile below its top) give the same observation, while the observer's own
// hand does show.
func TestHiddenInformation(t *testing.T) {
	e, err := newEnv(env.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	if err := e.Reset(rng); err != nil {
		t.Fatal(err)
	}
	obs := func(e *fliprando.Env, p int) []float32 {
		o := make([]float32, fliprando.ObsSize)
		e.Observe(o, p)
		return o
	}
	// Play a few random actions.
	for range 40 {
		stepRandom(t, e, rng)
	}
	base := obs(e, 0)
	for _, v := range base {
		if v < -1 || v > 2 {
			t.Fatalf("value %g out of bounds", v)
		}
	}
	// Swap the hidden parts through the JSON-free test hook.
	other := fliprando.SwapHiddenForTest(e, 1, 7)
	if !fliprando.HandDiffersForTest(e, other, 1) {
		t.Fatal("test set-up: seat 1's hand unchanged")
	}
	if other.Hash() == e.Hash() {
		t.Error("the state hash ignores hidden cards")
	}
	if !slices.Equal(obs(other, 0), base) || !slices.Equal(obs(other, 2), obs(e, 2)) {
		t.Error("seats 0 and 2 observations depend on hidden information")
	}
	if slices.Equal(obs(other, 1), obs(e, 1)) {
		t.Error("seat 1's observation does not show its own changed hand")
	}
	if _, err := json.Marshal(e); err != nil {
		t.Fatal(err)
	}
}

// TestHiddenWeather: with hidden_weather the tokens ahead of the counter
// do not reach an observation; without it they do.
func TestHiddenWeather(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		e, err := newEnv(env.Options{"players": "2", "hidden_weather": strconv.FormatBool(hidden)})
		if err != nil {
			t.Fatal(err)
		}
		same := 0
		for seed := range uint64(20) {
			if err := e.Reset(rand.New(rand.NewPCG(seed, 0))); err != nil {
				t.Fatal(err)
			}
			o1, o2 := make([]float32, fliprando.ObsSize), make([]float32, fliprando.ObsSize)
			e.Observe(o1, 0)
			fliprando.SwapWeatherForTest(e).Observe(o2, 0)
			if slices.Equal(o1, o2) {
				same++
			}
		}
		if hidden && same != 20 || !hidden && same == 20 {
			t.Errorf("hidden %v: %d of 20 observations unchanged by the future weather", hidden, same)
		}
	}
}

// TestDeterminize: a determinised game keeps the seat's observation, its
// invariants and its backs, and changes hidden fronts.
func TestDeterminize(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	changed := 0
	for n := 2; n <= 5; n++ {
		e, err := newEnv(env.Options{"players": strconv.Itoa(n)})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(rng); err != nil {
			t.Fatal(err)
		}
		for step := 0; ; step++ {
			if step%37 == 0 {
				seat := e.CurrentPlayer()
				before := make([]float32, fliprando.ObsSize)
				e.Observe(before, seat)
				c := *e
				c.Engine().Determinize(seat, rng)
				after := make([]float32, fliprando.ObsSize)
				c.Observe(after, seat)
				if !slices.Equal(before, after) {
					t.Fatalf("n %d step %d: the seat's observation changed", n, step)
				}
				if err := c.Engine().Validate(); err != nil {
					t.Fatalf("n %d step %d: %v", n, step, err)
				}
				for p := range n {
					if p != seat && !slices.Equal(c.Engine().Hand(p, nil), e.Engine().Hand(p, nil)) {
						changed++
					}
				}
			}
			st := stepRandom(t, e, rng)
			if st != env.Running {
				break
			}
		}
	}
	if changed == 0 {
		t.Error("determinisation never changed another seat's hand")
	}
}

// TestShapingSumsToTotal: the shaping rewards of an episode add up to each
// seat's final total in units of ShapingUnit (totals start at 0), and the
// outcome ranks the totals.
func TestShapingSumsToTotal(t *testing.T) {
	for n := 2; n <= 5; n++ {
		e, err := newEnv(env.Options{"players": strconv.Itoa(n)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		if err := e.Reset(rng); err != nil {
			t.Fatal(err)
		}
		sum := make([]float64, n)
		shape := make([]float32, n)
		for {
			st := stepRandom(t, e, rng)
			clear(shape)
			e.Shaping(shape)
			for p := range n {
				sum[p] += float64(shape[p]) * fliprando.ShapingUnit
			}
			if st != env.Running {
				break
			}
		}
		totals := e.Engine().Scores(nil)
		for p := range n {
			if d := sum[p] - totals[p]; d > 1e-3 || d < -1e-3 {
				t.Errorf("n %d seat %d: shaping sums to %g points, total %g", n, p, sum[p], totals[p])
			}
		}
		out := make([]float32, n)
		e.Outcome(out)
		want := make([]float32, n)
		fliprando.RankValues(want, totals, fliprando.RewardRank)
		if !slices.Equal(out, want) {
			t.Errorf("outcome %v, want %v", out, want)
		}
	}
}

// TestDeterminize_OnlyInformation: two games a seat cannot tell apart (an
// opponent's hand fronts and the pile below its top exchanged) give the
// same determinisation for the same generator state.
func TestDeterminize_OnlyInformation(t *testing.T) {
	for n := 2; n <= 5; n++ {
		e, err := newEnv(env.Options{"players": strconv.Itoa(n)})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(rand.New(rand.NewPCG(uint64(n), 9))); err != nil {
			t.Fatal(err)
		}
		for seat := range n {
			other := (seat + 1) % n
			twin := fliprando.SwapHiddenForTest(e, other, uint64(seat)+5)
			if !fliprando.HandDiffersForTest(e, twin, other) {
				t.Fatalf("n %d: the twin's hand of seat %d is the same", n, other)
			}
			a, b := *e, *twin
			a.Engine().Determinize(seat, rand.New(rand.NewPCG(3, 3)))
			b.Engine().Determinize(seat, rand.New(rand.NewPCG(3, 3)))
			if a.Hash() != b.Hash() {
				t.Errorf("n %d seat %d: the determinisations differ though the seat cannot tell the games apart", n, seat)
			}
		}
	}
}

// TestOptionSpecs checks the options fliprando-v1 declares (what a server
// lists in ListGames): players 2..5, the first seat, each ruling's
// alternative as a switch that reaches the game's Config, and the reward.
func TestOptionSpecs(t *testing.T) {
	g, err := fliprando.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := g.(env.OptionDeclarer)
	if !ok {
		t.Fatal("fliprando-v1 declares no options")
	}
	specs := d.OptionSpecs()
	if err := specs.Validate(); err != nil {
		t.Fatal(err)
	}
	byKey := map[string]env.OptionSpec{}
	for _, o := range specs {
		byKey[o.Key] = o
	}
	want := []string{"first", "hidden_weather", "literal_phase1", "move_legs", "negative_scores", "players", "reward", "slot_per_round"}
	if got := specs.Keys(); !slices.Equal(got, want) {
		t.Fatalf("declared %v, want %v", got, want)
	}
	if p := byKey["players"]; p.Type != env.OptionInt || p.Min != 2 || p.Max != 5 || p.Default != "2" {
		t.Errorf("players declared as %+v, want an int 2..5, default 2", p)
	}
	if r := byKey["reward"]; !slices.Equal(r.Choices, []string{"rank", "win", "margin"}) || r.Default != "rank" {
		t.Errorf("reward declared as %+v", r)
	}
	for n := 2; n <= 5; n++ {
		g, err := newEnv(env.Options{"players": strconv.Itoa(n), "first": strconv.Itoa(n - 1)})
		if err != nil {
			t.Fatal(err)
		}
		if c := g.Engine().Config(); c.Players != n || c.FirstPlayer != n-1 {
			t.Errorf("players=%d first=%d made %+v", n, n-1, c)
		}
	}
	switches := map[string]func(fliprando.Config) bool{
		"move_legs":       func(c fliprando.Config) bool { return c.MoveLegs },
		"literal_phase1":  func(c fliprando.Config) bool { return c.LiteralPhase1 },
		"slot_per_round":  func(c fliprando.Config) bool { return c.SlotPerRound },
		"hidden_weather":  func(c fliprando.Config) bool { return c.HiddenWeather },
		"negative_scores": func(c fliprando.Config) bool { return c.NegativeScores },
	}
	for key, get := range switches {
		if o := byKey[key]; o.Type != env.OptionBool || o.Default != "false" || o.Doc == "" {
			t.Errorf("%s declared as %+v, want a documented bool, default false", key, o)
		}
		for _, on := range []bool{false, true} {
			g, err := newEnv(env.Options{key: strconv.FormatBool(on)})
			if err != nil {
				t.Fatal(err)
			}
			if get(g.Engine().Config()) != on {
				t.Errorf("%s=%v does not reach the Config", key, on)
			}
		}
	}
	if _, err := newEnv(env.Options{"players": "3", "first": "3"}); err == nil {
		t.Error("first=3 with 3 players accepted")
	}
}
