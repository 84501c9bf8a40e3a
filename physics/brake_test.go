package physics_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestFlick_SlideDistance flicks lone discs across an empty table: each must stop where
// constant table friction puts it, v²/(2μg) along its flick, to 0.02 cm, whatever the step
// rule (OpenTravel on, as by default, or off), since friction acts half before and half after
// each step.
func TestFlick_SlideDistance(t *testing.T) {
	for _, open := range []bool{true, false} {
		s := simOpen(t, open)
		cfg := s.Config()
		for _, k := range []physics.Kind{kindBullet, kindDisc} {
			for _, v := range []float64{20, 60, 150, 240} {
				st := &physics.State{Table: physics.Table{Width: 400, Height: 400}, Pieces: []physics.Piece{at(k, 20, 20, 0)}}
				dir := physics.Polar(1, 0.6)
				out := flick(t, s, st, 0, dir.Scale(v))
				want := v * v / (2 * testPieces.Spec(k).TableFriction * cfg.Gravity)
				got := st.Pieces[0].Pos.Sub(physics.Vec{X: 20, Y: 20})
				if along := got.Dot(dir); math.Abs(along-want) > 0.02 {
					t.Errorf("%v at %g cm/s (open steps %v): slid %.3f cm, want %.3f", k, v, open, along, want)
				}
				if across := math.Abs(got.Dot(physics.Polar(1, 0.6+math.Pi/2))); across > 1e-9 {
					t.Errorf("%v at %g cm/s: drifted %.2g cm sideways", k, v, across)
				}
				if out.Capped {
					t.Errorf("%v at %g cm/s: capped", k, v)
				}
			}
		}
	}
}

// TestFlick_OpenStepsAreFewer checks that OpenTravel saves steps on a long free slide and
// none near obstacles: a disc flicked across an empty table takes fewer steps than with
// OpenTravel off; the same disc flicked at a figure 1.5 cm away still touches it and knocks it
// over.
func TestFlick_OpenStepsAreFewer(t *testing.T) {
	steps := func(open bool, pieces ...physics.Piece) (physics.Outcome, *physics.State) {
		s := simOpen(t, open)
		st := scene(pieces...)
		return flick(t, s, st, 0, physics.Vec{X: 250}), st
	}
	free, _ := steps(true, at(kindBullet, 5, 45, 0))
	fixed, _ := steps(false, at(kindBullet, 5, 45, 0))
	if free.Steps*10 > fixed.Steps*7 {
		t.Errorf("free slide: %d steps with OpenTravel, %d without: want at least 30%% fewer", free.Steps, fixed.Steps)
	}
	near, _ := steps(true, at(kindBullet, 10, 45, 0), at(kindFigure, 13.6, 45, 0))
	if !near.Touched(0, 1) || !near.Fell(1) {
		t.Errorf("bullet at a figure 1.5 cm away: touched %v, fell %v", near.Touched(0, 1), near.Fell(1))
	}
}

// simOpen returns a simulator of the default configuration, with OpenTravel on (the default)
// or off (equal to StepTravel).
func simOpen(tb testing.TB, open bool) *physics.Simulator {
	tb.Helper()
	cfg := testConfig()
	if !open {
		cfg.OpenTravel = cfg.StepTravel
	}
	s, err := physics.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
