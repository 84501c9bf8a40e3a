package flickago_test

import (
	"errors"
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestGame_Validate checks every legality rule on literal positions: a rejected action
// returns its reason, wraps ErrIllegal, and changes nothing; an accepted one passes Validate.
func TestGame_Validate(t *testing.T) {
	v := physics.Vec{Y: 50}
	nan := physics.Vec{X: math.NaN()}
	tests := []struct {
		name  string
		setup setup
		a     flickago.Action
		want  error // nil: legal
	}{
		{"reserve killer on a T point", setup{}, flickago.FlickFrom(0, v), nil},
		{"reserve family on an F point", setup{}, flickago.FlickFrom(1, v), nil},
		{"no such point", setup{}, flickago.FlickFrom(5, v), flickago.ErrPoint},
		{"negative point", setup{}, flickago.FlickFrom(-1, v), flickago.ErrPoint},
		{"no killer left in reserve",
			setup{gone: gang(0, ids(0, 6)...)}, flickago.FlickFrom(2, v), flickago.ErrPoint},
		{"family points still usable without killers",
			setup{gone: gang(0, ids(0, 6)...)}, flickago.FlickFrom(3, v), nil},
		{"point covered by a piece",
			setup{discs: []at{{p: 0, d: 0, x: 24, y: 7}}}, flickago.FlickFrom(2, v), flickago.ErrPoint},
		{"point covered by an inspector",
			setup{insp: []ins{{i: 1, x: 30, y: 7.5}}}, flickago.FlickFrom(3, v), flickago.ErrPoint},
		{"point with a disc just touching its edge (3 cm away)",
			setup{discs: []at{{p: 0, d: 0, x: 24, y: 8}}}, flickago.FlickFrom(2, v), nil},
		{"face-up family disc on the board",
			setup{discs: []at{{p: 0, d: 8, x: 20, y: 20}}}, flickago.FlickDisc(8, v), nil},
		{"flipped family disc",
			setup{discs: []at{{p: 0, d: 8, x: 20, y: 20, flipped: true}}}, flickago.FlickDisc(8, v), flickago.ErrDisc},
		{"killer on the board",
			setup{discs: []at{{p: 0, d: 2, x: 20, y: 20}}}, flickago.FlickDisc(2, v), flickago.ErrDisc},
		{"family disc in reserve", setup{}, flickago.FlickDisc(9, v), flickago.ErrDisc},
		{"eliminated family disc", setup{gone: gang(0, 9)}, flickago.FlickDisc(9, v), flickago.ErrDisc},
		{"disc id out of range", setup{}, flickago.FlickDisc(12, v), flickago.ErrDisc},
		{"only own discs: Black's family disc for White",
			setup{discs: []at{{p: 1, d: 8, x: 20, y: 40}}}, flickago.FlickDisc(8, v), flickago.ErrDisc},
		{"Black flicks its own family disc",
			setup{discs: []at{{p: 1, d: 8, x: 20, y: 40}}, current: 1}, flickago.FlickDisc(8, v), nil},
		{"NaN velocity", setup{}, flickago.FlickFrom(0, nan), flickago.ErrVelocity},
		{"infinite velocity", setup{}, flickago.FlickFrom(0, physics.Vec{Y: math.Inf(1)}), flickago.ErrVelocity},
		{"zero action", setup{}, flickago.Action{}, flickago.ErrPhase},
		{"placement in the flick phase", setup{}, flickago.PlaceInspector(0), flickago.ErrPhase},

		// Returns: White's zone is the circle (40, 54) r 4; a disc touches it within 5.5 cm.
		{"return a disc touching the zone",
			setup{discs: []at{{p: 0, d: 3, x: 40, y: 48.6}}}, flickago.FlickFrom(0, v).WithReturn(3), nil},
		{"return a disc not touching the zone",
			setup{discs: []at{{p: 0, d: 3, x: 40, y: 48.4}}}, flickago.FlickFrom(0, v).WithReturn(3), flickago.ErrReturn},
		{"return from the opponent's zone",
			setup{discs: []at{{p: 0, d: 3, x: 8, y: 18}}}, flickago.FlickFrom(0, v).WithReturn(3), flickago.ErrReturn},
		{"return while an inspector touches the zone",
			setup{discs: []at{{p: 0, d: 3, x: 40, y: 54}}, insp: []ins{{i: 2, x: 43.5, y: 56}}},
			flickago.FlickFrom(0, v).WithReturn(3), flickago.ErrReturn},
		{"return while an inspector is just outside the zone",
			setup{discs: []at{{p: 0, d: 3, x: 40, y: 54}}, insp: []ins{{i: 2, x: 40, y: 59.6}}},
			flickago.FlickFrom(0, v).WithReturn(3), nil},
		{"return a disc in reserve", setup{}, flickago.FlickFrom(0, v).WithReturn(3), flickago.ErrReturn},
		{"return a disc id out of range", setup{}, flickago.FlickFrom(0, v).WithReturn(13), flickago.ErrReturn},
		{"return the family disc then flick it where it lay",
			setup{discs: []at{{p: 0, d: 8, x: 40, y: 54}}}, flickago.FlickDisc(8, v).WithReturn(8), flickago.ErrDisc},
		{"return a killer to free the only killer slot",
			setup{discs: []at{{p: 0, d: 0, x: 40, y: 54}}, gone: gang(0, ids(1, 6)...)},
			flickago.FlickFrom(0, v).WithReturn(0), nil},
		{"no killer to place without the return",
			setup{discs: []at{{p: 0, d: 0, x: 40, y: 54}}, gone: gang(0, ids(1, 6)...)},
			flickago.FlickFrom(0, v), flickago.ErrPoint},

		// Placement phase: Black places an inspector White expelled.
		{"place on a star",
			setup{insp: []ins{{i: 1, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			flickago.PlaceInspector(2), nil},
		{"no such star",
			setup{insp: []ins{{i: 1, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			flickago.PlaceInspector(3), flickago.ErrStar},
		{"flick in the placement phase",
			setup{insp: []ins{{i: 1, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			flickago.FlickFrom(0, v), flickago.ErrPhase},
		{"anything after the end", setup{phase: flickago.PhaseOver}, flickago.FlickFrom(0, v), flickago.ErrOver},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			before, hash := g.State(), g.Hash()
			err := g.Check(tt.a)
			if !errors.Is(err, tt.want) || (tt.want != nil) != (err != nil) {
				t.Fatalf("Validate(%v) = %v, want %v", tt.a, err, tt.want)
			}
			legal := false
			for _, a := range g.Legal(nil) {
				legal = legal || (a.Type == tt.a.Type && a.Return == tt.a.Return && a.Disc == tt.a.Disc &&
					a.Point == tt.a.Point && a.Star == tt.a.Star)
			}
			// Legal lists the discrete choices: the velocity is not one of them.
			if legal != (tt.want == nil) && !errors.Is(tt.want, flickago.ErrVelocity) {
				t.Errorf("Legal lists %v: %v, want %v", tt.a, legal, tt.want == nil)
			}
			if tt.want == nil {
				return
			}
			var ae *flickago.ActionError
			if !errors.As(err, &ae) || !errors.Is(err, flickago.ErrIllegal) {
				t.Errorf("error %v: want an *ActionError wrapping ErrIllegal", err)
			}
			if err := g.Apply(tt.a, nil); !errors.Is(err, tt.want) {
				t.Errorf("Apply(%v) = %v, want %v", tt.a, err, tt.want)
			}
			if g.State() != before || g.Hash() != hash {
				t.Errorf("rejected action changed the state")
			}
		})
	}
}

// TestGame_Legal checks the legal action lists of literal positions.
func TestGame_Legal(t *testing.T) {
	tests := []struct {
		name  string
		setup setup
		want  []string
	}{
		{"start: every start point", setup{}, []string{
			"flick from point 0 (0.0, 0.0) cm/s", "flick from point 1 (0.0, 0.0) cm/s", "flick from point 2 (0.0, 0.0) cm/s",
			"flick from point 3 (0.0, 0.0) cm/s", "flick from point 4 (0.0, 0.0) cm/s"}},
		{"family discs, covered points, and a return",
			setup{
				discs: []at{{p: 0, d: 0, x: 12, y: 5}, {p: 0, d: 7, x: 30, y: 20}, {p: 0, d: 8, x: 40, y: 54}, {p: 0, d: 9, x: 10, y: 40, flipped: true}},
				gone:  gang(0, 10, 11),
			}, []string{
				"flick disc 7 (0.0, 0.0) cm/s", "flick disc 8 (0.0, 0.0) cm/s",
				"flick from point 2 (0.0, 0.0) cm/s", "flick from point 4 (0.0, 0.0) cm/s",
				"return 8, flick disc 7 (0.0, 0.0) cm/s",
				"return 8, flick from point 1 (0.0, 0.0) cm/s", "return 8, flick from point 2 (0.0, 0.0) cm/s",
				"return 8, flick from point 3 (0.0, 0.0) cm/s", "return 8, flick from point 4 (0.0, 0.0) cm/s"}},
		{"placement: every star",
			setup{insp: []ins{{i: 0, waiting: true}}, phase: flickago.PhasePlace, current: 1, last: 0},
			[]string{"place star 0", "place star 1", "place star 2"}},
		{"over: nothing", setup{phase: flickago.PhaseOver}, nil},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			var got []string
			for _, a := range g.Legal(nil) {
				got = append(got, a.String())
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Legal = %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("Legal[%d] = %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}
