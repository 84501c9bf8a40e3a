package arenatest

import (
	"context"
	"slices"

	"github.com/flickarena/flickarena/arena"
)

// Bot is a fake arena.Player.
type Bot struct{ name, version string }

// NewBot returns a fake player with the given name and version.
func NewBot(name, version string) Bot { return Bot{name, version} }

// Name is the bot's name.
func (b Bot) Name() string { return b.name }

// Version is the bot's version.
func (b Bot) Version() string { return b.version }

// Bots returns fake players named names, version "v1".
func Bots(names ...string) []arena.Player {
	out := make([]arena.Player, len(names))
	for i, n := range names {
		out[i] = Bot{n, "v1"}
	}
	return out
}

// Scenarios returns scenarios with the given ids, version "1".
func Scenarios(ids ...string) []arena.Scenario {
	out := make([]arena.Scenario, len(ids))
	for i, id := range ids {
		out[i] = arena.Scenario{ID: id, Version: "1", Hash: "h-" + id}
	}
	return out
}

// Strength ranks the fake bots by name: the stronger wins unless the seed
// says draw.
var Strength = map[string]int{"random": 0, "aimer": 1, "planner": 2, "oracle": 3}

// FakeOutcome is the deterministic outcome of a fake game: it depends only on
// the match, as a real deterministic game with deterministic bots would. The
// stronger bot finishes ahead; equal strengths tie; every fifth seed is a
// draw at the turn limit.
func FakeOutcome(m arena.Match) arena.Outcome {
	k := len(m.Players)
	str := make([]float64, k)
	o := arena.Outcome{
		Termination: arena.TermNormal,
		FirstMover:  int(m.Seed>>7) % k,
		Turns:       int(m.Seed%40) + 1,
		Points:      make([]float64, k),
	}
	for i, p := range m.Players {
		str[i] = float64(Strength[p.Name()])
		o.Points[i] = str[i] + 0.5*float64(i)
	}
	if m.Seed%5 == 0 {
		str = make([]float64, k)
		o.Termination = arena.TermTurnLimit
	}
	o.Ranks = arena.RanksOf(str)
	if !slices.ContainsFunc(o.Ranks, func(r int) bool { return r > 1 }) && o.Termination == arena.TermNormal {
		o.Termination = arena.TermTurnLimit // a draw between equals, at the limit as before
	}
	return o
}

// FairReferee plays every game with FakeOutcome.
var FairReferee = arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
	return FakeOutcome(m), nil
})

// TestConfig is the runner configuration of the tests: concurrency workers,
// no retry delay, arena version "test".
func TestConfig(concurrency int) arena.RunnerConfig {
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = concurrency
	cfg.RetryDelay = 0
	cfg.ArenaVersion = "test"
	return cfg
}
