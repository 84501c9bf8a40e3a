// Package replaytest helps tests record games: a registry of the games with replays, a
// function that plays and records one game, and Shooter, a simple Flick 'em Up! policy that
// aims at the nearest opponent, for games with hits worth watching. Only test code imports it.
package replaytest

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/physics"
	"github.com/flickarena/flickarena/replay"
)

// Registry returns a registry holding every Flick 'em Up! scenario (flickemup/showdown-v9,
// …, which record their flicks with option record=true), Flip' Rando (a discrete game of 2
// to 5 seats) and Race.
func Registry(tb testing.TB) *env.Registry {
	tb.Helper()
	reg := env.NewRegistry()
	if err := flickemup.Register(reg); err != nil {
		tb.Fatal(err)
	}
	if err := race.Register(reg); err != nil {
		tb.Fatal(err)
	}
	if err := fliprando.Register(reg); err != nil {
		tb.Fatal(err)
	}
	return reg
}

// RecordOn is the option that makes a game record its flicks.
var RecordOn = env.Options{replay.RecordOption: "true"}

// Play records a game of id from reg created with opts, in which pol plays every seat,
// seeded like an arena game of seed key (episode 0 of key), for at most maxSteps steps
// (0: to the end).
func Play(tb testing.TB, reg *env.Registry, id string, opts env.Options, key uint64, maxSteps int, pol env.Policy) *replay.Replay {
	tb.Helper()
	g, err := reg.New(id, opts)
	if err != nil {
		tb.Fatal(err)
	}
	name := "random"
	if _, ok := pol.(Shooter); ok {
		name = "shooter"
	}
	players := make([]string, g.Spec().NumPlayers)
	for i := range players {
		players[i] = name
	}
	rec := replay.NewRecorder(g, replay.Config{Options: opts, Seed: &replay.Seed{Key: key}, Players: players})
	if err := rec.Reset(env.EpisodeRand(key, 0)); err != nil {
		tb.Fatal(err)
	}
	spec := g.Spec()
	act := spec.NewAction()
	obs := make([]float32, spec.ObsSize())
	mask := make([]bool, spec.MaskSize())
	rng := rand.New(rand.NewPCG(key, 7))
	for n := 0; maxSteps <= 0 || n < maxSteps; n++ {
		p := g.CurrentPlayer()
		g.Observe(obs, p)
		g.Mask(mask)
		if err := pol.Act(act, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}, rng); err != nil {
			tb.Fatal(err)
		}
		st, err := rec.Step(act)
		if err != nil {
			tb.Fatal(err)
		}
		if st != env.Running {
			break
		}
	}
	return rec.Replay()
}

// Shooter is a Flick 'em Up! policy that shoots at the nearest standing opponent on the
// table, after a short step forward one turn in three; elsewhere it plays at random.
type Shooter struct{}

// Act implements env.Policy.
func (Shooter) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	e, ok := t.Game.(*flickemup.Env)
	if !ok {
		return env.RandomPolicy{}.Act(dst, t, rng)
	}
	g := e.Engine()
	team := g.CurrentTeam()
	target := func(from physics.Vec) (physics.Vec, bool) {
		best, ok := physics.Vec{}, false
		for n := 1; n <= flickemup.MaxCowboys; n++ {
			c := g.Cowboy(flickemup.CowboyID{Team: team.Other(), Number: n})
			if !c.Present || !c.Alive || c.Inside >= 0 || c.Fallen {
				continue
			}
			if !ok || c.Pos.Sub(from).Len() < best.Sub(from).Len() {
				best, ok = c.Pos, true
			}
		}
		return best, ok
	}
	switch g.Phase() {
	case flickemup.PhaseAct, flickemup.PhaseSecondShot:
		a := flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.Side(rng.IntN(2))}
		if g.Phase() == flickemup.PhaseAct && g.ActionsLeft() == 2 && rng.IntN(3) == 0 {
			dir := 1.0
			if team == flickemup.Outlaws {
				dir = -1
			}
			a = flickemup.Action{Kind: flickemup.ActMove, Velocity: physics.Vec{X: (rng.Float64() - 0.5) * 60, Y: dir * (40 + 40*rng.Float64())}, Facing: math.Pi / 2 * dir}
		} else {
			spot, ok := g.LaunchSpot(a)
			tg, ok2 := target(spot)
			if !ok || !ok2 {
				a = flickemup.Action{Kind: flickemup.ActEndTurn}
			} else {
				d := tg.Sub(spot)
				a.Velocity = d.Scale((150 + 2.5*d.Len()) / d.Len())
			}
		}
		if e.EncodeAction(dst, a) == nil {
			return nil
		}
	}
	return env.RandomPolicy{}.Act(dst, t, rng)
}
