package physics_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/physics"
)

// TestPooled_SameAsSimulator checks that a pooled flick, noise included, is the flick of a
// simulator of the same configuration, bit for bit, from several goroutines at once.
func TestPooled_SameAsSimulator(t *testing.T) {
	cfg := testConfig()
	cfg.Noise = physics.Noise{AngleSD: 0.05, PowerSD: 0.1}
	sim, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	pooled, err := physics.NewPooled(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := testTown()
	st.Pieces = append(st.Pieces, physics.Piece{Kind: kindBullet, Pos: physics.Vec{X: 45, Y: 12}})
	bullet := len(st.Pieces) - 1
	flick := func(i int) physics.Flick {
		return physics.Flick{Piece: bullet, Velocity: physics.Polar(150+10*float64(i), 0.3+0.4*float64(i))}
	}
	const n = 6
	want := make([]physics.Outcome, n)
	for i := range n {
		if want[i], err = sim.Flick(st.Clone(), flick(i), rand.New(rand.NewPCG(uint64(i), 3))); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	got := make([]physics.Outcome, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			got[i], errs[i] = pooled.Flick(st.Clone(), flick(i), rand.New(rand.NewPCG(uint64(i), 3)))
		})
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if d := cmp.Diff(want[i], got[i], cmp.AllowUnexported(physics.Outcome{})); d != "" {
			t.Errorf("flick %d: pooled differs from the simulator (-sim +pooled):\n%s", i, d)
		}
	}
	if _, err := physics.NewPooled(physics.Config{}); err == nil {
		t.Error("NewPooled accepted a zero configuration")
	}
}
