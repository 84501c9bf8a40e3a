package envrpc_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
)

// raceRegistry returns a registry with Race.
func raceRegistry(t testing.TB) *env.Registry {
	t.Helper()
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestCompliance runs the protocol compliance suite on Race, with
// two and three players.
func TestCompliance(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	for _, c := range []struct {
		name string
		cfg  envrpctest.Config
	}{
		{"players=2", envrpctest.Config{}},
		{"players=3", envrpctest.Config{Options: env.Options{"players": "3", "rounds": "2"}, NumEnvs: 5, Seed: 7}},
	} {
		t.Run(c.name, func(t *testing.T) {
			envrpctest.Run(t, e.Conn, race.ID, race.Factory, c.cfg)
		})
	}
}
