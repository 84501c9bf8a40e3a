package enginebot_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/dummy"
)

// The test game: env games *dummy.Game, whose engine is the game itself and whose actions
// are a Race move (the first head's value).
type move int32

// other is a second env game type: a Race under another name.
type other struct{ *dummy.Game }

// chooser always chooses its move and records the engine it was handed.
type chooser struct {
	m    move
	seen *dummy.Game
}

func (c *chooser) Choose(g *dummy.Game, _ *rand.Rand) move {
	c.seen = g
	return c.m
}

var errNotRace = errors.New("test: not a Race")

// newGame returns the Game of the tests; over says whether a game is finished and bad is the
// move its Encode rejects.
func newGame(over *bool, bad move) *enginebot.Game[*dummy.Game, *dummy.Game, move] {
	return &enginebot.Game[*dummy.Game, *dummy.Game, move]{
		Pkg:          "racebot",
		ErrWrongGame: errNotRace,
		Engine:       func(e *dummy.Game) *dummy.Game { return e },
		Over:         func(*dummy.Game) bool { return *over },
		Encode: func(_ *dummy.Game, _ *dummy.Game, m move, dst env.Action) error {
			if m == bad {
				return errors.New("no such move")
			}
			dst.Discrete[0] = int32(m)
			return nil
		},
	}
}

func TestPolicy(t *testing.T) {
	g, err := dummy.New(dummy.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	over := false
	game := newGame(&over, 7)
	rng := rand.New(rand.NewPCG(1, 2))

	c := &chooser{m: 2}
	p := enginebot.New(game, "racer", "3", c)
	if p.Name() != "racer" || p.Version() != "3" || p.Bot() != enginebot.Chooser[*dummy.Game, move](c) {
		t.Errorf("Name, Version, Bot = %q, %q, %v", p.Name(), p.Version(), p.Bot())
	}
	dst := spec.NewAction()
	if err := p.Act(dst, env.Turn{Spec: spec, Game: g}, rng); err != nil {
		t.Fatalf("Act: %v", err)
	}
	if dst.Discrete[0] != 2 || c.seen != g {
		t.Errorf("Act wrote %d and handed the bot %p, want 2 and the game %p", dst.Discrete[0], c.seen, g)
	}

	err = p.Act(spec.NewAction(), env.Turn{Spec: spec, Game: other{g}}, rng)
	if !errors.Is(err, errNotRace) || !strings.Contains(err.Error(), "racer cannot play "+spec.ID) {
		t.Errorf("Act on another game type: %v, want errNotRace naming the bot and %s", err, spec.ID)
	}

	err = enginebot.New(game, "cheat", "1", &chooser{m: 7}).Act(spec.NewAction(), env.Turn{Spec: spec, Game: g}, rng)
	if err == nil || !strings.HasPrefix(err.Error(), "racebot: cheat: ") {
		t.Errorf("Act with a rejected move: %v, want an error prefixed by the package and the bot", err)
	}

	over = true
	err = p.Act(spec.NewAction(), env.Turn{Spec: spec, Game: g}, rng)
	if err == nil || !strings.Contains(err.Error(), "finished game") {
		t.Errorf("Act on a finished game: %v, want an error", err)
	}
}
