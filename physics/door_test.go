package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// building returns a state with one building whose door faces south (the street at low Y):
// blocks at (45.5, 50) and (54.5, 50), door line y = 50 from x = 47 to x = 53, 12 cm deep.
func building(extra ...physics.Piece) (*physics.State, physics.Door) {
	// Facing the building from the south, the viewer looks north: Left is west.
	st := scene(append([]physics.Piece{at(kindBlock, 45.5, 50, 0), at(kindBlock, 54.5, 50, 0)}, extra...)...)
	return st, testDoor(0, 1, 12)
}

func TestDoor_Line(t *testing.T) {
	st, d := building()
	a, b, front := d.Line(st)
	if a != (physics.Vec{X: 47, Y: 50}) || b != (physics.Vec{X: 53, Y: 50}) {
		t.Errorf("line = %v-%v, want (47,50)-(53,50)", a, b)
	}
	if front != (physics.Vec{X: 0, Y: -1}) {
		t.Errorf("front = %v, want (0,-1): the street is south", front)
	}
}

func TestDoor_EnteredExited(t *testing.T) {
	const r = 1.5 // disc radius, cm
	tests := []struct {
		name            string
		pos             physics.Vec
		entered, exited bool
	}{
		{"far in the street", physics.Vec{X: 50, Y: 40}, false, true},
		{"touching the line from the street", physics.Vec{X: 50, Y: 48.5}, false, true},
		{"rim just past the line", physics.Vec{X: 50, Y: 48.6}, true, false},
		{"centre on the line", physics.Vec{X: 50, Y: 50}, true, false},
		{"deep inside", physics.Vec{X: 50, Y: 58}, true, false},
		{"behind the building", physics.Vec{X: 50, Y: 70}, false, false},
		{"past the line beside the building", physics.Vec{X: 30, Y: 52}, false, false},
		{"in front, off to the side", physics.Vec{X: 30, Y: 40}, false, false},
	}
	st, d := building()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := d.Entered(st, tt.pos, r); got != tt.entered {
				t.Errorf("Entered = %v, want %v", got, tt.entered)
			}
			if got := d.Exited(st, tt.pos, r); got != tt.exited {
				t.Errorf("Exited = %v, want %v", got, tt.exited)
			}
		})
	}
}

func TestDoor_OnInnerFace(t *testing.T) {
	st, d := building()
	tests := []struct {
		name string
		blk  int
		p    physics.Vec
		want bool
	}{
		{"left block, inner (east) face", 0, physics.Vec{X: 47, Y: 50.5}, true},
		{"left block, outer (west) face", 0, physics.Vec{X: 44, Y: 50}, false},
		{"left block, front (south) face", 0, physics.Vec{X: 45.5, Y: 48.5}, false},
		{"right block, inner (west) face", 1, physics.Vec{X: 53, Y: 49.2}, true},
		{"right block, back face", 1, physics.Vec{X: 54.5, Y: 51.5}, false},
		{"not a door block", 2, physics.Vec{X: 53, Y: 50}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := d.OnInnerFace(st, tt.blk, tt.p); got != tt.want {
				t.Errorf("OnInnerFace(%d, %v) = %v, want %v", tt.blk, tt.p, got, tt.want)
			}
		})
	}
}

// TestDoor_FlickThrough moves a disc into the building, grazing the left block's inner face,
// and another into the block's front face.
func TestDoor_FlickThrough(t *testing.T) {
	s := newSim(t)
	t.Run("grazes the inner face", func(t *testing.T) {
		st, d := building(at(kindDisc, 49.2, 30, 0))
		before := st.Clone()
		out := flick(t, s, st, 2, physics.Vec{X: -6, Y: 125})
		if len(out.Contacts) == 0 {
			t.Fatalf("the disc touched nothing; ended at %v", st.Pieces[2].Pos)
		}
		if !d.TouchedOnlyInnerFaces(before, &out, 2) {
			t.Errorf("contacts %+v not all on inner faces", out.Contacts)
		}
		if !d.Entered(st, st.Pieces[2].Pos, 1.5) {
			t.Errorf("disc at %v has not entered", st.Pieces[2].Pos)
		}
	})
	t.Run("hits the front face", func(t *testing.T) {
		st, d := building(at(kindDisc, 45.5, 30, 0))
		before := st.Clone()
		out := flick(t, s, st, 2, physics.Vec{Y: 110})
		if !out.Touched(0, 2) {
			t.Fatalf("the disc missed the block; contacts %+v", out.Contacts)
		}
		if d.TouchedOnlyInnerFaces(before, &out, 2) {
			t.Errorf("a hit on the front face counted as an inner face contact: %+v", out.Contacts)
		}
	})
}
