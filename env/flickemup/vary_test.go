package flickemup_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickemup"
)

// startObs resets a fresh env of the showdown with opts from the generator of seed and returns
// its first observation from seat 0 and the engine's initiative cowboy.
func startObs(t *testing.T, opts env.Options, seed uint64) ([]float32, flickemup.CowboyID) {
	t.Helper()
	g, err := flickemup.Factory(opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(seed, 1))); err != nil {
		t.Fatal(err)
	}
	obs := make([]float32, g.Spec().ObsSize())
	g.Observe(obs, 0)
	return obs, g.(*flickemup.Env).Engine().Initiative()
}

// TestVaryStart_BySeed checks the option vary_start through the factory: the same seed gives
// the same start, different seeds give different starts (every one of 30 distinct) and
// different opening teams, and vary_start=false is the default's start exactly.
func TestVaryStart_BySeed(t *testing.T) {
	on := env.Options{"vary_start": "1"}
	var starts [][]float32
	teams := map[flickemup.Team]int{}
	for seed := range uint64(30) {
		a, ia := startObs(t, on, seed)
		b, ib := startObs(t, on, seed)
		if !slices.Equal(a, b) || ia != ib {
			t.Fatalf("seed %d: two starts differ", seed)
		}
		for i, s := range starts {
			if slices.Equal(s, a) {
				t.Errorf("seeds %d and %d start the same", i, seed)
			}
		}
		starts = append(starts, a)
		teams[ia.Team]++
		plain, ip := startObs(t, nil, seed)
		off, io := startObs(t, env.Options{"vary_start": "false", "angle_sd": "0.026"}, seed)
		if !slices.Equal(plain, off) || ip != io {
			t.Errorf("seed %d: vary_start=false changes the start", seed)
		}
		if slices.Equal(plain, a) {
			t.Errorf("seed %d: vary_start=1 starts as the scenario", seed)
		}
	}
	if teams[flickemup.Lawmen] == 0 || teams[flickemup.Outlaws] == 0 {
		t.Errorf("opening teams over 30 seeds: %v, want both", teams)
	}
}

// TestVaryStart_Options checks the options' bounds, each error naming the option, and that
// start_jitter and start_turn change nothing without vary_start.
func TestVaryStart_Options(t *testing.T) {
	for _, c := range []struct {
		opts env.Options
		key  string
	}{
		{env.Options{"vary_start": "maybe"}, "vary_start"},
		{env.Options{"vary_start": "1", "start_jitter": "21"}, "start_jitter"},
		{env.Options{"vary_start": "1", "start_jitter": "-1"}, "start_jitter"},
		{env.Options{"vary_start": "1", "start_turn": "181"}, "start_turn"},
		{env.Options{"vary_start": "1", "start_initiative": "lawmen"}, "start_initiative"},
	} {
		if _, err := flickemup.Factory(c.opts); err == nil || !strings.Contains(err.Error(), c.key) {
			t.Errorf("options %v: error %v, want one naming %s", c.opts, err, c.key)
		}
	}
	plain, _ := startObs(t, nil, 4)
	for _, ok := range []env.Options{{"vary_start": "1", "start_jitter": "0", "start_turn": "0"}, {"vary_start": "true", "start_jitter": "20", "start_turn": "180"}} {
		if _, err := flickemup.Factory(ok); err != nil {
			t.Errorf("options %v: %v", ok, err)
		}
	}
	for _, opts := range []env.Options{{"start_jitter": "3"}, {"vary_start": "0", "start_turn": "10"}} {
		if a, _ := startObs(t, opts, 4); !slices.Equal(a, plain) {
			t.Errorf("options %v change the start", opts)
		}
	}
	// The scenario's initiative kept: over 20 seeds the cowboys move but the same cowboy opens.
	_, scenarioFirst := startObs(t, nil, 0)
	for seed := range uint64(20) {
		obs, first := startObs(t, env.Options{"vary_start": "1", "start_initiative": "scenario"}, seed)
		if first != scenarioFirst || slices.Equal(obs, plain) {
			t.Errorf("seed %d with start_initiative=scenario: %v opens (want %v), start moved %v", seed, first, scenarioFirst, !slices.Equal(obs, plain))
		}
	}
	// Only the initiative drawn: the cowboys stand on their scenario spots.
	init, _ := startObs(t, env.Options{"vary_start": "1", "start_jitter": "0", "start_turn": "0"}, 4)
	g, _ := flickemup.Factory(nil)
	spec := g.Spec()
	for _, f := range []string{"x", "y", "facing_sin", "facing_cos"} {
		if !slices.Equal(obsField(t, spec, plain, f), obsField(t, spec, init, f)) {
			t.Errorf("field %s moved with start_jitter=0 and start_turn=0", f)
		}
	}
}

// TestConformance_VaryStart runs the env conformance suite with varied starts on every
// scenario (each env's start drawn from its episode's seed).
func TestConformance_VaryStart(t *testing.T) {
	for _, in := range flickemup.List() {
		t.Run(in.Name, func(t *testing.T) {
			envtest.RunConfig(t, flickemup.ScenarioFactory(in.Name), envtest.Config{
				Options: env.Options{"vary_start": "1", "start_jitter": "10"},
				NumEnvs: 2,
			})
		})
	}
}
