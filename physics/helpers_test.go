package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// table is a 100 cm square table used by the hand-built scenes of these tests.
var table = physics.Table{Width: 100, Height: 100}

// scene builds a State on the test table.
func scene(pieces ...physics.Piece) *physics.State {
	return &physics.State{Table: table, Pieces: pieces}
}

// at returns a piece of kind k at (x, y) with angle a.
func at(k physics.Kind, x, y, a float64) physics.Piece {
	return physics.Piece{Kind: k, Pos: physics.Vec{X: x, Y: y}, Angle: a}
}

// newSim returns a simulator with the default configuration.
func newSim(tb testing.TB) *physics.Simulator {
	tb.Helper()
	s, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// flick flicks piece i of st with velocity v and no noise.
func flick(tb testing.TB, s *physics.Simulator, st *physics.State, i int, v physics.Vec) physics.Outcome {
	tb.Helper()
	out, err := s.Flick(st, physics.Flick{Piece: i, Velocity: v}, nil)
	if err != nil {
		tb.Fatalf("flick piece %d at %v: %v", i, v, err)
	}
	return out
}
