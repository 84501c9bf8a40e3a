package flickago_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestStandardBoard checks the standard board's numbers and its half-turn symmetry.
func TestStandardBoard(t *testing.T) {
	b := flickago.StandardBoard()
	if err := b.Validate(r); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if b.Width != 48 || b.Length != 72 || b.CentreY != 36 {
		t.Errorf("board %gx%g, centre line %g: want 48x72, 36", b.Width, b.Length, b.CentreY)
	}
	if tb := b.Table(); tb.Width != 68 || tb.Height != 92 {
		t.Errorf("table %v, want 68x92 (a 10 cm margin)", tb)
	}
	var kinds [2]int
	for k, p := range b.Points[0] {
		kinds[p.Kind]++
		q := b.Points[1][k]
		if q.Kind != p.Kind || q.Pos != b.Turn(p.Pos) {
			t.Errorf("point %d: Black %+v is not White's %+v turned", k, q, p)
		}
	}
	if kinds != [2]int{3, 2} {
		t.Errorf("White has %d T and %d F points, want 3 and 2", kinds[0], kinds[1])
	}
	if c := b.Return[0]; c.Centre != b.Turn(b.Return[1].Centre) || c.Radius != b.Return[1].Radius {
		t.Errorf("return zones %+v and %+v are not symmetric", b.Return[0], b.Return[1])
	}
	// Every disc position scores the same for one player as its half turn for the other.
	for y := -1.0; y <= 73; y += 0.7 {
		for x := -1.0; x <= 49; x += 0.7 {
			p := physics.Vec{X: x, Y: y}
			if v0, v1 := b.DiscValue(0, p, r), b.DiscValue(1, b.Turn(p), r); v0 != v1 {
				t.Fatalf("(%g, %g): White scores %d, Black at the turned point %d", x, y, v0, v1)
			}
			if b.HQ[0].Contains(p) != b.HQ[1].Contains(b.Turn(p)) {
				t.Fatalf("(%g, %g): headquarters are not symmetric", x, y)
			}
		}
	}
}

// TestBoard_Validate checks that broken boards are refused, naming the fault.
func TestBoard_Validate(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(b *flickago.Board)
		want  string
	}{
		{"zero width", func(b *flickago.Board) { b.Width = 0 }, "width"},
		{"centre line off the board", func(b *flickago.Board) { b.CentreY = 80 }, "centre line"},
		{"point outside its headquarters", func(b *flickago.Board) { b.Points[0][0].Pos.Y = 20 }, "outside its headquarters"},
		{"points too close", func(b *flickago.Board) { b.Points[1][1].Pos = b.Points[1][0].Pos.Add(physics.Vec{X: 2}) }, "closer than a disc diameter"},
		{"no F point", func(b *flickago.Board) {
			b.Points[0][1].Kind, b.Points[0][3].Kind = flickago.Killer, flickago.Killer
		}, "one T and one F"},
		{"unequal point counts", func(b *flickago.Board) { b.Points[1] = b.Points[1][:4] }, "same number"},
		{"sector value 4", func(b *flickago.Board) { b.Sectors[0][0].Value = 4 }, "value 4"},
		{"sector off the board", func(b *flickago.Board) { b.Sectors[1][0].Rects[0].Max.X = 60 }, "not on the board"},
		{"return zone without radius", func(b *flickago.Board) { b.Return[1].Radius = 0 }, "return zone"},
		{"stars on top of each other", func(b *flickago.Board) { b.Stars[2] = b.Stars[1] }, "stars 1 and 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := flickago.StandardBoard()
			tt.spoil(&b)
			err := b.Validate(r)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate = %v, want an error containing %q", err, tt.want)
			}
			cfg := flickago.DefaultConfig()
			cfg.Board = b
			if _, err := flickago.New(cfg); err == nil {
				t.Errorf("New accepted the broken board")
			}
		})
	}
}

// TestNew_BadConfig checks that New refuses unusable parameters.
func TestNew_BadConfig(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(c *flickago.Config)
	}{
		{"first player 2", func(c *flickago.Config) { c.FirstPlayer = 2 }},
		{"no turns", func(c *flickago.Config) { c.MaxTurns = 0 }},
		{"margin under a radius", func(c *flickago.Config) { c.Board.Margin = 1 }},
		{"bad physics", func(c *flickago.Config) { c.Physics.MaxSpeed = -1 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := flickago.DefaultConfig()
			tt.spoil(&c)
			if _, err := flickago.New(c); err == nil {
				t.Errorf("New accepted %s", tt.name)
			}
		})
	}
}

// TestRect_Touches checks the overlap test that every zone rule uses.
func TestRect_Touches(t *testing.T) {
	rc := flickago.Rect{Min: physics.Vec{X: 0, Y: 0}, Max: physics.Vec{X: 10, Y: 4}}
	tests := []struct {
		x, y float64
		want bool
	}{
		{5, 2, true}, {-1.4, 2, true}, {-1.5, 2, false}, {11.4, 5, false}, {11, 5, true}, {5, 5.49, true}, {5, 5.5, false},
	}
	for _, tt := range tests {
		if got := rc.Touches(physics.Vec{X: tt.x, Y: tt.y}, r); got != tt.want {
			t.Errorf("Touches(%g, %g) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}
