package physics

import (
	"math"

	"github.com/ByteArena/box2d"
)

// brake is the table friction of one piece: the constant decelerations that sliding on the
// table imposes on its centre and on its spin. Coulomb friction of a flat base gives a force
// μ·m·g against the motion of the centre and a torque (2/3)·μ·m·g·R against the spin (uniform
// pressure on a disc of radius R), so a piece slows at a constant rate and stops, as wood on
// a table does.
type brake struct {
	linear  float64 // deceleration of the centre of mass, cm/s²
	angular float64 // deceleration of the spin, rad/s²
}

// slow applies h seconds of table friction to every awake piece: each speed drops by its
// deceleration times h, and stops at zero rather than reversing. The simulator applies it for
// half a step before Box2D's step and half after it (kick, drift, kick), so a piece sliding
// freely covers exactly the distance of constant deceleration, whatever the step size: the
// position update of the step uses the mean velocity over the step. Box2D never sees a
// friction joint or force: collisions happen inside its step, friction outside it.
func (s *Simulator) slow(h float64) {
	for i, b := range s.bodies {
		if b == nil || b.M_type != box2d.B2BodyType.B2_dynamicBody || b.M_flags&box2d.B2Body_Flags.E_awakeFlag == 0 {
			continue
		}
		br := s.brake[i]
		v := b.M_linearVelocity
		if speed := math.Sqrt(v.X*v.X + v.Y*v.Y); speed > 0 {
			if dv := br.linear * h; dv >= speed {
				b.M_linearVelocity = box2d.B2Vec2{}
			} else {
				k := 1 - dv/speed
				b.M_linearVelocity = box2d.B2Vec2{X: v.X * k, Y: v.Y * k}
			}
		}
		if w := b.M_angularVelocity; w != 0 {
			dw := br.angular * h
			switch {
			case math.Abs(w) <= dw:
				b.M_angularVelocity = 0
			case w > 0:
				b.M_angularVelocity = w - dw
			default:
				b.M_angularVelocity = w + dw
			}
		}
	}
}
