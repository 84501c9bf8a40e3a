package envrpc_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
)

// TestCompliance_RealGames runs the protocol compliance suite on the real
// games: Flickago and a Flick 'em Up! scenario, served by one server, so
// that what the suite shows for Race (batches through the wire
// equal an in-process Vector's, bit for bit, in every mode) holds for games
// with physics, hidden information and 884-float observations too.
func TestCompliance_RealGames(t *testing.T) {
	reg := env.NewRegistry()
	for _, register := range []func(*env.Registry) error{flickago.Register, flickemup.Register} {
		if err := register(reg); err != nil {
			t.Fatal(err)
		}
	}
	e := envrpctest.NewServer(t, reg)
	for _, c := range []struct {
		id  string
		f   env.Factory
		cfg envrpctest.Config
	}{
		{flickago.ID, flickago.Factory, envrpctest.Config{NumEnvs: 3, Seed: 5}},
		// A decision cap well under a random game's length (about 160
		// decisions) makes the runs cross truncations and autoresets.
		{flickemup.ID, flickemup.Factory, envrpctest.Config{Options: env.Options{"max_decisions": "12"}, NumEnvs: 3, Seed: 9}},
	} {
		t.Run(c.id, func(t *testing.T) {
			envrpctest.Run(t, e.Conn, c.id, c.f, c.cfg)
		})
	}
}
