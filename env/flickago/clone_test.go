package flickago_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestCloneWith_Simulator checks that a clone given a simulator of the game's own physics
// configuration plays as Clone's: the same positions after the same flicks and noise.
func TestCloneWith_Simulator(t *testing.T) {
	cfg := flickago.DefaultConfig()
	g, err := flickago.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.Reset(rand.New(rand.NewPCG(3, 4)))
	sim, err := physics.New(g.Config().Physics)
	if err != nil {
		t.Fatal(err)
	}
	a, b := g.Clone(), g.CloneWith(sim)
	a.SetRand(rand.New(rand.NewPCG(5, 6)))
	b.SetRand(rand.New(rand.NewPCG(5, 6)))
	pick := rand.New(rand.NewPCG(7, 8))
	moved := 0
	for n := 0; n < 30 && !a.Over(); n++ {
		legal := a.Legal(nil)
		act := legal[pick.IntN(len(legal))]
		if act.Type == flickago.ActFlick {
			act = act.WithVelocity(physics.Polar(50+150*pick.Float64(), 2*math.Pi*pick.Float64()))
		}
		was := a.State()
		if err := a.Apply(act, nil); err != nil {
			t.Fatal(err)
		}
		if err := b.Apply(act, nil); err != nil {
			t.Fatal(err)
		}
		if a.State() != b.State() {
			t.Fatalf("action %d (%v): the clones part", n, act)
		}
		if a.State().Discs != was.Discs {
			moved++
		}
	}
	if moved < 10 {
		t.Errorf("only %d of the actions moved a disc", moved)
	}
}

// failing is a Flicker whose every flick fails.
type failing struct{}

var errFailing = errors.New("no table")

// Flick implements flickago.Flicker.
func (failing) Flick(*physics.State, physics.Flick, *rand.Rand) (physics.Outcome, error) {
	return physics.Outcome{}, errFailing
}

// TestCloneWith_FlickerError checks that a failing Flicker's error reaches the caller of
// Apply, wrapped, and leaves the clone's position as it was.
func TestCloneWith_FlickerError(t *testing.T) {
	g := newGame(t)
	c := g.CloneWith(failing{})
	before := c.State()
	var flick flickago.Action
	for _, a := range c.Legal(nil) {
		if a.Type == flickago.ActFlick {
			flick = a
			break
		}
	}
	err := c.Apply(flick.WithVelocity(physics.Vec{Y: 100}), nil)
	if !errors.Is(err, errFailing) {
		t.Fatalf("Apply: %v, want an error wrapping %v", err, errFailing)
	}
	if c.State() != before {
		t.Error("the failed flick changed the position")
	}
}

// TestSetState_NamesPieces checks that SetState's errors name the pieces at fault.
func TestSetState_NamesPieces(t *testing.T) {
	g := newGame(t)
	st := setup{discs: []at{{p: 0, d: 1, x: 30, y: 30}, {p: 1, d: 2, x: 30.5, y: 30}}, insp: []ins{{i: 0, x: 30, y: 31}}}.state(g)
	err := g.SetState(st)
	if err == nil {
		t.Fatal("SetState accepted overlapping pieces")
	}
	for _, want := range []string{"player 0 disc 1 and player 1 disc 2 overlap", "player 1 disc 2 and inspector 0 overlap"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
