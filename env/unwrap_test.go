package env_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// wrapper wraps a game; with self it returns itself (a broken wrapper).
type wrapper struct {
	env.Game
	self bool
}

func (w *wrapper) Unwrap() env.Game {
	if w.self {
		return w
	}
	return w.Game
}

func TestUnwrap(t *testing.T) {
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if got := env.Unwrap(g); got != env.Game(g) {
		t.Errorf("Unwrap(bare) = %T, want the game", got)
	}
	if got := env.Unwrap(&wrapper{Game: &wrapper{Game: g}}); got != env.Game(g) {
		t.Errorf("Unwrap(twice wrapped) = %T, want the bare game", got)
	}
	loop := &wrapper{Game: g, self: true}
	if got := env.Unwrap(loop); got != env.Game(loop) {
		t.Errorf("Unwrap(self-returning wrapper) = %T, want the wrapper (and no endless loop)", got)
	}
}
