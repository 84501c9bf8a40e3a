package tactics_test

import (
	"reflect"
	"testing"

	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestMoveCowboy checks that a what-if moved in place from spot to spot is, at each spot, the
// what-if made afresh there: the same table, cowboys and sweeps (with and without a scene
// asked for before the first move).
func TestMoveCowboy(t *testing.T) {
	sc, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: flickemup.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	spots := []physics.Vec{{X: 20, Y: 30}, {X: 45, Y: 45}, {X: 60, Y: 20}, {X: 30, Y: 60}}
	for _, sceneFirst := range []bool{false, true} {
		s := tactics.Read(g)
		if sceneFirst {
			s.Scene()
		}
		i := tactics.Dense(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 2})
		var w *tactics.Situation
		for k, p := range spots {
			facing := 0.3 * float64(k)
			if w == nil {
				w = s.WithCowboyAt(i, p, facing)
			} else {
				w.MoveCowboy(i, p, facing)
			}
			fresh := s.WithCowboyAt(i, p, facing)
			if !reflect.DeepEqual(w.St, fresh.St) || w.Cows != fresh.Cows {
				t.Fatalf("scene first %v, spot %d: the moved what-if differs from a fresh one", sceneFirst, k)
			}
			for _, to := range []physics.Vec{{X: 45, Y: 80}, {X: 10, Y: 10}, {X: 80, Y: 40}} {
				pw, dw := w.Scene().Sweep(p, to, 50, 0.9, nil)
				pf, df := fresh.Scene().Sweep(p, to, 50, 0.9, nil)
				if pw != pf || dw != df {
					t.Errorf("scene first %v, spot %d, sweep to %v: moved (%d, %g), fresh (%d, %g)", sceneFirst, k, to, pw, dw, pf, df)
				}
			}
		}
	}
}
