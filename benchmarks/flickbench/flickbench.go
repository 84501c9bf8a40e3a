// Package flickbench is the reference workload of the physics benchmarks: the Flick 'em Up!
// reference town (flickemup.Town, 42 pieces) plus one flicked disc, and a deterministic
// stream of flicks across it. BenchmarkFlick (in this package's tests: `go test -run '^$'
// -bench Flick ./benchmarks/flickbench`), the physics row of `go run ./benchmarks -only
// physics` and the native Box2D comparison of benchmarks/native all run these same flicks.
package flickbench

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Scene returns the reference town with one more piece at the end, off the table: the slot
// of the flicked disc, which [Stream.Next] places before each flick.
func Scene() *physics.State {
	st, _ := flickemup.Town()
	st.Pieces = append(st.Pieces, physics.Piece{Kind: flickemup.KindBullet, Off: true})
	return st
}

// Stream draws the flicks: in turn a bullet and a movement disc, placed 3.9 cm east of a
// random lawman of the town (one of its first five pieces), flicked northward within ±45° of
// north at a random speed from 50 to 300 cm/s (the maximum). Two streams give the same
// flicks.
type Stream struct {
	rng *rand.Rand
	n   int // flicks drawn so far
}

// NewStream returns a stream at its first flick.
func NewStream() *Stream { return &Stream{rng: rand.New(rand.NewPCG(1, 2))} }

// Next places the next flicked disc in the last slot of st (a state from [Scene], restored to
// the town between flicks) and returns its flick.
func (s *Stream) Next(st *physics.State) physics.Flick {
	shooter := st.Pieces[s.rng.IntN(5)]
	kind := flickemup.KindBullet
	if s.n%2 == 1 {
		kind = flickemup.KindMovementDisc
	}
	s.n++
	disc := len(st.Pieces) - 1
	st.Pieces[disc] = physics.Piece{Kind: kind, Pos: shooter.Pos.Add(physics.Vec{X: 3.9, Y: 0})}
	a := math.Pi/4 + s.rng.Float64()*math.Pi/2
	return physics.Flick{Piece: disc, Velocity: physics.Polar(50+s.rng.Float64()*250, a)}
}
