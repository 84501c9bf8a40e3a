package flickago_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestGame_Place checks where a waiting inspector lands and who acts next, on literal
// positions: White flicked last, so Black places.
func TestGame_Place(t *testing.T) {
	tests := []struct {
		name      string
		setup     setup
		star      int
		inspector int         // the inspector placed
		want      physics.Vec // where it lands, cm
		phase     flickago.Phase
		current   int
	}{
		{name: "on a free star",
			setup: setup{insp: []ins{{i: 0, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  0, inspector: 0, want: physics.Vec{X: 10, Y: 36}, phase: flickago.PhaseFlick, current: 1},
		{name: "a star covered by another inspector",
			setup: setup{insp: []ins{{i: 0, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  2, inspector: 0, want: physics.Vec{X: 35, Y: 36}, phase: flickago.PhaseFlick, current: 1},
		{name: "a covered star sends it to the nearest free point of the line, left first",
			setup: setup{discs: []at{{p: 0, d: 0, x: 24, y: 36}}, insp: []ins{{i: 1, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  1, inspector: 1, want: physics.Vec{X: 21, Y: 36}, phase: flickago.PhaseFlick, current: 1},
		{name: "right when the left is covered",
			setup: setup{discs: []at{{p: 0, d: 0, x: 24, y: 36}, {p: 1, d: 0, x: 21, y: 36.5}}, insp: []ins{{i: 1, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  1, inspector: 1, want: physics.Vec{X: 27, Y: 36}, phase: flickago.PhaseFlick, current: 1},
		{name: "the lowest waiting inspector first, the placer places again",
			setup: setup{insp: []ins{{i: 0, waiting: true}, {i: 2, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  0, inspector: 0, want: physics.Vec{X: 10, Y: 36}, phase: flickago.PhasePlace, current: 1},
		{name: "Black flicked last: White places and then flicks",
			setup: setup{insp: []ins{{i: 2, waiting: true}}, phase: flickago.PhasePlace, current: 0, last: 1},
			star:  2, inspector: 2, want: physics.Vec{X: 38, Y: 36}, phase: flickago.PhaseFlick, current: 0},
		{name: "the placer who cannot flick lets the flicker flick again",
			setup: setup{gone: gang(1, ids(0, 11)...), insp: []ins{{i: 2, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			star:  2, inspector: 2, want: physics.Vec{X: 38, Y: 36}, phase: flickago.PhaseFlick, current: 0},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			var res flickago.Result
			err := g.Apply(flickago.PlaceInspector(tt.star), &res)
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			st := g.State()
			if res.Inspector != tt.inspector || res.PlacedAt != tt.want {
				t.Errorf("placed inspector %d at %v, want %d at %v", res.Inspector, res.PlacedAt, tt.inspector, tt.want)
			}
			if in := st.Inspectors[tt.inspector]; in.Waiting || in.Pos != tt.want {
				t.Errorf("inspector %d: %+v, want on the board at %v", tt.inspector, in, tt.want)
			}
			if st.Phase != tt.phase || st.Current != tt.current {
				t.Errorf("next: %v by %d, want %v by %d", st.Phase, st.Current, tt.phase, tt.current)
			}
		})
	}
}

// TestGame_Truncated checks the turn cap: the game ends truncated, with no winner.
func TestGame_Truncated(t *testing.T) {
	cfg := flickago.DefaultConfig()
	cfg.MaxTurns = 2
	cfg.FirstPlayer = flickago.Black
	g, err := flickago.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.Reset(nil)
	for turn := range 2 {
		if g.Over() {
			t.Fatalf("over after %d turns", turn)
		}
		if err := g.Apply(flickago.FlickFrom(1, physics.Vec{Y: 40 * float64(1-2*g.Current())}), nil); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || !g.Truncated() || g.Winner() != -1 {
		t.Errorf("after 2 turns: over %v, truncated %v, winner %d; want true, true, -1", g.Over(), g.Truncated(), g.Winner())
	}
}

// TestGame_Winner checks the result of ended games on literal positions.
func TestGame_Winner(t *testing.T) {
	tests := []struct {
		name   string
		setup  setup
		scores [2]int
		winner int
	}{
		{"White ahead", setup{phase: flickago.PhaseOver, discs: []at{{p: 0, d: 0, x: 24, y: 55}}}, [2]int{2, 0}, 0},
		{"Black ahead", setup{phase: flickago.PhaseOver, discs: []at{{p: 1, d: 0, x: 8, y: 18}}}, [2]int{0, 5}, 1},
		{"draw", setup{phase: flickago.PhaseOver, discs: []at{{p: 0, d: 0, x: 24, y: 40}, {p: 1, d: 0, x: 24, y: 32}}}, [2]int{1, 1}, -1},
		{"not over", setup{discs: []at{{p: 0, d: 0, x: 24, y: 55}}}, [2]int{2, 0}, -1},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			if s, w := g.Points(), g.Winner(); s != tt.scores || w != tt.winner {
				t.Errorf("scores %v winner %d, want %v and %d", s, w, tt.scores, tt.winner)
			}
		})
	}
}
