package env_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// ExampleVector plays 8 two-player games of Race in self-play
// with random legal actions, and prints the first episodes that end.
func ExampleVector() {
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		panic(err)
	}
	f, err := reg.Lookup("race-v1")
	if err != nil {
		panic(err)
	}
	v, err := env.NewVector(f, env.Config{NumEnvs: 8, Options: env.Options{"rounds": "3"}})
	if err != nil {
		panic(err)
	}
	defer v.Close()

	spec := v.Spec()
	fmt.Println(spec.ID, "players:", spec.NumPlayers, "obs:", spec.ObsSize(), "nvec:", spec.NVec(), "dims:", len(spec.Dims))

	b, err := v.Reset(42)
	if err != nil {
		panic(err)
	}
	actions := spec.NewActions(v.NumEnvs())
	rng := rand.New(rand.NewPCG(42, 0))
	for ended := 0; ended < 3; {
		// Choose an action for every env: a policy network would read
		// b.ObsAt(i) and b.MaskAt(i); here, random legal moves.
		for i := range v.NumEnvs() {
			t := env.Turn{Spec: spec, Player: int(b.CurrentPlayer[i]), Obs: b.ObsAt(i), Mask: b.MaskAt(i), Game: v.Game(i)}
			if err := (env.RandomPolicy{}).Act(actions.At(spec, i), t, rng); err != nil {
				panic(err)
			}
		}
		if b, err = v.Step(actions); err != nil {
			panic(err)
		}
		for i := range v.NumEnvs() {
			if b.Terminated[i] && ended < 3 {
				ended++
				fmt.Printf("env %d: episode %d ended after %d steps, returns %v\n",
					i, b.Episode[i], b.EpisodeLength[i], b.EpisodeReturn[i*2:i*2+2])
			}
		}
	}
	// Output:
	// race-v1 players: 2 obs: 8 nvec: [4 1] dims: 1
	// env 0: episode 0 ended after 6 steps, returns [-1 1]
	// env 1: episode 0 ended after 6 steps, returns [1 -1]
	// env 2: episode 0 ended after 6 steps, returns [-1 1]
}
