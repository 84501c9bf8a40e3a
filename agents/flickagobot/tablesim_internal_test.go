package flickagobot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestTableSim_FreeSlideExact checks that a disc sliding alone, and one knocked straight
// into another, end where the game's physics puts them, in as many steps: the model steps
// and brakes as the simulator does.
func TestTableSim_FreeSlideExact(t *testing.T) {
	cfg := flickago.DefaultConfig().Physics
	cfg.Noise = physics.Noise{}
	box, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		at   []physics.Vec
		v    physics.Vec
		tol  float64 // cm
	}{
		{"alone", []physics.Vec{{X: 50, Y: 50}}, physics.Vec{X: 100, Y: 30}, 1e-9},
		{"off the table", []physics.Vec{{X: 50, Y: 50}}, physics.Vec{X: 300}, 1e-9},
		{"knock straight", []physics.Vec{{X: 30, Y: 50}, {X: 50, Y: 50}}, physics.Vec{X: 150}, 0.1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mk := func() *physics.State {
				st := &physics.State{Table: physics.Table{Width: 100, Height: 100}}
				for _, p := range tc.at {
					st.Pieces = append(st.Pieces, physics.Piece{Kind: flickago.KindGangDisc, Pos: p})
				}
				return st
			}
			want, got := mk(), mk()
			wo, err := box.Flick(want, physics.Flick{Piece: 0, Velocity: tc.v}, nil)
			if err != nil {
				t.Fatal(err)
			}
			gotOut, err := newTableSim(cfg).Flick(got, physics.Flick{Piece: 0, Velocity: tc.v}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want.Pieces {
				w, g := want.Pieces[i], got.Pieces[i]
				if w.Off != g.Off || (!w.Off && w.Pos.Sub(g.Pos).Len() > tc.tol) {
					t.Errorf("piece %d: model %+v, physics %+v", i, g, w)
				}
			}
			if gotOut.Steps != wo.Steps || len(gotOut.Off) != len(wo.Off) {
				t.Errorf("model: %d steps, off %v; physics: %d steps, off %v", gotOut.Steps, gotOut.Off, wo.Steps, wo.Off)
			}
		})
	}
}

// TestTableSim_Close compares the model with the game's physics on the flicks the planner
// simulates: the aimer's five best flicks in every position of 20 aimer games, each with the
// same execution noise on both. Knocks are chaotic (Box2D's result depends on how deep the
// discs overlap when their contact is found), so the test bounds the spread: the discs that
// moved and stay on the board in both land within 0.5 cm of each other at the median and 3 cm
// at the 90th percentile, and the rules give the same points after at least 85% of the flicks
// (0.33 cm, 2.3 cm and 88% when it was written).
func TestTableSim_Close(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 20 games")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var errs []float64
	flicks, samePoints := 0, 0
	aim := NewAimer()
	for game := range uint64(20) {
		g, err := flickago.New(flickago.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		g.Reset(rand.New(rand.NewPCG(game, 7)))
		for !g.Over() {
			if g.Phase() == flickago.PhaseFlick {
				an := analyse(g, plannerSearch)
				for _, c := range an.ranked[:min(5, len(an.ranked))] {
					seed := rng.Uint64()
					box, mod := g.Clone(), g.CloneWith(newTableSim(g.Config().Physics))
					box.SetRand(rand.New(rand.NewPCG(seed, 1)))
					mod.SetRand(rand.New(rand.NewPCG(seed, 1)))
					if err := box.Apply(c.act, nil); err != nil {
						t.Fatal(err)
					}
					if err := mod.Apply(c.act, nil); err != nil {
						t.Fatalf("model: %v", err)
					}
					flicks++
					if box.Points() == mod.Points() {
						samePoints++
					}
					bs, ms, was := box.State(), mod.State(), g.State()
					for p := range flickago.NumPlayers {
						for d, b := range bs.Discs[p] {
							m := ms.Discs[p][d]
							if b.Place == flickago.OnBoard && m.Place == flickago.OnBoard && (b.Pos != was.Discs[p][d].Pos || m.Pos != was.Discs[p][d].Pos) {
								errs = append(errs, b.Pos.Sub(m.Pos).Len())
							}
						}
					}
				}
			}
			if err := g.Apply(aim.Choose(g, rng), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	slices.Sort(errs)
	q := func(f float64) float64 { return errs[int(f*float64(len(errs)-1))] }
	t.Logf("%d flicks, same points in %d (%.1f%%); discs moved and on the board in both: %d, distance between the two: median %.3f cm, 90th percentile %.3f, 99th %.3f",
		flicks, samePoints, 100*float64(samePoints)/float64(flicks), len(errs), q(0.5), q(0.9), q(0.99))
	if q(0.5) > 0.5 || q(0.9) > 3 {
		t.Errorf("the model strays: median %.3f cm (want at most 0.5), 90th percentile %.3f cm (want at most 3)", q(0.5), q(0.9))
	}
	if samePoints < flicks*85/100 {
		t.Errorf("same points in %d of %d flicks, want 85%% at least", samePoints, flicks)
	}
}
