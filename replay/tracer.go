package replay

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Tracer is a physics table that keeps the trajectory of every flick: a game that records
// (the Flick 'em Up! env game with option record) runs its flicks through one, and a
// [Recorder] collects them after each step. Its Flick method has the signature of the
// flickemup Table hook, through which every flick of the rules engine goes.
//
// A Tracer keeps only the flicks made between [Tracer.Begin] and [Tracer.Take], so that
// flicks of a copy of the game that shares it (a bot's search on a clone) are simulated but
// not recorded. It is safe for concurrent use; flicks are serialised.
type Tracer struct {
	table physics.Table // the play area, for the replay's header

	mu     sync.Mutex         // guards everything below
	sim    *physics.Simulator // runs the flicks
	armed  bool               // between Begin and Take
	flicks []Traced           // recorded since Begin
}

// Traced is one flick as a [Tracer] saw it.
type Traced struct {
	// Flick is the flick asked for.
	Flick physics.Flick
	// Off reports, for each piece, that it was off the table when the flick started.
	Off []bool
	// Outcome is what happened, with the sampled frames.
	Outcome physics.Outcome
}

// NewTracer returns a Tracer running a simulator of configuration cfg on a play area the size
// of table. A cfg.RecordEvery of 0 is set to [FrameInterval]; sampling frames does not change
// the trajectory.
func NewTracer(cfg physics.Config, table physics.Table) (*Tracer, error) {
	if cfg.RecordEvery == 0 {
		cfg.RecordEvery = FrameInterval
	}
	sim, err := physics.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("replay: new tracer: %w", err)
	}
	return &Tracer{sim: sim, table: table}, nil
}

// Table returns the play area given to [NewTracer].
func (t *Tracer) Table() physics.Table { return t.table }

// Flick runs one flick (see [physics.Simulator.Flick]) and keeps it when recording.
func (t *Tracer) Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error) {
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

// Traceable is implemented by a game that runs its flicks through a [Tracer]: the Flick 'em
// Up! env game created with option record. Tracer returns nil when the game does not record.
type Traceable interface {
	Tracer() *Tracer
}

// Describer is implemented by a game that can describe an action in words, for the labels of
// a replay ("shoot right at 240 cm/s"). DescribeAction is called before the action is
// applied, must not change the game, and does not keep a.
type Describer interface {
	DescribeAction(a env.Action) string
}
