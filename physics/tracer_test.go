package physics_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/physics"
)

// TestTracer_SameTrajectory checks that sampling frames changes nothing: the tracer's flick
// ends exactly where a plain simulator's does, and its frames are 1/60 s apart or more.
func TestTracer_SameTrajectory(t *testing.T) {
	cfg := testConfig()
	cfg.Noise = physics.DefaultNoise
	sim, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := physics.NewTracer(cfg, physics.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Table() != physics.DefaultTable {
		t.Errorf("Table() = %v", tr.Table())
	}
	flicks := []physics.Flick{
		{Piece: 1, Velocity: physics.Vec{X: 0, Y: 280}},
		{Piece: 6, Velocity: physics.Vec{X: -40, Y: -250}},
		{Piece: 8, Velocity: physics.Vec{X: 150, Y: 90}},
	}
	for i, f := range flicks {
		st1, _ := testTown()
		st2 := st1.Clone()
		out1, err1 := sim.Flick(st1, f, rand.New(rand.NewPCG(uint64(i), 1)))
		tr.Begin()
		out2, err2 := tr.Flick(st2, f, rand.New(rand.NewPCG(uint64(i), 1)))
		got := tr.Take()
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(st1, st2); diff != "" {
			t.Errorf("flick %d: the traced flick rests elsewhere (-plain +traced):\n%s", i, diff)
		}
		if diff := cmp.Diff(out1, out2, cmpopts.IgnoreFields(physics.Outcome{}, "Frames"), cmpopts.IgnoreUnexported(physics.Outcome{})); diff != "" {
			t.Errorf("flick %d: outcomes differ (-plain +traced):\n%s", i, diff)
		}
		if len(got) != 1 || got[0].Flick != f || len(got[0].Off) != len(st1.Pieces) {
			t.Fatalf("flick %d: traced %d flicks", i, len(got))
		}
		fr := got[0].Outcome.Frames
		if len(fr) < 3 || fr[0].Time != 0 || fr[len(fr)-1].Time != out2.Time {
			t.Fatalf("flick %d: %d frames from %v to %v, want from 0 to %v", i, len(fr), fr[0].Time, fr[len(fr)-1].Time, out2.Time)
		}
		for k := 1; k < len(fr)-1; k++ {
			if fr[k].Time < float64(k)*physics.TraceInterval-1e-12 || fr[k].Time-fr[k-1].Time > 2*physics.TraceInterval {
				t.Errorf("flick %d: frame %d at %v s after one at %v s", i, k, fr[k].Time, fr[k-1].Time)
				break
			}
		}
	}
}

func TestTracer_BeginTake(t *testing.T) {
	tr, err := physics.NewTracer(testConfig(), physics.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := testTown()
	rng := rand.New(rand.NewPCG(1, 1))
	flick := func(piece int) error {
		_, err := tr.Flick(st, physics.Flick{Piece: piece, Velocity: physics.Vec{X: 0, Y: 5}}, rng)
		return err
	}
	if err := flick(8); err != nil { // not recording: a clone's flick, say
		t.Fatal(err)
	}
	tr.Begin()
	if err := flick(9); err != nil {
		t.Fatal(err)
	}
	if err := flick(999); !errors.Is(err, physics.ErrBadFlick) { // a failed flick is not kept
		t.Fatalf("flick of piece 999: %v", err)
	}
	if err := flick(10); err != nil {
		t.Fatal(err)
	}
	got := tr.Take()
	if len(got) != 2 || got[0].Flick.Piece != 9 || got[1].Flick.Piece != 10 {
		t.Errorf("took %d flicks, want those of pieces 9 and 10", len(got))
	}
	if err := flick(13); err != nil {
		t.Fatal(err)
	}
	if got := tr.Take(); len(got) != 0 {
		t.Errorf("after Take, %d flicks were kept", len(got))
	}
	if _, err := physics.NewTracer(physics.Config{}, physics.DefaultTable); err == nil {
		t.Error("NewTracer accepted a zero configuration")
	}
}
