package flickemup_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// cannedFlick is one flick of a game as the table answered it: the points at which the
// simulator asked the game's stopper, the stopper's last answer, the table after, and the
// outcome.
type cannedFlick struct {
	stops   []physics.Vec
	stopped bool
	after   []physics.Piece
	out     physics.Outcome
}

// cannedTable is a flickemup.Table that first records the flicks of a game played on the
// real physics, then, rewound, answers the same flicks of the same game from the record
// without simulating: it draws the noise from the game's stream as a simulator does and asks
// the game's stopper at the recorded points, so the game plays on exactly as it did, and
// the rules, encodings and bookkeeping around the flicks are all that run.
type cannedTable struct {
	noise  physics.Noise
	sim    *physics.Simulator // nil once replaying
	flicks []cannedFlick
	next   int // the next flick to answer, when replaying
}

// newCannedTable returns a recording table on the default physics with the default noise.
func newCannedTable() (*cannedTable, error) {
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		return nil, err
	}
	return &cannedTable{noise: flickemup.DefaultOptions().Noise, sim: sim}, nil
}

// replay switches the table from recording to replaying, from its first flick.
func (c *cannedTable) replay() { c.sim, c.next = nil, 0 }

// Flick implements flickemup.Table.
func (c *cannedTable) Flick(st *physics.State, f physics.Flick, rng *rand.Rand) (physics.Outcome, error) {
	f.Velocity = c.noise.Apply(f.Velocity, rng)
	if c.sim != nil {
		rec := &recordingStopper{rules: f.Stop}
		if f.Stop != nil {
			f.Stop = rec
		}
		out, err := c.sim.Flick(st, f, nil)
		if err != nil {
			return out, err
		}
		c.flicks = append(c.flicks, cannedFlick{stops: rec.at, stopped: rec.stopped, after: slices.Clone(st.Pieces), out: out})
		return out, nil
	}
	if c.next >= len(c.flicks) {
		return physics.Outcome{}, fmt.Errorf("canned table: flick %d of %d recorded", c.next+1, len(c.flicks))
	}
	k := &c.flicks[c.next]
	c.next++
	stopped := false
	for _, p := range k.stops {
		stopped = f.Stop.Stop(p)
	}
	if stopped != k.stopped {
		return physics.Outcome{}, fmt.Errorf("canned table: flick %d: the stopper answered %v, recorded %v", c.next, stopped, k.stopped)
	}
	copy(st.Pieces, k.after)
	return k.out, nil
}

// recordingStopper passes the simulator's questions on to the game's stopper and keeps them.
type recordingStopper struct {
	rules   physics.Stopper
	at      []physics.Vec
	stopped bool
}

// Stop implements physics.Stopper.
func (r *recordingStopper) Stop(p physics.Vec) bool {
	r.at = append(r.at, p)
	r.stopped = r.rules.Stop(p)
	return r.stopped
}
