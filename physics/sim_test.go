package physics_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/physics"
)

func TestFlick_OffTable(t *testing.T) {
	tests := []struct {
		name string
		pos  physics.Vec
		vel  physics.Vec
		off  bool
	}{
		{"over the east edge", physics.Vec{X: 95, Y: 50}, physics.Vec{X: 200}, true},
		{"over the south edge", physics.Vec{X: 50, Y: 3}, physics.Vec{Y: -100}, true},
		{"stops short of the edge", physics.Vec{X: 80, Y: 50}, physics.Vec{X: 50}, false},
	}
	s := newSim(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := scene(physics.Piece{Kind: kindDisc, Pos: tt.pos})
			out := flick(t, s, st, 0, tt.vel)
			if got := out.WentOff(0); got != tt.off {
				t.Fatalf("WentOff = %v, want %v (final %+v)", got, tt.off, st.Pieces[0])
			}
			if st.Pieces[0].Off != tt.off {
				t.Errorf("state Off = %v, want %v", st.Pieces[0].Off, tt.off)
			}
			if tt.off && table.Contains(st.Pieces[0].Pos) {
				t.Errorf("off piece recorded at %v, inside the table", st.Pieces[0].Pos)
			}
		})
	}
}

// TestFlick_RestsInTime flicks random pieces of the tests' town at random velocities and checks
// that every flick comes to rest before the cap and leaves nothing moving.
func TestFlick_RestsInTime(t *testing.T) {
	s := newSim(t)
	st, _ := testTown()
	rng := rand.New(rand.NewPCG(7, 7))
	n := 300
	if testing.Short() {
		n = 60
	}
	for k := 0; k < n; k++ {
		i := rng.IntN(len(st.Pieces))
		if st.Pieces[i].Off {
			continue
		}
		v := physics.Polar(rng.Float64()*s.Config().MaxSpeed, rng.Float64()*2*math.Pi)
		out := flick(t, s, st, i, v)
		if out.Capped || out.Time >= s.Config().MaxTime {
			t.Fatalf("flick %d of piece %d at %v: still moving after %.2f s", k, i, v, out.Time)
		}
		if err := st.Validate(testPieces); err != nil {
			t.Fatalf("flick %d left an invalid state: %v", k, err)
		}
	}
}

func TestOutcome_Restore(t *testing.T) {
	s := newSim(t)
	st, _ := testTown()
	// A disc driven hard up the middle of the street displaces several pieces.
	st.Pieces = append(st.Pieces, physics.Piece{Kind: kindDisc, Pos: physics.Vec{X: 45, Y: 12}})
	before := st.Clone()
	out := flick(t, s, st, len(st.Pieces)-1, physics.Vec{X: 5, Y: 300})
	if len(out.Moved) < 3 {
		t.Fatalf("the flick displaced only %v; the test needs a busier flick", out.Moved)
	}
	if cmp.Equal(before, st) {
		t.Fatal("the flick changed nothing")
	}
	out.Restore(st)
	if d := cmp.Diff(before, st); d != "" {
		t.Errorf("after Restore (-before +after):\n%s", d)
	}
}

func TestFlick_BadInput(t *testing.T) {
	s := newSim(t)
	pinned := physics.Piece{Kind: kindBarrel, Pos: physics.Vec{X: 20, Y: 20}, Static: true}
	tests := []struct {
		name  string
		flick physics.Flick
		want  error
	}{
		{"NaN", physics.Flick{Piece: 0, Velocity: physics.Vec{X: math.NaN()}}, physics.ErrBadFlick},
		{"+Inf", physics.Flick{Piece: 0, Velocity: physics.Vec{Y: math.Inf(1)}}, physics.ErrBadFlick},
		{"-Inf", physics.Flick{Piece: 0, Velocity: physics.Vec{X: math.Inf(-1), Y: 3}}, physics.ErrBadFlick},
		{"no such piece", physics.Flick{Piece: 5, Velocity: physics.Vec{X: 1}}, physics.ErrBadFlick},
		{"negative piece", physics.Flick{Piece: -1, Velocity: physics.Vec{X: 1}}, physics.ErrBadFlick},
		{"pinned piece", physics.Flick{Piece: 1, Velocity: physics.Vec{X: 1}}, physics.ErrBadFlick},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := scene(at(kindBullet, 50, 50, 0), pinned)
			before := st.Clone()
			_, err := s.Flick(st, tt.flick, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if d := cmp.Diff(before, st); d != "" {
				t.Errorf("a refused flick changed the state:\n%s", d)
			}
		})
	}
	t.Run("BadState", func(t *testing.T) {
		st := scene(at(kindBullet, 50, 50, 0), at(kindBarrel, 150, 50, 0))
		if _, err := s.Flick(st, physics.Flick{Piece: 0, Velocity: physics.Vec{X: 1}}, nil); !errors.Is(err, physics.ErrBadState) {
			t.Fatalf("err = %v, want ErrBadState", err)
		}
	})
}

func TestFlick_ClipsSpeed(t *testing.T) {
	s := newSim(t)
	st := scene(at(kindBullet, 50, 50, 0))
	out := flick(t, s, st, 0, physics.Vec{X: 3e5, Y: 4e5})
	want := physics.Vec{X: 0.6, Y: 0.8}.Scale(s.Config().MaxSpeed)
	if d := out.Velocity.Sub(want).Len(); d > 1e-9 {
		t.Errorf("Velocity = %v, want %v", out.Velocity, want)
	}
}

// FuzzFlick throws arbitrary velocities at a bullet in the town: never a panic, a refused
// flick changes nothing, an accepted one leaves a valid state and a speed within the cap.
func FuzzFlick(f *testing.F) {
	f.Add(0.0, 0.0, 0)
	f.Add(math.NaN(), 1.0, 3)
	f.Add(math.Inf(1), 0.0, 0)
	f.Add(1e300, -1e300, 42)
	f.Add(math.Copysign(0, -1), 5e-324, 41)
	f.Add(120.0, 250.0, 99)
	s := newSim(f)
	base, _ := testTown()
	base.Pieces = append(base.Pieces, physics.Piece{Kind: kindBullet, Pos: physics.Vec{X: 47, Y: 12}})
	f.Fuzz(func(t *testing.T, vx, vy float64, piece int) {
		st := base.Clone()
		out, err := s.Flick(st, physics.Flick{Piece: piece, Velocity: physics.Vec{X: vx, Y: vy}}, nil)
		if err != nil {
			if !errors.Is(err, physics.ErrBadFlick) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			if !cmp.Equal(base, st) {
				t.Fatal("a refused flick changed the state")
			}
			return
		}
		if out.Velocity.Len() > s.Config().MaxSpeed*(1+1e-12) {
			t.Fatalf("speed %v above the cap", out.Velocity.Len())
		}
		if err := st.Validate(testPieces); err != nil {
			t.Fatalf("invalid state after flick: %v", err)
		}
	})
}
