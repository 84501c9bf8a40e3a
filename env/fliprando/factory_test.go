package fliprando_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
)

// newEnv returns the Env of fliprando.Factory for opts.
func newEnv(opts env.Options) (*fliprando.Env, error) {
	g, err := fliprando.Factory(opts)
	if err != nil {
		return nil, err
	}
	return g.(*fliprando.Env), nil
}

// stepRandom plays one of e's legal actions, drawn uniformly by r from its mask, and returns
// the episode's status after it.
func stepRandom(t *testing.T, e *fliprando.Env, r *rand.Rand) env.Status {
	t.Helper()
	mask := make([]bool, fliprando.NumActions)
	e.Mask(mask)
	var legal []int32
	for i, ok := range mask {
		if ok {
			legal = append(legal, int32(i))
		}
	}
	st, err := e.Step(env.Action{Discrete: []int32{legal[r.IntN(len(legal))]}})
	if err != nil {
		t.Fatal(err)
	}
	return st
}
