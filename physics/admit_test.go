package physics_test

import (
	"reflect"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestFlick_FarPiecesChangeNothing flicks a bullet at a figure, alone and then with barrels
// far from both: the barrels never enter the world, so the outcome and the final positions
// are the same bit for bit.
func TestFlick_FarPiecesChangeNothing(t *testing.T) {
	s := newSim(t)
	play := func(extra ...physics.Piece) (physics.Outcome, *physics.State) {
		st := scene(append([]physics.Piece{at(kindBullet, 20, 20, 0), at(kindFigure, 20, 40, 0)}, extra...)...)
		return flick(t, s, st, 0, physics.Vec{Y: 150}), st
	}
	alone, sa := play()
	crowd, sc := play(at(kindBarrel, 70, 70, 0), at(kindBarrel, 70, 20, 0))
	if !alone.Fell(1) {
		t.Fatalf("the bullet did not knock the figure over: %+v", alone)
	}
	if alone.Steps != crowd.Steps || !reflect.DeepEqual(alone.Contacts, crowd.Contacts) || !reflect.DeepEqual(alone.Falls, crowd.Falls) ||
		!reflect.DeepEqual(sa.Pieces, sc.Pieces[:2]) {
		t.Errorf("far barrels changed the flick:\nalone %+v %+v\ncrowd %+v %+v", alone, sa.Pieces, crowd, sc.Pieces[:2])
	}
}

// TestFlick_ChainMoves flicks a disc into a row of touching barrels: the push must travel to
// the last barrel, which enters the world only through its neighbours.
func TestFlick_ChainMoves(t *testing.T) {
	s := newSim(t)
	st := scene(at(kindDisc, 10, 45, 0))
	for k := 0; k < 6; k++ {
		st.Pieces = append(st.Pieces, at(kindBarrel, 20+3*float64(k), 45, 0))
	}
	last := len(st.Pieces) - 1
	out := flick(t, s, st, 0, physics.Vec{X: 250})
	if !out.Touched(last-1, last) || st.Pieces[last].Pos.X <= 35 {
		t.Errorf("the last barrel of the row did not move: at %v, contacts %+v", st.Pieces[last].Pos, out.Contacts)
	}
}
