package physics

import "math"

// Slide is the sliding model of a flicked piece: table friction decelerates it at Decel = μ·g
// (its TableFriction times Config.Gravity), so flicked at v it stops after v²/(2·Decel) cm,
// and a flick is clipped to MaxSpeed. The simulator follows it to a small fraction of a cm on
// a free table (it applies table friction as that constant deceleration, half a step before
// each Box2D step and half after; TestSlide_AimStops, agents/geom's TestStopSpeed_Calibrated
// and the games' aiming tests measure it).
type Slide struct {
	// Decel is the deceleration of the sliding piece, in cm/s².
	Decel float64
	// MaxSpeed is the largest flick speed, in cm/s.
	MaxSpeed float64
}

// Slide returns the sliding model of a piece of kind k of c.Pieces.
func (c *Config) Slide(k Kind) Slide {
	return Slide{Decel: c.Pieces.Spec(k).TableFriction * c.Gravity, MaxSpeed: c.MaxSpeed}
}

// StopSpeed returns the flick speed, in cm/s, that makes the piece slide d cm and stop,
// clipped to MaxSpeed; 0 for d ≤ 0.
func (s Slide) StopSpeed(d float64) float64 {
	if d <= 0 {
		return 0
	}
	return math.Min(s.MaxSpeed, math.Sqrt(2*s.Decel*d))
}

// Travel returns how far, in cm, the piece flicked at v cm/s slides before it stops (the
// inverse of StopSpeed below MaxSpeed).
func (s Slide) Travel(v float64) float64 { return v * v / (2 * s.Decel) }

// AimDeadZone is the distance, in cm, within which a target counts as the start itself: no
// flick. It absorbs the rounding of a target given in float32 (about 1e-5 cm on a board of
// 72 cm), which a square root would turn into a flick of a few hundredths of a cm/s.
const AimDeadZone = 1e-4

// AimVelocity returns the flick, in cm/s, of a piece at start aimed at target (cm): towards
// the target, at the speed that stops it there (StopSpeed of the distance) plus push ∈ [0, 1]
// (clamped) of the speed left up to MaxSpeed, so that push 0 stops on the target and push 1
// flicks at MaxSpeed. A target within AimDeadZone of start gives no flick.
func (s Slide) AimVelocity(start, target Vec, push float64) Vec {
	delta := target.Sub(start)
	d := delta.Len()
	if !(d > AimDeadZone) {
		return Vec{}
	}
	stop := s.StopSpeed(d)
	speed := stop + min(max(push, 0), 1)*max(s.MaxSpeed-stop, 0)
	return delta.Scale(speed / d)
}

// Aim returns a target and push that [Slide.AimVelocity] turns back into flick v (its speed
// clipped to MaxSpeed) of a piece at start, with the target in the box [lo, hi] (cm): the
// point where v stops the piece and push 0 when that point is in the box, else the point
// where the flick leaves the box and the push of the speed beyond stopping there. A zero v
// gives start and push 0, as does a flick too slow to leave AimDeadZone. start must lie in
// the box.
func (s Slide) Aim(start, v, lo, hi Vec) (target Vec, push float64) {
	speed := math.Min(v.Len(), s.MaxSpeed)
	if !(speed > 0) {
		return start, 0
	}
	u := v.Scale(1 / v.Len())
	reach := exit(start.X, u.X, lo.X, hi.X)
	reach = math.Min(reach, exit(start.Y, u.Y, lo.Y, hi.Y))
	d := s.Travel(speed)
	if d <= AimDeadZone {
		return start, 0
	}
	if d <= reach {
		return start.Add(u.Scale(d)), 0
	}
	stop := s.StopSpeed(reach)
	if room := s.MaxSpeed - stop; room > 0 {
		push = min(max((speed-stop)/room, 0), 1)
	}
	return start.Add(u.Scale(reach)), push
}

// exit returns how far a ray from x in direction u (one coordinate) goes before it leaves
// [lo, hi]: +Inf along the interval, 0 if x is already out on the side it moves to.
func exit(x, u, lo, hi float64) float64 {
	switch {
	case u > 0:
		return math.Max(0, (hi-x)/u)
	case u < 0:
		return math.Max(0, (lo-x)/u)
	}
	return math.Inf(1)
}
