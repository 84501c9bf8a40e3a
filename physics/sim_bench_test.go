package physics_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// BenchmarkFlick flicks, in turn, a bullet and a movement disc from a random lawman's position
// across the reference town (42 pieces plus the flicked disc) in a random direction at a
// random speed up to the maximum, until rest. The town is restored between flicks, so every
// flick meets the full scene.
//
// step=adaptive is the default configuration; step=fixed-240Hz is the naive tunnel-safe
// baseline (a fixed 1/240 s step), measured in the same run so that the ratio is fair.
func BenchmarkFlick(b *testing.B) {
	fixed := flickemup.PhysicsConfig()
	fixed.MinStep, fixed.MaxStep = 1.0/240, 1.0/240
	for _, c := range []struct {
		name string
		cfg  physics.Config
	}{{"step=adaptive", flickemup.PhysicsConfig()}, {"step=fixed-240Hz", fixed}} {
		b.Run(c.name, func(b *testing.B) { benchmarkFlick(b, c.cfg) })
	}
}

func benchmarkFlick(b *testing.B, cfg physics.Config) {
	base, _ := flickemup.Town()
	sim, err := physics.New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	st := base.Clone()
	st.Pieces = append(st.Pieces, physics.Piece{Kind: flickemup.KindBullet, Off: true})
	disc := len(st.Pieces) - 1
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		shooter := st.Pieces[rng.IntN(5)]
		kind := flickemup.KindBullet
		if i%2 == 1 {
			kind = flickemup.KindMovementDisc
		}
		st.Pieces[disc] = physics.Piece{Kind: kind, Pos: shooter.Pos.Add(physics.Vec{X: 3.9, Y: 0})}
		a := math.Pi/4 + rng.Float64()*math.Pi/2
		v := physics.Polar(50+rng.Float64()*250, a)
		out, err := sim.Flick(st, physics.Flick{Piece: disc, Velocity: v}, nil)
		if err != nil {
			b.Fatal(err)
		}
		steps += out.Steps
		out.Restore(st)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "flicks/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/flick")
}
