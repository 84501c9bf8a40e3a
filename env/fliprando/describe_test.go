package fliprando_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
)

// TestEnv_DescribeAction: over a random game, each legal action's label names the pending
// decision and the action (a leg also its hiker's colour), and describing changes nothing.
func TestEnv_DescribeAction(t *testing.T) {
	e, err := newEnv(env.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(rand.New(rand.NewPCG(3, 3))); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	act := env.Action{Discrete: make([]int32, 1)}
	legs := 0
	for steps := 0; !e.Engine().Over(); steps++ {
		legal := e.Engine().Legal(nil)
		a := legal[rng.IntN(len(legal))]
		act.Discrete[0] = int32(a)
		h := e.Hash()
		dec := e.Engine().Pending()
		label := e.DescribeAction(act)
		if e.Hash() != h {
			t.Fatalf("step %d: describing %q changed the game", steps, label)
		}
		if !strings.HasPrefix(label, dec.String()+": ") || !strings.HasSuffix(label, a.String()) {
			t.Fatalf("step %d: label %q for %v at %v", steps, label, a, dec)
		}
		if dec == fliprando.DecMoveDir {
			legs++
			if c := fliprando.ColourNames[e.Engine().Mover()]; !strings.Contains(label, " "+c+" ") {
				t.Fatalf("step %d: leg label %q without the %s hiker", steps, label, c)
			}
		}
		if _, err := e.Step(act); err != nil {
			t.Fatal(err)
		}
	}
	if legs == 0 {
		t.Error("no leg in the game: the test checks no hiker")
	}
	act.Discrete[0] = fliprando.NumActions
	if l := e.DescribeAction(act); !strings.Contains(l, "none: ") {
		t.Errorf("an action out of range at the end: %q", l)
	}
}
