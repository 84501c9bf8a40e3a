package env_test

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// namedRace is a Race whose seats declare names, some of them wrongly.
type namedRace struct {
	*race.Env
	names []string
}

func (n namedRace) SeatNames() []string { return n.names }

func TestSeatNames(t *testing.T) {
	g, err := race.NewEnv(race.Config{Players: 3, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := env.SeatNames(g), []string{"player 1", "player 2", "player 3"}; !slices.Equal(got, want) {
		t.Errorf("undeclared: %q, want %q", got, want)
	}
	own := []string{"red", "green", "blue"}
	if got := env.SeatNames(namedRace{g, own}); !slices.Equal(got, own) {
		t.Errorf("declared: %q, want %q", got, own)
	}
	// A declaration of the wrong length is ignored: one name per seat or none.
	if got := env.SeatNames(namedRace{g, own[:2]}); !slices.Equal(got, env.DefaultSeatNames(3)) {
		t.Errorf("two names for three seats: %q", got)
	}
	// The result is a copy.
	got := env.SeatNames(namedRace{g, own})
	got[0] = "x"
	if own[0] != "red" {
		t.Error("SeatNames returned the game's own slice")
	}
}
