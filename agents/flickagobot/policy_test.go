package flickagobot_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/race"
)

// TestPolicy_Act plays whole games of flickago-v3 through the env, the aimer against the
// lightest planner, as the arena does: every action passes the spec's mask check and the
// game's Validate, and the game ends by the rules.
func TestPolicy_Act(t *testing.T) {
	seats := [2]*flickagobot.Policy{flickagobot.NewAimerBot(), flickagobot.NewPlannerBot("planner-lite", flickagobot.Lite)}
	games := 2
	if testing.Short() {
		games = 1
	}
	for seed := range uint64(games) {
		g, err := flickago.Factory(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatal(err)
		}
		spec := g.Spec()
		a, obs, mask := spec.NewAction(), make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
		rngs := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 2))}
		status := env.Running
		for n := 0; status == env.Running; n++ {
			if n == maxDecisions {
				t.Fatalf("seed %d: no end after %d decisions", seed, n)
			}
			p := g.CurrentPlayer()
			g.Observe(obs, p)
			g.Mask(mask)
			if err := seats[p].Act(a, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}, rngs[p]); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, seats[p].Name(), err)
			}
			if err := spec.Check(a, mask); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, seats[p].Name(), err)
			}
			if err := g.Validate(a); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, seats[p].Name(), err)
			}
			if status, err = g.Step(a); err != nil {
				t.Fatal(err)
			}
		}
		if status != env.Terminated {
			t.Errorf("seed %d: status %v, want terminated", seed, status)
		}
	}
}

func TestPolicy_Errors(t *testing.T) {
	p := flickagobot.NewAimerBot()
	raceEnv, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Act(raceEnv.Spec().NewAction(), env.Turn{Spec: raceEnv.Spec(), Game: raceEnv}, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, flickagobot.ErrNotFlickago) {
		t.Errorf("on Race: error %v, want ErrNotFlickago", err)
	}
	e, err := flickago.NewEnv(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	// Play to the end with the default action.
	a := e.Spec().NewAction()
	for st := env.Running; st == env.Running; {
		e.DefaultAction(a)
		if st, err = e.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Act(a, env.Turn{Spec: e.Spec(), Player: e.CurrentPlayer(), Game: e}, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("no error in a finished game")
	}
}

func TestNewBots(t *testing.T) {
	tests := []struct {
		p             *flickagobot.Policy
		name, version string
	}{
		{flickagobot.NewAimerBot(), "aimer", flickagobot.AimerVersion},
		{flickagobot.NewPlannerBot("planner", flickagobot.Default), "planner", flickagobot.PlannerVersion + "/" + flickagobot.Default.String()},
		{flickagobot.NewPlannerBot("x", flickagobot.Budget{}), "x", flickagobot.PlannerVersion + "/1x1"},
	}
	for _, tc := range tests {
		if tc.p.Name() != tc.name || tc.p.Version() != tc.version {
			t.Errorf("%q %q, want %q %q", tc.p.Name(), tc.p.Version(), tc.name, tc.version)
		}
	}
}
