package catalogue

import (
	"fmt"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
)

// registrars are the Register functions of every game, in id order. Add a
// game here, and only here.
var registrars = []func(*env.Registry) error{
	flickago.Register,  // flickago-v3
	flickemup.Register, // flickemup/<scenario>-vN, one id per scenario of ours, N its file's version
	fliprando.Register, // fliprando-v1
	race.Register,      // race-v1
}

// Registry returns a new registry holding every game.
func Registry() (*env.Registry, error) {
	reg := env.NewRegistry()
	for _, register := range registrars {
		if err := register(reg); err != nil {
			return nil, fmt.Errorf("catalogue: %w", err)
		}
	}
	return reg, nil
}
