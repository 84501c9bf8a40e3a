package physics

import "math/rand/v2"

// Simulator runs flicks. It keeps scratch buffers between flicks, so it is not safe for
// concurrent use; give each goroutine its own (they share no state).
type Simulator struct {
	cfg Config
}

// New returns a Simulator with configuration cfg.
func New(cfg Config) (*Simulator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Simulator{cfg: cfg}, nil
}

// Config returns the simulator's configuration.
func (s *Simulator) Config() Config { return s.cfg }

// Flick gives piece f.Piece of st the velocity f.Velocity (with the configured noise drawn
// from rng, then clipped to MaxSpeed) and simulates until every piece rests or MaxTime
// passes. It updates st in place to the resting state and returns what happened; call
// [Outcome.Restore] to undo it. A bad flick or state returns an error and leaves st unchanged.
// The result depends only on st, f and the values drawn from rng.
func (s *Simulator) Flick(st *State, f Flick, rng *rand.Rand) (Outcome, error) {
	panic("physics: Flick not implemented yet")
}
