package physics

import (
	"fmt"
	"math/rand/v2"
	"sync"
)

// Pooled runs flicks on simulators borrowed from a pool shared by every Pooled of the same
// configuration: it applies the execution noise itself, then runs the flick on a noiseless
// [Simulator] from the pool. A game that flicks through it thus holds no simulator, and no
// Box2D world, between flicks (40 to 45 kB less per Flick 'em Up! game: see
// docs/results/performance.md). It is safe for concurrent use, and a flick's outcome depends only on
// the state, the flick and rng (a simulator rebuilds its world from the state every time),
// so results do not depend on which simulator runs it; the noise draws are those the
// simulator itself would make, in the same order. Its Flick method has the signature of a
// game's flick hook (flickemup.Table).
type Pooled struct {
	noise Noise
	pool  *sync.Pool
}

// simPools maps a Config (with zero noise) to the *sync.Pool of its simulators.
var simPools sync.Map

// NewPooled returns the pooled runner of configuration cfg (its noise applied by the runner).
func NewPooled(cfg Config) (*Pooled, error) {
	noise := cfg.Noise
	cfg.Noise = Noise{}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("physics: pooled: %w", err)
	}
	if err := noise.Validate(); err != nil {
		return nil, fmt.Errorf("physics: pooled: %w", err)
	}
	p, ok := simPools.Load(cfg)
	if !ok {
		p, _ = simPools.LoadOrStore(cfg, &sync.Pool{New: func() any {
			sim, err := New(cfg)
			if err != nil {
				panic(fmt.Sprintf("physics: a validated config was refused: %v", err))
			}
			return sim
		}})
	}
	return &Pooled{noise: noise, pool: p.(*sync.Pool)}, nil
}

// Flick runs one flick (see [Simulator.Flick]) on a pooled simulator.
func (t *Pooled) Flick(st *State, f Flick, rng *rand.Rand) (Outcome, error) {
	f.Velocity = t.noise.Apply(f.Velocity, rng)
	sim := t.pool.Get().(*Simulator)
	defer t.pool.Put(sim)
	return sim.Flick(st, f, rng)
}
