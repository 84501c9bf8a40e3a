//go:build fault

package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// faultID is the id of the test-only game of the fault build.
const faultID = "test/fault-v1"

// faultOptions are the fault game's options: Race's (but players, fixed at 2), and the two
// faults.
var faultOptions = func() env.OptionSpecs {
	var specs env.OptionSpecs
	for _, o := range (&race.Env{}).OptionSpecs() {
		if o.Key != "players" {
			specs = append(specs, o)
		}
	}
	return append(specs,
		env.OptionSpec{Key: "panic_step", Type: env.OptionInt, Min: 0, Max: 1000, Default: "0",
			Doc: "the game panics in its K-th Step of every episode (0: never)"},
		env.OptionSpec{Key: "panic_specs", Type: env.OptionBool, Default: "false",
			Doc: "the game panics when asked its option specs, outside the games' recovery"},
	)
}()

// faultGame is Race for two players that panics on demand: a test-only game for the tests
// of the library's callers (a fault must reach them as an error, never a crash).
type faultGame struct {
	*race.Env
	spec      env.Spec
	panicStep int  // Step panics at this step of an episode; 0 never
	panicSpec bool // OptionSpecs panics
	steps     int  // steps of the current episode
}

// newFaultGame is the fault game's factory.
func newFaultGame(opts env.Options) (env.Game, error) {
	v, err := faultOptions.Parse(opts)
	if err != nil {
		return nil, fmt.Errorf("fault: %w", err)
	}
	g, err := race.NewEnv(race.Config{Players: 2, Rounds: v.Int("rounds"), Noise: v.Float("noise")})
	if err != nil {
		return nil, err
	}
	spec := *g.Spec()
	spec.ID = faultID
	spec.Obs, spec.Heads, spec.Dims = slices.Clone(spec.Obs), slices.Clone(spec.Heads), slices.Clone(spec.Dims)
	return &faultGame{Env: g, spec: spec, panicStep: v.Int("panic_step"), panicSpec: v.Bool("panic_specs")}, nil
}

// Spec implements env.Game: Race's spec under the fault game's id.
func (g *faultGame) Spec() *env.Spec { return &g.spec }

// Reset implements env.Game.
func (g *faultGame) Reset(rng *rand.Rand) error {
	g.steps = 0
	return g.Env.Reset(rng)
}

// Step implements env.Game, panicking at the panic_step-th step of the episode.
func (g *faultGame) Step(a env.Action) (env.Status, error) {
	g.steps++
	if g.steps == g.panicStep {
		panic(fmt.Sprintf("fault: step %d", g.steps))
	}
	return g.Env.Step(a)
}

// OptionSpecs implements env.OptionDeclarer, panicking with panic_specs.
func (g *faultGame) OptionSpecs() env.OptionSpecs {
	if g.panicSpec {
		panic("fault: option specs")
	}
	return faultOptions
}

// registerTestGames registers the fault game.
func registerTestGames(reg *env.Registry) error { return reg.Register(faultID, newFaultGame) }

// testHook panics on a ListGamesRequest whose page token is "fault:panic", so that a test
// sees an export recover from a panic of its own.
func testHook(m proto.Message) {
	if r, ok := m.(*flickv1.ListGamesRequest); ok && r.GetPageToken() == "fault:panic" {
		panic("fault: requested")
	}
}
