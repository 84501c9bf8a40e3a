package flickago_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// r is the radius of discs and inspectors, cm.
const r = 1.5

// TestBoard_DiscValue checks the value of a gang disc at literal positions of the standard
// board: White attacks half 1 (y > 36), Black half 0; touching means overlapping with
// positive area, and the best zone counts.
func TestBoard_DiscValue(t *testing.T) {
	b := flickago.StandardBoard()
	tests := []struct {
		name string
		p    int
		x, y float64
		want int
	}{
		{"own half", 0, 24, 30, 0},
		{"sector 1", 0, 24, 40, 1},
		{"straddling the centre line", 0, 24, 36, 1},
		{"centre in own half, edge over the line", 0, 24, 35, 1},
		{"edge exactly on the line does not touch", 0, 24, 34.5, 0},
		{"overlapping sectors 1 and 2: the better", 0, 24, 47, 2},
		{"sector 2", 0, 24, 55, 2},
		{"sector 3 in front of the headquarters", 0, 24, 61, 3},
		{"sector 3 in a back corner", 0, 4, 66, 3},
		{"inside the enemy headquarters: no sector", 0, 24, 66, 0},
		{"own return zone", 0, 40, 54, 5},
		{"own return zone edge, over sectors 1 and 2", 0, 40, 48.6, 5},
		{"just outside the own return zone", 0, 40, 48.4, 2},
		{"the opponent's return zone is in the own half", 0, 8, 18, 0},
		{"partly off the board", 0, -1, 40, 1},
		{"partly off the back edge", 0, 24, 73, 0},
		{"partly off the back corner", 0, 47, 73, 3},
		{"Black: sector 1", 1, 24, 32, 1},
		{"Black: own return zone", 1, 8, 18, 5},
		{"Black: sector 3 beside White's headquarters", 1, 44, 5, 3},
		{"Black: own half", 1, 24, 50, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := b.DiscValue(tt.p, physics.Vec{X: tt.x, Y: tt.y}, r); got != tt.want {
				t.Errorf("DiscValue(%d, (%g, %g)) = %d, want %d", tt.p, tt.x, tt.y, got, tt.want)
			}
		})
	}
}

// TestBoard_InspectorValue checks whom an inspector scores for, and how much.
func TestBoard_InspectorValue(t *testing.T) {
	b := flickago.StandardBoard()
	tests := []struct {
		name         string
		x, y         float64
		player, want int
	}{
		{"on a star: touches the line", 24, 36, -1, 0},
		{"clear of the line in half 1: for White", 24, 38, 0, 1},
		{"touching the line's painted width", 24, 37.9, -1, 0},
		{"half 0, sector 2: for Black", 24, 20, 1, 2},
		{"overlapping sectors 2 and 3: the better", 24, 13, 1, 3},
		{"in Black's return zone", 8, 18, -1, 0},
		{"touching White's return zone", 40, 48.6, -1, 0},
		{"half 0 back corner", 44, 5, 1, 3},
		{"inside White's headquarters", 24, 5, -1, 0},
		{"half 1 sector 2", 10, 55, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, v := b.InspectorValue(physics.Vec{X: tt.x, Y: tt.y}, r)
			if p != tt.player || v != tt.want {
				t.Errorf("InspectorValue(%g, %g) = (%d, %d), want (%d, %d)", tt.x, tt.y, p, v, tt.player, tt.want)
			}
		})
	}
}

// TestGame_Scores checks whole-position totals: discs in reserve, eliminated or waiting
// inspectors score nothing.
func TestGame_Scores(t *testing.T) {
	tests := []struct {
		name  string
		setup setup
		want  [2]int
	}{
		{"start", setup{}, [2]int{0, 0}},
		{"discs and inspectors",
			setup{
				discs: []at{
					{p: 0, d: 0, x: 40, y: 54},                // 5
					{p: 0, d: 7, x: 4, y: 66},                 // 3
					{p: 0, d: 8, x: 24, y: 20},                // own half: 0
					{p: 1, d: 1, x: 24, y: 32},                // 1
					{p: 1, d: 9, x: 30, y: 15, flipped: true}, // 2
				},
				gone:  gang(1, 0),
				insp:  []ins{{i: 0, x: 10, y: 55}, {i: 1, x: 20, y: 15}, {i: 2, waiting: true}}, // White +2, Black +2
				phase: flickago.PhasePlace, current: 1, last: 0,
			}, [2]int{10, 5}},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			if got := g.Points(); got != tt.want {
				t.Errorf("Scores = %v, want %v", got, tt.want)
			}
		})
	}
}
