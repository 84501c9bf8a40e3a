package planner_test

import "math/rand/v2"

// randFrom returns a generator seeded with seed.
func randFrom(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }
