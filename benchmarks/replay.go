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

// recording is a game as the comparison replays it: every step's action, whether it
// flicked, every flick, and the final state hash.
type recording struct {
	actions []env.Actions
	flicked []bool
	flicks  []flickRecord
	hash    uint64
}

// record plays steps steps of one game of our scenario on a recorder (one env, one worker)
// with the player's random legal actions, and returns its recording.
func record(scenario string, steps int, seed uint64) (*recording, error) {
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return nil, err
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
		return nil, err
	}
	defer p.close()
	out := &recording{}
	for range steps {
		before := p.flickSteps
		if err := p.step(); err != nil {
			return nil, err
		}
		out.actions = append(out.actions, env.Actions{Discrete: slices.Clone(p.act.Discrete), Continuous: slices.Clone(p.act.Continuous)})
		out.flicked = append(out.flicked, p.flickSteps > before)
	}
	if len(rec.records) != p.flickSteps {
		return nil, fmt.Errorf("recorded %d flicks in %d flick steps", len(rec.records), p.flickSteps)
	}
	out.flicks, out.hash = rec.records, p.b.StateHash[0]
	return out, nil
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
	sts   []*physics.State
	stops []stopAfter
}

// newReplayer returns a replayer on the default physics with the default noise.
func newReplayer() (*replayer, error) {
	t, err := physics.NewPooled(flickemup.PhysicsConfig())
	if err != nil {
		return nil, err
	}
	return &replayer{table: t, noise: flickemup.DefaultOptions().Noise, rng: rand.New(rand.NewPCG(1, 2))}, nil
}

// prepare copies the tables of records into the replayer's own, ready to be flicked.
func (r *replayer) prepare(records []flickRecord) {
	for len(r.sts) < len(records) {
		r.sts = append(r.sts, &physics.State{})
		r.stops = append(r.stops, stopAfter{})
	}
	for i, rec := range records {
		r.sts[i].CopyFrom(rec.st)
	}
}

// flick runs record i of records, prepared, through the table: the table's work of a game's
// flick.
func (r *replayer) flick(records []flickRecord, i int) error {
	rec := &records[i]
	f := physics.Flick{Piece: rec.piece, Velocity: rec.v}
	if rec.stopAt > 0 {
		r.stops[i].left = rec.stopAt
		f.Stop = &r.stops[i]
	}
	r.noise.Apply(rec.aimed, r.rng)
	_, err := r.table.Flick(r.sts[i], f, nil)
	return err
}

// verify checks that each replayed flick of records left the table as it did in the game.
func (r *replayer) verify(records []flickRecord) error {
	for i, rec := range records {
		if !slices.Equal(r.sts[i].Pieces, rec.after.Pieces) {
			return fmt.Errorf("replayed flick of piece %d left another table than the game's", rec.piece)
		}
	}
	return nil
}

// replay runs records and returns the CPU time of the table's work, all of them in one
// timed region.
func (r *replayer) replay(records []flickRecord) (time.Duration, error) {
	r.prepare(records)
	start := cpuNow()
	for i := range records {
		if err := r.flick(records, i); err != nil {
			return 0, err
		}
	}
	d := cpuNow() - start
	return d, r.verify(records)
}

// replayEach runs records and returns the CPU time of the table's work, each flick timed
// alone less clock, the clock's own cost (clockCost).
func (r *replayer) replayEach(records []flickRecord, clock time.Duration) (time.Duration, error) {
	r.prepare(records)
	var total time.Duration
	for i := range records {
		start := cpuNow()
		err := r.flick(records, i)
		total += cpuNow() - start - clock
		if err != nil {
			return 0, err
		}
	}
	return total, r.verify(records)
}
