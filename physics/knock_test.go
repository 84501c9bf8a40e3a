package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/physics"
)

func TestFlick_KnockOver(t *testing.T) {
	const (
		figure = kindFigure
		bullet = kindBullet
		disc   = kindDisc
	)
	tests := []struct {
		name    string
		pieces  []physics.Piece
		flicked int
		vel     physics.Vec
		touch   [2]int // a pair that must touch
		fell    []int  // figures that must fall, in order
		hit     int    // Outcome.Hit(flicked)
	}{
		{
			// A disc pushed gently into a figure slides it without toppling it.
			name:    "slow push",
			pieces:  []physics.Piece{at(figure, 50, 50, 0), at(disc, 50, 47.2, 0)},
			flicked: 1, vel: physics.Vec{Y: 15},
			touch: [2]int{0, 1}, fell: nil, hit: -1,
		},
		{
			// A bullet flicked straight at a figure at a normal speed knocks it over: a hit.
			name:    "direct hit",
			pieces:  []physics.Piece{at(figure, 50, 60, 0), at(bullet, 50, 30, 0)},
			flicked: 1, vel: physics.Vec{Y: 150},
			touch: [2]int{0, 1}, fell: []int{0}, hit: 0,
		},
		{
			// A bullet that first glances off a block and then topples the figure is a
			// ricochet: the figure falls but is not hit.
			name: "ricochet",
			pieces: []physics.Piece{
				at(kindBlock, 50, 50, 0),
				at(bullet, 30, 40, 0),
				at(figure, 44, 53, 0),
			},
			flicked: 1, vel: physics.Vec{X: 200, Y: 100},
			touch: [2]int{0, 1}, fell: []int{2}, hit: -1,
		},
		{
			// A bullet topples the first figure off-centre and glances on into a second one: both
			// fall, only the first is hit.
			name:    "two figures",
			pieces:  []physics.Piece{at(figure, 50, 50, 0), at(figure, 57, 50.5, 0), at(bullet, 51, 20, 0)},
			flicked: 2, vel: physics.Vec{Y: 300},
			touch: [2]int{0, 2}, fell: []int{0, 1}, hit: 0,
		},
		{
			// A fallen figure cannot fall again: the hit topples nobody.
			name:    "already fallen",
			pieces:  []physics.Piece{{Kind: figure, Pos: physics.Vec{X: 50, Y: 60}, Angle: 0, Fallen: true}, at(bullet, 50, 30, 0)},
			flicked: 1, vel: physics.Vec{Y: 150},
			touch: [2]int{0, 1}, fell: nil, hit: -1,
		},
	}
	s := newSim(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := scene(tt.pieces...)
			out := flick(t, s, st, tt.flicked, tt.vel)
			if !out.Touched(tt.touch[0], tt.touch[1]) {
				t.Errorf("pieces %d and %d did not touch; contacts %+v", tt.touch[0], tt.touch[1], out.Contacts)
			}
			var fell []int
			for _, f := range out.Falls {
				fell = append(fell, f.Piece)
				if !st.Pieces[f.Piece].Fallen {
					t.Errorf("piece %d fell but its state says standing", f.Piece)
				}
			}
			if len(fell) != len(tt.fell) {
				t.Fatalf("fell = %v, want %v (falls %+v)", fell, tt.fell, out.Falls)
			}
			for i := range fell {
				if fell[i] != tt.fell[i] {
					t.Fatalf("fell = %v, want %v", fell, tt.fell)
				}
			}
			if got := out.Hit(tt.flicked); got != tt.hit {
				t.Errorf("Hit(%d) = %d, want %d", tt.flicked, got, tt.hit)
			}
		})
	}
}
