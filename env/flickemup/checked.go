package flickemup

import (
	"math"
	"slices"

	"github.com/flickarena/flickarena/env"
)

// checkedAction remembers the last native action [Env.Validate] found legal, with its
// decoding, so that the [Env.Step] that follows (a Vector validates every action before it
// steps it) neither decodes it again nor has the engine check it a second time. The Env
// forgets it whenever the decision changes.
type checkedAction struct {
	ok         bool
	discrete   []int32
	continuous []uint32 // the bits of the continuous values, so that the same action matches
	act        Action
}

// keep remembers native action a, legal now, and its decoding act.
func (c *checkedAction) keep(a env.Action, act Action) {
	c.ok, c.act = true, act
	c.discrete = append(c.discrete[:0], a.Discrete...)
	c.continuous = c.continuous[:0]
	for _, x := range a.Continuous {
		c.continuous = append(c.continuous, math.Float32bits(x))
	}
}

// lookup returns the decoding of a if it is the action kept, bit for bit.
func (c *checkedAction) lookup(a env.Action) (Action, bool) {
	if !c.ok || !slices.Equal(c.discrete, a.Discrete) || len(c.continuous) != len(a.Continuous) {
		return Action{}, false
	}
	for i, x := range a.Continuous {
		if math.Float32bits(x) != c.continuous[i] {
			return Action{}, false
		}
	}
	return c.act, true
}

// forget drops the action kept.
func (c *checkedAction) forget() { c.ok = false }
