package store_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// The fakes of the runs that fill the stores under test, as package arena's
// tests have them.

// bot is a fake arena.Player.
type bot struct{ name, version string }

func (b bot) Name() string    { return b.name }
func (b bot) Version() string { return b.version }

// bots returns fake players named names, version "v1".
func bots(names ...string) []arena.Player {
	out := make([]arena.Player, len(names))
	for i, n := range names {
		out[i] = bot{n, "v1"}
	}
	return out
}

// scenarios returns scenarios with the given ids, version "1".
func scenarios(ids ...string) []arena.Scenario {
	out := make([]arena.Scenario, len(ids))
	for i, id := range ids {
		out[i] = arena.Scenario{ID: id, Version: "1", Hash: "h-" + id}
	}
	return out
}

// strength ranks the fake bots: the stronger wins unless the seed says draw.
var strength = map[string]int{"random": 0, "aimer": 1, "planner": 2, "oracle": 3}

// fakeOutcome is the deterministic outcome of a fake game: it depends only on
// the match, as a real deterministic game with deterministic bots would. The
// stronger bot finishes ahead; equal strengths tie; every fifth seed is a
// draw at the turn limit.
func fakeOutcome(m arena.Match) arena.Outcome {
	k := len(m.Players)
	str := make([]float64, k)
	o := arena.Outcome{
		Termination: arena.TermNormal,
		FirstMover:  int(m.Seed>>7) % k,
		Turns:       int(m.Seed%40) + 1,
		Points:      make([]float64, k),
	}
	for i, p := range m.Players {
		str[i] = float64(strength[p.Name()])
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

// fairReferee plays every game with fakeOutcome.
var fairReferee = arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
	return fakeOutcome(m), nil
})

// openStore opens a store in a new temporary directory and closes it at the
// end of the test. It returns the store and its path.
func openStore(t testing.TB) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "results.db")
	return reopen(t, path), path
}

// reopen opens the store at path and closes it at the end of the test.
func reopen(t testing.TB, path string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("store.Open(%q): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// mustSchedule plans t or fails the test.
func mustSchedule(t testing.TB, tour arena.Tournament) arena.Schedule {
	t.Helper()
	s, err := arena.NewSchedule(tour)
	if err != nil {
		t.Fatalf("NewSchedule: %v", err)
	}
	return s
}

// testConfig is the runner configuration of the tests: no retry delay.
func testConfig(concurrency int) arena.RunnerConfig {
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = concurrency
	cfg.RetryDelay = 0
	cfg.ArenaVersion = "test"
	return cfg
}

// mustRunner returns a runner or fails the test.
func mustRunner(t testing.TB, ref arena.Referee, s *store.Store, cfg arena.RunnerConfig) *arena.Runner {
	t.Helper()
	r, err := arena.NewRunner(ref, s, cfg)
	if err != nil {
		t.Fatalf("NewRunner: %v", err)
	}
	return r
}

// games returns the games of tournament id or fails the test.
func games(t testing.TB, s *store.Store, id string) []arena.GameRecord {
	t.Helper()
	g, err := s.Games(context.Background(), arena.GameFilter{TournamentID: id})
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	return g
}

// sameRecords fails the test unless got and want are the same games, game
// for game (row ids and times aside).
func sameRecords(t *testing.T, want, got []arena.GameRecord) {
	t.Helper()
	if diff := cmp.Diff(want, got, cmpopts.IgnoreFields(arena.GameRecord{}, "ID", "StartedAt", "EndedAt")); diff != "" {
		t.Errorf("games differ (-want +got):\n%s", diff)
	}
}
