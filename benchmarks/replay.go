package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// flickRecord is one flick of a game, as the physics saw it: the table before, the piece, and
// the velocity after execution noise.
type flickRecord struct {
	st    *physics.State
	piece int
	v     physics.Vec
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
	f.Velocity = r.noise.Apply(f.Velocity, rng)
	r.records = append(r.records, flickRecord{st: st.Clone(), piece: f.Piece, v: f.Velocity})
	return r.sim.Flick(st, f, rng)
}

// recordFlicks plays steps steps of one showdown on a recorder (one env, one worker) and
// returns the flicks and the final state hash.
func recordFlicks(steps int, seed uint64) ([]flickRecord, uint64, error) {
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return nil, 0, err
	}
	rec := &recorder{noise: flickemup.DefaultOptions().Noise, sim: sim}
	factory := func(env.Options) (env.Game, error) {
		cfg := flickemup.DefaultConfig()
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

// replayer runs recorded flicks on one noiseless simulator, each from its recorded table.
type replayer struct {
	sim *physics.Simulator
	st  *physics.State
}

// newReplayer returns a replayer on the default physics.
func newReplayer() (*replayer, error) {
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return nil, err
	}
	return &replayer{sim: sim, st: &physics.State{}}, nil
}

// replay runs records and returns the CPU time spent in Simulator.Flick.
func (r *replayer) replay(records []flickRecord) (time.Duration, error) {
	var total time.Duration
	for _, rec := range records {
		r.st.CopyFrom(rec.st)
		start := cpuNow()
		_, err := r.sim.Flick(r.st, physics.Flick{Piece: rec.piece, Velocity: rec.v}, nil)
		total += cpuNow() - start
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}
