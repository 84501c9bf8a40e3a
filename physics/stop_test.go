package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// wall stops a flicked piece once its centre passes x = X, counting its calls.
type wall struct {
	X     float64
	calls int
}

func (w *wall) Stop(p physics.Vec) bool {
	w.calls++
	return p.X >= w.X
}

func TestFlick_Stop(t *testing.T) {
	s := newSim(t)
	// A disc pushes a tumbleweed, then is stopped at x = 24 while the tumbleweed runs on.
	st := scene(at(kindDisc, 20, 50, 0), at(kindTumbleweed, 25, 50, 0))
	free := scene(append([]physics.Piece(nil), st.Pieces...)...)
	w := &wall{X: 24}
	out, err := s.Flick(st, physics.Flick{Piece: 0, Velocity: physics.Vec{X: 150}, Stop: w}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := st.Pieces[0]
	if !out.Stopped || !d.Off || d.Pos.X < 24 || d.Pos.X > 25 || out.StopTime <= 0 || out.StopTime >= out.Time {
		t.Fatalf("stopped %v at %v (off %v) at %v s of %v s; want stopped just past x = 24", out.Stopped, d.Pos, d.Off, out.StopTime, out.Time)
	}
	if out.WentOff(0) {
		t.Errorf("a stopped piece is listed in Off: %v", out.Off)
	}
	if w.calls == 0 || w.calls > out.Steps {
		t.Errorf("Stop called %d times in %d steps", w.calls, out.Steps)
	}
	if !out.Touched(0, 1) || st.Pieces[1].Pos.X <= 28 {
		t.Errorf("the tumbleweed did not run on past the stop: %v", st.Pieces[1].Pos)
	}
	ref := flick(t, s, free, 0, physics.Vec{X: 150})
	if ref.Stopped || free.Pieces[0].Off {
		t.Errorf("without a Stopper the disc stopped: %+v", free.Pieces[0])
	}
	out.Restore(st)
	if st.Pieces[0].Off || st.Pieces[0].Pos.X != 20 {
		t.Errorf("Restore left the stopped disc at %+v", st.Pieces[0])
	}
}
