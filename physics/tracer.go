package physics

import (
	"fmt"
	"math/rand/v2"
	"sync"
)

// TraceInterval is the interval between the trajectory frames a [Tracer] samples by default,
// in s of simulated time: 60 frames per simulated second, enough to animate a flick smoothly
// at normal speed (the replay format's frame interval).
const TraceInterval = 1.0 / 60

// Tracer runs flicks and keeps the trajectory of every flick: a game that records runs its
// flicks through one (the Flick 'em Up! env game with option record), and a replay recorder
// collects them after each step. Its Flick method has the signature of a game's flick hook
// (flickemup.Table), through which every flick of a rules engine goes.
//
// A Tracer keeps only the flicks made between [Tracer.Begin] and [Tracer.Take], so that
// flicks of a copy of the game that shares it (a bot's search on a clone) are simulated but
// not recorded. It is safe for concurrent use; flicks are serialised.
type Tracer struct {
	table Table // the play area, for a replay's header

	mu     sync.Mutex // guards everything below
	sim    *Simulator // runs the flicks
	armed  bool       // between Begin and Take
	flicks []Traced   // recorded since Begin
}

// Traced is one flick as a [Tracer] saw it.
type Traced struct {
	// Flick is the flick asked for.
	Flick Flick
	// Off reports, for each piece, that it was off the table when the flick started.
	Off []bool
	// Outcome is what happened, with the sampled frames.
	Outcome Outcome
}

// NewTracer returns a Tracer running a simulator of configuration cfg on a play area the size
// of table. A cfg.RecordEvery of 0 is set to [TraceInterval]; sampling frames does not
// change the trajectory.
func NewTracer(cfg Config, table Table) (*Tracer, error) {
	if cfg.RecordEvery == 0 {
		cfg.RecordEvery = TraceInterval
	}
	sim, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("physics: new tracer: %w", err)
	}
	return &Tracer{sim: sim, table: table}, nil
}

// Table returns the play area given to [NewTracer].
func (t *Tracer) Table() Table { return t.table }

// Flick runs one flick (see [Simulator.Flick]) and keeps it when recording.
func (t *Tracer) Flick(st *State, f Flick, rng *rand.Rand) (Outcome, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var off []bool
	if t.armed {
		off = make([]bool, len(st.Pieces))
		for i, p := range st.Pieces {
			off[i] = p.Off
		}
	}
	out, err := t.sim.Flick(st, f, rng)
	if err == nil && t.armed {
		t.flicks = append(t.flicks, Traced{Flick: f, Off: off, Outcome: out})
	}
	return out, err
}

// Begin starts recording, forgetting anything recorded before.
func (t *Tracer) Begin() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.armed, t.flicks = true, nil
}

// Take stops recording and returns the flicks made since [Tracer.Begin], in order. The
// caller owns the slice.
func (t *Tracer) Take() []Traced {
	t.mu.Lock()
	defer t.mu.Unlock()
	fl := t.flicks
	t.armed, t.flicks = false, nil
	return fl
}
