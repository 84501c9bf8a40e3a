package geom

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// The sliding model ([physics.Slide], whose formulas these share): a flicked piece decelerates at μ·g (its table friction times gravity),
// so it stops after v²/(2μg) and, after d cm, still moves at sqrt(v² − 2μg·d). The simulated
// table follows it to a small fraction of a cm (TestStopSpeed_Calibrated): it applies table
// friction as that constant deceleration, half a step before each Box2D step and half after.

// decel returns the deceleration of a sliding piece of kind k (of cfg.Pieces), in cm/s².
func decel(k physics.Kind, cfg physics.Config) float64 { return cfg.Slide(k).Decel }

// StopSpeed returns the flick speed, in cm/s, that makes a piece of kind k slide d cm and
// stop, clipped to cfg.MaxSpeed.
func StopSpeed(k physics.Kind, d float64, cfg physics.Config) float64 {
	return StopSpeedAt(decel(k, cfg), cfg.MaxSpeed, d)
}

// StopSpeedAt is [StopSpeed] for a piece decelerating at dec cm/s² ([Decel]), clipped to
// maxSpeed cm/s: without the catalogue lookup, to the same bits.
func StopSpeedAt(dec, maxSpeed, d float64) float64 {
	return physics.Slide{Decel: dec, MaxSpeed: maxSpeed}.StopSpeed(d)
}

// ShotSpeed returns the flick speed, in cm/s, that makes a piece of kind k arrive d cm away
// still moving at arrive cm/s, clipped to cfg.MaxSpeed.
func ShotSpeed(k physics.Kind, d, arrive float64, cfg physics.Config) float64 {
	return ShotSpeedAt(decel(k, cfg), cfg.MaxSpeed, d, arrive)
}

// ShotSpeedAt is [ShotSpeed] for a piece decelerating at dec cm/s² ([Decel]), clipped to
// maxSpeed cm/s: without the catalogue lookup, to the same bits.
func ShotSpeedAt(dec, maxSpeed, d, arrive float64) float64 {
	d = math.Max(d, 0)
	return math.Min(maxSpeed, math.Sqrt(arrive*arrive+2*dec*d))
}

// Arrival returns the speed, in cm/s, at which a piece of kind k flicked at v cm/s is still
// moving after d cm, or 0 if it stops before.
func Arrival(k physics.Kind, v, d float64, cfg physics.Config) float64 {
	return ArrivalAt(decel(k, cfg), v, d)
}

// ArrivalAt is [Arrival] for a piece decelerating at dec cm/s² ([Decel]): without the
// catalogue lookup, to the same bits.
func ArrivalAt(dec, v, d float64) float64 {
	d = math.Max(d, 0)
	s := v*v - 2*dec*d
	if s <= 0 {
		return 0
	}
	return math.Sqrt(s)
}

// Travel returns how far, in cm, a piece of kind k flicked at v cm/s slides before it stops
// (the inverse of StopSpeed).
func Travel(k physics.Kind, v float64, cfg physics.Config) float64 {
	return TravelAt(decel(k, cfg), v)
}

// Decel returns the deceleration, in cm/s², of a sliding piece of kind k of cfg.Pieces: what
// [TravelAt] takes, for a caller that computes many travels of one kind.
func Decel(k physics.Kind, cfg physics.Config) float64 { return decel(k, cfg) }

// TravelAt returns how far, in cm, a piece decelerating at dec cm/s² ([Decel]) and flicked at
// v cm/s slides before it stops: [Travel] without the catalogue lookup, to the same bits.
func TravelAt(dec, v float64) float64 { return physics.Slide{Decel: dec}.Travel(v) }
