package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// flickRecord is one flick of a game, as the physics saw it: the table before, the piece, the
// velocity the game gave and after execution noise, the call of the game's stopper that ended
// the flicked piece's run (0: none did), and the table after.
type flickRecord struct {
	st, after *physics.State
	piece     int
	aimed, v  physics.Vec
	stopAt    int
}

// recorder is a flickemup.Table that records every flick, then runs it on a noiseless
// simulator. It applies the noise itself, drawing from rng exactly as a simulator with that
// noise does, so a game on a recorder plays the same flicks as a game on the default table.
type recorder struct {
	noise   physics.Noise
	sim     *physics.Simulator
	records []flickRecord
}

// Flick implements flickemup.Table.
func (r *recorder) Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error) {
	aimed := f.Velocity
	f.Velocity = r.noise.Apply(f.Velocity, rng)
	rec := flickRecord{st: st.Clone(), piece: f.Piece, aimed: aimed, v: f.Velocity}
	var c *countingStopper
	if f.Stop != nil {
		c = &countingStopper{rules: f.Stop}
		f.Stop = c
	}
	out, err := r.sim.Flick(st, f, rng)
	if c != nil {
		rec.stopAt = c.stopped
	}
	rec.after = st.Clone()
	r.records = append(r.records, rec)
	return out, err
}

// countingStopper passes the simulator's calls on to the game's stopper and notes the call
// that ended the run.
type countingStopper struct {
	rules          physics.Stopper
	calls, stopped int // calls so far; the one that returned true (0: none yet)
}

// Stop implements physics.Stopper.
func (c *countingStopper) Stop(p physics.Vec) bool {
	c.calls++
	if c.rules.Stop(p) {
		c.stopped = c.calls
		return true
	}
	return false
}

// stopAfter is the replay's stopper: it ends the run at the recorded call, so the raw
// physics steps exactly the flick the game's rules cut short, without the rules' own work
// (judging walls and doors at every step), which is the env's.
type stopAfter struct{ left int }

// Stop implements physics.Stopper.
func (s *stopAfter) Stop(physics.Vec) bool {
	s.left--
	return s.left == 0
}

// recordFlicks plays steps steps of one game of our scenario on a recorder (one env, one
// worker) and returns the flicks and the final state hash.
func recordFlicks(scenario string, steps int, seed uint64) ([]flickRecord, uint64, error) {
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return nil, 0, err
	}
	rec := &recorder{noise: flickemup.DefaultOptions().Noise, sim: sim}
	factory := func(env.Options) (env.Game, error) {
		cfg := flickemup.DefaultConfig()
		cfg.Scenario = scenario
		cfg.Options.Table = rec
		return flickemup.NewEnv(cfg)
	}
	p, err := newPlayer(factory, 1, 1, seed)
	if err != nil {
		return nil, 0, err
	}
	defer p.close()
	if err := p.run(steps); err != nil {
		return nil, 0, err
	}
	if len(rec.records) != p.flickSteps {
		return nil, 0, fmt.Errorf("recorded %d flicks in %d flick steps", len(rec.records), p.flickSteps)
	}
	return rec.records, p.b.StateHash[0], nil
}

// replayer runs recorded flicks through the table the env's games flick on, each from its
// recorded table: a physics.Pooled of the default physics, which borrows a simulator from the
// games' pool for each flick. The pool's own noise is off, the recorded velocity being
// noisy already, and the replayer draws the noise of the aimed velocity itself and throws
// it away, so that it does the table's whole work of a game's flick on the same run.
type replayer struct {
	table *physics.Pooled
	noise physics.Noise
	rng   *rand.Rand // the replayer's own draws of the noise
	st    *physics.State
	stop  stopAfter

	// clock is subtracted from the CPU time of every flick: the clock's own cost
	// (clockCost).
	clock time.Duration
}

// newReplayer returns a replayer on the default physics with the default noise.
func newReplayer() (*replayer, error) {
	t, err := physics.NewPooled(flickemup.PhysicsConfig())
	if err != nil {
		return nil, err
	}
	return &replayer{table: t, noise: flickemup.DefaultOptions().Noise, rng: rand.New(rand.NewPCG(1, 2)), st: &physics.State{}}, nil
}

// replay runs records and returns the CPU time spent in the table's work (the noise drawn,
// the flick simulated). Each flick must leave the table as it did in the game.
func (r *replayer) replay(records []flickRecord) (time.Duration, error) {
	var total time.Duration
	for i, rec := range records {
		r.st.CopyFrom(rec.st)
		f := physics.Flick{Piece: rec.piece, Velocity: rec.v}
		if rec.stopAt > 0 {
			r.stop.left = rec.stopAt
			f.Stop = &r.stop
		}
		start := cpuNow()
		r.noise.Apply(rec.aimed, r.rng)
		_, err := r.table.Flick(r.st, f, nil)
		total += cpuNow() - start - r.clock
		if err != nil {
			return 0, err
		}
		if !slices.Equal(r.st.Pieces, rec.after.Pieces) {
			return 0, fmt.Errorf("replayed flick %d of piece %d left another table than the game's", i, rec.piece)
		}
	}
	return total, nil
}
