package fliprando_test

import (
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
