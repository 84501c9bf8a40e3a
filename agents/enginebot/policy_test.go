package enginebot_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// The test game is Race (env/race), the template every game follows: env games *race.Env
// whose engine is a *race.Game and whose actions are race.Actions.
type policy = enginebot.Policy[*race.Env, *race.Game, race.Action]

// other is a second env game type: a Race under another name.
type other struct{ *race.Env }

// chooser always chooses its action and records the engine it was handed.
type chooser struct {
	a    race.Action
	seen *race.Game
}

func (c *chooser) Choose(g *race.Game, _ *rand.Rand) race.Action {
	c.seen = g
	return c.a
}

var errNotRace = errors.New("test: not a Race")

var game = enginebot.Game{Pkg: "racebot", ErrWrongGame: errNotRace}

func newPolicy(name string, c *chooser) *policy {
	return enginebot.New[*race.Env, *race.Game, race.Action](game, name, "3", c)
}

func TestPolicy(t *testing.T) {
	cfg := race.DefaultConfig()
	cfg.Rounds = 1
	e, err := race.NewEnv(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	spec := e.Spec()
	rng := rand.New(rand.NewPCG(1, 2))

	c := &chooser{a: race.Action{Move: race.Gain, Power: 0.5}}
	p := newPolicy("racer", c)
	if p.Name() != "racer" || p.Version() != "3" || p.Bot() != enginebot.Chooser[*race.Game, race.Action](c) {
		t.Errorf("Name, Version, Bot = %q, %q, %v", p.Name(), p.Version(), p.Bot())
	}
	dst := spec.NewAction()
	if err := p.Act(dst, env.Turn{Spec: spec, Game: e}, rng); err != nil {
		t.Fatalf("Act: %v", err)
	}
	if dst.Discrete[0] != race.Gain || dst.Continuous[0] != 0.5 || c.seen != e.Engine() {
		t.Errorf("Act wrote %v and handed the bot %p, want gain 0.5 and the engine %p", dst, c.seen, e.Engine())
	}

	err = p.Act(spec.NewAction(), env.Turn{Spec: spec, Game: other{e}}, rng)
	if !errors.Is(err, errNotRace) || !strings.Contains(err.Error(), "racer cannot play "+spec.ID) {
		t.Errorf("Act on another game type: %v, want errNotRace naming the bot and %s", err, spec.ID)
	}

	// Nobody has a point yet: stealing is illegal, and the engine's refusal comes back.
	cheat := newPolicy("cheat", &chooser{a: race.Action{Move: race.Steal, Target: 1 - e.Engine().Current()}})
	err = cheat.Act(spec.NewAction(), env.Turn{Spec: spec, Game: e}, rng)
	if !errors.Is(err, env.ErrIllegalAction) || !strings.HasPrefix(err.Error(), "racebot: cheat chose steal") {
		t.Errorf("Act with an illegal action: %v, want an error wrapping env.ErrIllegalAction prefixed by the package and the bot", err)
	}

	for !e.Engine().Over() {
		if _, err := e.Step(dst); err != nil {
			t.Fatal(err)
		}
	}
	err = p.Act(spec.NewAction(), env.Turn{Spec: spec, Game: e}, rng)
	if err == nil || !strings.Contains(err.Error(), "finished game") {
		t.Errorf("Act on a finished game: %v, want an error", err)
	}
}
