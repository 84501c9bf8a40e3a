package physics_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

func TestOutline_Cast(t *testing.T) {
	inf := math.Inf(1)
	right := physics.Vec{X: 1}
	box := physics.Outline{Box: true, C: physics.Vec{X: 10}, HX: 2, HY: 1} // x in [8,12], y in [-1,1]
	tilted := physics.Outline{Box: true, C: physics.Vec{X: 10}, HX: 2, HY: 1, A: math.Pi / 2}
	tests := []struct {
		name string
		o    physics.Outline
		p    physics.Vec
		r    float64
		want float64
	}{
		{"circle head-on", physics.Outline{C: physics.Vec{X: 10}, R: 1}, physics.Vec{}, 0.5, 8.5},
		{"circle grazed", physics.Outline{C: physics.Vec{X: 10, Y: 1.5}, R: 1}, physics.Vec{}, 0.5, 10},
		{"circle missed", physics.Outline{C: physics.Vec{X: 10, Y: 1.6}, R: 1}, physics.Vec{}, 0.5, inf},
		{"circle behind", physics.Outline{C: physics.Vec{X: -10}, R: 1}, physics.Vec{}, 0.5, inf},
		{"circle touching", physics.Outline{C: physics.Vec{X: 1.4}, R: 1}, physics.Vec{}, 0.5, 0},
		{"box face", box, physics.Vec{}, 0.5, 7.5},
		{"box corner", box, physics.Vec{Y: 1.3}, 0.5, 8 - math.Sqrt(0.25-0.09)},
		{"box missed", box, physics.Vec{Y: 1.6}, 0.5, inf},
		{"box tilted", tilted, physics.Vec{}, 0.5, 8.5},
		{"box inside", box, physics.Vec{X: 10}, 0.5, 0},
	}
	for _, tc := range tests {
		if got := tc.o.Cast(tc.p, right, tc.r); math.Abs(got-tc.want) > 1e-9 && !(math.IsInf(got, 1) && math.IsInf(tc.want, 1)) {
			t.Errorf("%s: Cast = %g, want %g", tc.name, got, tc.want)
		}
	}
}

// TestOutline_Placement checks the placement tests of the rules: Contains, Intersects and
// OnTable, touching allowed.
func TestOutline_Placement(t *testing.T) {
	box := physics.Outline{Box: true, C: physics.Vec{X: 10, Y: 10}, HX: 2, HY: 1}
	tilted := physics.Outline{Box: true, C: physics.Vec{X: 10, Y: 10}, HX: 2, HY: 1, A: math.Pi / 2}
	for _, tc := range []struct {
		name string
		a, b physics.Outline
		want bool
	}{
		{"discs apart", physics.Circle(physics.Vec{}, 1), physics.Circle(physics.Vec{X: 2.5}, 1), false},
		{"discs touching", physics.Circle(physics.Vec{}, 1), physics.Circle(physics.Vec{X: 2}, 1), false},
		{"discs overlapping", physics.Circle(physics.Vec{}, 1), physics.Circle(physics.Vec{X: 1.9}, 1), true},
		{"disc on a box face", physics.Circle(physics.Vec{X: 13, Y: 10}, 1), box, false},
		{"disc into a box", physics.Circle(physics.Vec{X: 12.9, Y: 10}, 1), box, true},
		{"disc by a tilted box", physics.Circle(physics.Vec{X: 12.9, Y: 10}, 1), tilted, false},
		{"boxes crossed", box, tilted, true},
		{"boxes apart", box, physics.Outline{Box: true, C: physics.Vec{X: 15, Y: 10}, HX: 1, HY: 1}, false},
		{"boxes touching", box, physics.Outline{Box: true, C: physics.Vec{X: 13, Y: 10}, HX: 1, HY: 1}, false},
	} {
		if got := tc.a.Intersects(tc.b); got != tc.want {
			t.Errorf("%s: Intersects = %v, want %v", tc.name, got, tc.want)
		}
		if got := tc.b.Intersects(tc.a); got != tc.want {
			t.Errorf("%s (swapped): Intersects = %v, want %v", tc.name, got, tc.want)
		}
	}
	if !box.Contains(physics.Vec{X: 11.9, Y: 10}) || box.Contains(physics.Vec{X: 12, Y: 10}) || !tilted.Contains(physics.Vec{X: 10, Y: 11.9}) {
		t.Error("Contains wrong near a box's faces")
	}
	table := physics.Table{Width: 12, Height: 11}
	if !box.OnTable(table) || tilted.OnTable(table) || physics.Circle(physics.Vec{X: 0.5, Y: 5}, 1).OnTable(table) {
		t.Error("OnTable wrong")
	}
	if d := tilted.Dist(physics.Vec{X: 10, Y: 14}); math.Abs(d-2) > 1e-12 {
		t.Errorf("Dist = %g, want 2", d)
	}
}
