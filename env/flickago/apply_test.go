package flickago_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
	"github.com/google/go-cmp/cmp"
)

// speedFor returns the flick speed (cm/s) that slides a disc about d cm on the table: the
// friction joint decelerates it at μ·g = 0.3 × 981 cm/s² (the physics stops it 3-6% short).
func speedFor(d float64) float64 { return math.Sqrt(2 * 0.3 * 981 * d) }

// TestGame_Apply checks the rules applied by a turn, on literal positions: what is
// eliminated and why, which inspectors wait, who acts next, and where the flicked disc is.
func TestGame_Apply(t *testing.T) {
	type place struct {
		p, d  int
		place flickago.Place
	}
	tests := []struct {
		name       string
		setup      setup
		a          flickago.Action
		eliminated []flickago.Elimination
		expelled   []int
		captors    []int
		places     []place // discs whose place is checked after the turn
		flipped    []place // discs that must be flipped (place ignored)
		phase      flickago.Phase
		current    int
	}{
		{name: "reserve killer goes on the board, Black plays next",
			a:      flickago.FlickFrom(2, physics.Vec{Y: speedFor(10)}),
			places: []place{{0, 0, flickago.OnBoard}, {0, 1, flickago.InReserve}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "reserve family takes the lowest free family id",
			setup:  setup{discs: []at{{p: 0, d: 7, x: 20, y: 20}}},
			a:      flickago.FlickFrom(1, physics.Vec{Y: speedFor(5)}),
			places: []place{{0, 8, flickago.OnBoard}, {0, 9, flickago.InReserve}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "a family disc's second flick turns it over",
			setup:   setup{discs: []at{{p: 0, d: 7, x: 20, y: 20}}},
			a:       flickago.FlickDisc(7, physics.Vec{Y: speedFor(5)}),
			flipped: []place{{p: 0, d: 7}},
			phase:   flickago.PhaseFlick, current: 1},
		{name: "return then flick the returned killer from the reserve",
			setup:  setup{discs: []at{{p: 0, d: 0, x: 20, y: 20}, {p: 0, d: 1, x: 26, y: 20}, {p: 0, d: 2, x: 32, y: 20}, {p: 0, d: 3, x: 40, y: 54}}},
			a:      flickago.FlickFrom(4, physics.Vec{Y: speedFor(5)}).WithReturn(3),
			places: []place{{0, 3, flickago.OnBoard}, {0, 4, flickago.InReserve}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "a returned flipped family disc comes back face up",
			setup:  setup{discs: []at{{p: 0, d: 7, x: 40, y: 54, flipped: true}}},
			a:      flickago.FlickFrom(1, physics.Vec{Y: speedFor(5)}).WithReturn(7),
			places: []place{{0, 7, flickago.OnBoard}, {0, 8, flickago.InReserve}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "a disc partly off the board stays",
			setup:  setup{discs: []at{{p: 1, d: 0, x: -1.4, y: 30}, {p: 0, d: 1, x: 20, y: 73.4}}},
			a:      still,
			places: []place{{1, 0, flickago.OnBoard}, {0, 1, flickago.OnBoard}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "a disc sliding off the table is eliminated",
			setup:      setup{discs: []at{{p: 0, d: 7, x: 5, y: 30}}},
			a:          flickago.FlickDisc(7, physics.Vec{X: -300}),
			eliminated: []flickago.Elimination{{Player: 0, Disc: 7, Cause: flickago.CauseOffBoard}},
			phase:      flickago.PhaseFlick, current: 1},
		{name: "a disc stopping wholly off the board, on the margin, is eliminated",
			setup:      setup{discs: []at{{p: 0, d: 7, x: 5, y: 30}}},
			a:          flickago.FlickDisc(7, physics.Vec{X: -speedFor(10)}),
			eliminated: []flickago.Elimination{{Player: 0, Disc: 7, Cause: flickago.CauseOffBoard}},
			phase:      flickago.PhaseFlick, current: 1},
		{name: "a disc whose centre is in the enemy headquarters is eliminated",
			setup:      setup{discs: []at{{p: 0, d: 1, x: 24, y: 62.5}, {p: 1, d: 2, x: 39.5, y: 9.5}}},
			a:          still,
			eliminated: []flickago.Elimination{{Player: 0, Disc: 1, Cause: flickago.CauseEnemyHQ}, {Player: 1, Disc: 2, Cause: flickago.CauseEnemyHQ}},
			phase:      flickago.PhaseFlick, current: 1},
		{name: "a disc overlapping the enemy headquarters with its centre outside stays",
			setup:  setup{discs: []at{{p: 0, d: 1, x: 24, y: 61.5}, {p: 1, d: 2, x: 40.5, y: 9}}},
			a:      still,
			places: []place{{0, 1, flickago.OnBoard}, {1, 2, flickago.OnBoard}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "a disc in its own headquarters stays",
			setup:  setup{discs: []at{{p: 0, d: 1, x: 30, y: 8}, {p: 1, d: 1, x: 24, y: 70}}},
			a:      still,
			places: []place{{0, 1, flickago.OnBoard}, {1, 1, flickago.OnBoard}},
			phase:  flickago.PhaseFlick, current: 1},
		{name: "an inspector knocked off the board waits for Black to place it",
			setup:      setup{discs: []at{{p: 0, d: 7, x: 8, y: 30}}, insp: []ins{{i: 0, x: 3, y: 30}}},
			a:          flickago.FlickDisc(7, physics.Vec{X: -300}),
			eliminated: []flickago.Elimination{{Player: 0, Disc: 7, Cause: flickago.CauseOffBoard}},
			expelled:   []int{0},
			phase:      flickago.PhasePlace, current: 1},
		{name: "an inspector partly off the board stays",
			setup: setup{insp: []ins{{i: 0, x: -1.4, y: 30}}},
			a:     still,
			phase: flickago.PhaseFlick, current: 1},
		{name: "an inspector in a return zone captures the discs of both gangs and waits",
			setup: setup{
				discs: []at{{p: 0, d: 1, x: 40, y: 48.8}, {p: 1, d: 1, x: 35, y: 56}, {p: 1, d: 2, x: 30, y: 54}},
				insp:  []ins{{i: 2, x: 40, y: 54}}},
			a: still,
			eliminated: []flickago.Elimination{
				{Player: 0, Disc: 1, Cause: flickago.CauseCaptured}, {Player: 1, Disc: 1, Cause: flickago.CauseCaptured}},
			places:  []place{{1, 2, flickago.OnBoard}},
			captors: []int{2},
			phase:   flickago.PhasePlace, current: 1},
		{name: "two inspectors in a zone with a disc are both replaced",
			setup: setup{
				discs: []at{{p: 1, d: 1, x: 8, y: 18}},
				insp:  []ins{{i: 0, x: 4, y: 20}, {i: 1, x: 12, y: 16}}},
			a:          still,
			eliminated: []flickago.Elimination{{Player: 1, Disc: 1, Cause: flickago.CauseCaptured}},
			captors:    []int{0, 1},
			phase:      flickago.PhasePlace, current: 1},
		{name: "an inspector in an empty return zone stays",
			setup: setup{insp: []ins{{i: 2, x: 40, y: 54}}},
			a:     still,
			phase: flickago.PhaseFlick, current: 1},
		{name: "an opponent with nothing to flick is skipped",
			setup: setup{gone: gang(1, ids(0, 11)...)},
			a:     still,
			phase: flickago.PhaseFlick, current: 0},
		{name: "an opponent whose reserve discs' points are covered is skipped",
			setup: setup{
				discs: []at{{p: 1, d: 0, x: 36, y: 67}, {p: 1, d: 1, x: 24, y: 67}, {p: 1, d: 2, x: 12, y: 67}},
				gone:  gang(1, ids(3, 11)...)},
			a:     still,
			phase: flickago.PhaseFlick, current: 0},
		{name: "the game ends when neither player can flick",
			setup: setup{gone: append(gang(1, ids(0, 11)...), gang(0, ids(1, 11)...)...)},
			a:     still,
			phase: flickago.PhaseOver, current: 1},
	}
	g := newGame(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			load(t, g, tt.setup)
			var res flickago.Result
			err := g.Apply(tt.a, &res)
			if err != nil {
				t.Fatalf("Apply(%v): %v", tt.a, err)
			}
			st := g.State()
			if diff := cmp.Diff(tt.eliminated, res.Eliminated); diff != "" {
				t.Errorf("eliminated (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.expelled, res.Expelled); diff != "" {
				t.Errorf("expelled (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.captors, res.Captors); diff != "" {
				t.Errorf("captors (-want +got):\n%s", diff)
			}
			for _, e := range tt.eliminated {
				if got := st.Discs[e.Player][e.Disc].Place; got != flickago.Eliminated {
					t.Errorf("player %d disc %d is %v, want eliminated", e.Player, e.Disc, got)
				}
			}
			for _, i := range append(append([]int(nil), tt.expelled...), tt.captors...) {
				if !st.Inspectors[i].Waiting {
					t.Errorf("inspector %d is not waiting", i)
				}
			}
			for _, pl := range tt.places {
				if got := st.Discs[pl.p][pl.d].Place; got != pl.place {
					t.Errorf("player %d disc %d is %v, want %v", pl.p, pl.d, got, pl.place)
				}
			}
			for _, pl := range tt.flipped {
				if !st.Discs[pl.p][pl.d].Flipped {
					t.Errorf("player %d disc %d is not flipped", pl.p, pl.d)
				}
			}
			if st.Phase != tt.phase || st.Current != tt.current {
				t.Errorf("next: %v by %d, want %v by %d", st.Phase, st.Current, tt.phase, tt.current)
			}
			if st.LastFlicker != 0 || st.Turns != 1 {
				t.Errorf("last flicker %d, turns %d: want 0 and 1", st.LastFlicker, st.Turns)
			}
		})
	}
}
