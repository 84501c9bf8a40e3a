package replay_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// newRegistry returns a registry with the showdown and the Race.
func newRegistry(t testing.TB) *env.Registry { return replaytest.Registry(t) }

// play records a game of id between random bots, reset like an arena game of seed key.
func play(t testing.TB, reg *env.Registry, id string, opts env.Options, key uint64, maxSteps int) *replay.Replay {
	t.Helper()
	return replaytest.Play(t, reg, id, opts, key, maxSteps, env.RandomPolicy{})
}
