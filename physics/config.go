package physics

import (
	"fmt"
	"math"
)

// Config holds the simulation parameters. Start from [DefaultConfig] and set Pieces.
type Config struct {
	// Pieces is the game's piece catalogue: the kinds the states hold.
	Pieces *Catalogue
	// MaxSpeed is the largest flick speed, in cm/s; faster flicks are clipped to it.
	MaxSpeed float64
	// Gravity is the acceleration of gravity, in cm/s²; with a piece's TableFriction it sets
	// the sliding friction force μ·m·g.
	Gravity float64
	// KnockImpulse is the normal impulse, in g·cm/s, that a standing figure must receive in one
	// step to fall over.
	KnockImpulse float64
	// StepTravel is the farthest the fastest piece may move in one step, in cm. The step is
	// sized to it, which prevents tunnelling without continuous collision: keep it below the
	// smallest disc diameter plus the thinnest obstacle of the catalogue (1.8 + 1.0 cm for
	// Flick 'em Up!'s pieces).
	StepTravel float64
	// OpenTravel is the farthest a piece far from every other piece may move in one step, in
	// cm: while half its clearance exceeds StepTravel, its step may be longer, up to this
	// travel (see the package documentation). Keep it at least StepTravel and below Box2D's
	// own per-step translation limit of 2 cm; equal to StepTravel turns the rule off.
	OpenTravel float64
	// MinStep and MaxStep bound the step, in s.
	MinStep, MaxStep float64
	// RestSpeed is the speed, in cm/s, below which a piece counts as at rest.
	RestSpeed float64
	// RestSpin is the angular speed, in rad/s, below which a piece counts as not turning.
	RestSpin float64
	// RestSteps is how many consecutive steps every piece must be at rest to end the flick.
	RestSteps int
	// MaxTime caps the simulated time of one flick, in s.
	MaxTime float64
	// VelocityIterations and PositionIterations are Box2D's solver iterations per step.
	VelocityIterations, PositionIterations int
	// Noise is the execution noise applied to every flick (zero for perfect flicks).
	Noise Noise
	// RecordEvery is the interval between recorded trajectory frames, in s; 0 records none.
	RecordEvery float64
}

// DefaultConfig returns the calibrated defaults (see the physics-* records of docs/decisions/ for the measurements),
// without a piece catalogue: the game sets Pieces.
func DefaultConfig() Config {
	return Config{
		MaxSpeed:           300,
		Gravity:            981,
		KnockImpulse:       75,
		StepTravel:         1.0,
		OpenTravel:         1.8,
		MinStep:            1.0 / 1000,
		MaxStep:            1.0 / 60,
		RestSpeed:          0.5,
		RestSpin:           0.5,
		RestSteps:          3,
		MaxTime:            8,
		VelocityIterations: 8,
		PositionIterations: 3,
		Noise:              Noise{},
	}
}

// Validate reports a parameter that cannot work.
func (c Config) Validate() error {
	if c.Pieces == nil {
		return fmt.Errorf("physics: config Pieces: no piece catalogue")
	}
	pos := func(name string, v float64) error {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("physics: config %s = %v: must be positive and finite", name, v)
		}
		return nil
	}
	for _, p := range []struct {
		name string
		v    float64
	}{
		{"MaxSpeed", c.MaxSpeed}, {"Gravity", c.Gravity}, {"KnockImpulse", c.KnockImpulse},
		{"StepTravel", c.StepTravel}, {"OpenTravel", c.OpenTravel}, {"MinStep", c.MinStep}, {"MaxStep", c.MaxStep},
		{"RestSpeed", c.RestSpeed}, {"RestSpin", c.RestSpin}, {"MaxTime", c.MaxTime},
	} {
		if err := pos(p.name, p.v); err != nil {
			return err
		}
	}
	if c.MinStep > c.MaxStep {
		return fmt.Errorf("physics: config MinStep %v > MaxStep %v", c.MinStep, c.MaxStep)
	}
	if c.StepTravel > maxSafeTravel {
		return fmt.Errorf("physics: config StepTravel %v cm exceeds the tunnel-safe %v cm", c.StepTravel, maxSafeTravel)
	}
	if c.OpenTravel < c.StepTravel || c.OpenTravel > maxOpenTravel {
		return fmt.Errorf("physics: config OpenTravel %v cm: must be between StepTravel (%v cm) and %v cm", c.OpenTravel, c.StepTravel, maxOpenTravel)
	}
	if c.RestSteps < 1 || c.VelocityIterations < 1 || c.PositionIterations < 1 {
		return fmt.Errorf("physics: config RestSteps, VelocityIterations and PositionIterations must be at least 1")
	}
	if !(c.RecordEvery >= 0) {
		return fmt.Errorf("physics: config RecordEvery %v: must be non-negative", c.RecordEvery)
	}
	return c.Noise.Validate()
}

// maxSafeTravel is the largest StepTravel we allow, in cm: Box2D's own per-step translation
// clamp (B2_maxTranslation, 2 units) less a margin for speed gained inside a step.
const maxSafeTravel = 1.5

// maxOpenTravel is the largest OpenTravel we allow, in cm: below Box2D's per-step translation
// clamp (B2_maxTranslation, 2 cm), beyond which the port would cut the piece's speed. A piece
// far from everything gains no speed inside a step (friction only slows it), so a small
// margin suffices.
const maxOpenTravel = 1.9
