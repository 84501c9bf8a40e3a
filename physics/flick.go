package physics

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Flick is one flick: a velocity given to one piece at rest.
type Flick struct {
	// Piece is the index in State.Pieces of the piece flicked.
	Piece int
	// Velocity is the initial velocity of the piece, in cm/s. Its length is clipped to
	// Config.MaxSpeed after noise is applied.
	Velocity Vec
	// Stop, if not nil, may end the flicked piece's run before it rests (see [Stopper]).
	Stop Stopper
}

// Stopper ends a flicked piece's run early: a game's rules use it for what the physics does
// not model, such as the walls of a building, or a disc that has done its job once it
// crosses a door line. After every step in which the flicked piece is still on the table, the
// simulator calls Stop with its centre, in cm; the first true takes the piece off the table
// at that point (Outcome.Stopped) while everything else it set moving runs on to rest. Stop
// must be deterministic; it may keep state, as it is called in step order.
type Stopper interface {
	Stop(pos Vec) bool
}

// Noise is the execution noise of a human flick, applied before simulation: the direction is
// turned by a normal error of AngleSD radians and the speed scaled by 1 + a normal error of
// PowerSD. The zero value is a perfect flick.
type Noise struct {
	// AngleSD is the standard deviation of the direction error, in radians.
	AngleSD float64
	// PowerSD is the standard deviation of the relative speed error (0.05 is 5%).
	PowerSD float64
}

// DefaultNoise is a careful human flick: about 1.5° of aim error and 6% of power error.
var DefaultNoise = Noise{AngleSD: 0.026, PowerSD: 0.06}

// Validate reports whether n is usable.
func (n Noise) Validate() error {
	if !(n.AngleSD >= 0) || !(n.PowerSD >= 0) || math.IsInf(n.AngleSD, 0) || math.IsInf(n.PowerSD, 0) {
		return fmt.Errorf("physics: noise %+v: standard deviations must be finite and non-negative", n)
	}
	return nil
}

// Apply returns v with noise drawn from rng. A nil rng or zero noise returns v unchanged.
// The speed never turns negative.
func (n Noise) Apply(v Vec, rng *rand.Rand) Vec {
	if rng == nil || (n.AngleSD == 0 && n.PowerSD == 0) {
		return v
	}
	da := rng.NormFloat64() * n.AngleSD
	dp := 1 + rng.NormFloat64()*n.PowerSD
	if dp < 0 {
		dp = 0
	}
	return Polar(v.Len()*dp, v.Angle()+da)
}

// clip returns v shortened to at most limit cm/s.
func clip(v Vec, limit float64) Vec {
	l := v.Len()
	if l <= limit || l == 0 {
		return v
	}
	return v.Scale(limit / l)
}

// check validates f against s.
func (f Flick) check(s *State) error {
	if f.Piece < 0 || f.Piece >= len(s.Pieces) {
		return fmt.Errorf("physics: flick piece %d of %d: %w", f.Piece, len(s.Pieces), ErrBadFlick)
	}
	if !f.Velocity.Finite() {
		return fmt.Errorf("physics: flick velocity (%v, %v): %w", f.Velocity.X, f.Velocity.Y, ErrBadFlick)
	}
	p := s.Pieces[f.Piece]
	if p.Off || p.Static {
		return fmt.Errorf("physics: flick piece %d (%v) is off the table or pinned: %w", f.Piece, p.Kind, ErrBadFlick)
	}
	return nil
}
