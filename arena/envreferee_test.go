package arena_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// policyBot is a fake arena.Bot made of a name and an act function.
type policyBot struct {
	name string
	act  func(dst env.Action, t env.Turn, rng *rand.Rand) error
}

func (b policyBot) Name() string    { return b.name }
func (b policyBot) Version() string { return "test" }
func (b policyBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.act(dst, t, rng)
}

// ctxBot is a fake arena.Bot that also implements arena.ContextActor.
type ctxBot struct {
	policyBot
	actCtx func(ctx context.Context) error
}

func (b ctxBot) ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.actCtx(ctx)
}

// gainer plays Race's best move: Gain at the sweet spot, which it reads
// from the observation. It beats passer every time.
var gainer = policyBot{"gainer", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
	sweet := t.Obs[3*t.Spec.NumPlayers] // the "sweet" field follows three per-seat fields
	dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = race.Gain, 0, sweet
	return nil
}}

// passer always plays the game's default action (Pass in Race).
var passer = policyBot{"passer", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
	t.Game.DefaultAction(dst)
	return nil
}}

// cheater plays a move that does not exist.
var cheater = policyBot{"cheater", func(dst env.Action, _ env.Turn, _ *rand.Rand) error {
	dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = 99, 0, 0
	return nil
}}

// panicker panics.
var panicker = policyBot{"panicker", func(env.Action, env.Turn, *rand.Rand) error {
	panic("out of cheese")
}}

// failer returns an error.
var failer = policyBot{"failer", func(env.Action, env.Turn, *rand.Rand) error {
	return errors.New("model file missing")
}}

// dropper reports a lost connection.
var dropper = policyBot{"dropper", func(env.Action, env.Turn, *rand.Rand) error {
	return fmt.Errorf("act: %w", arena.ErrDisconnected)
}}

// sleeper returns a bot that blocks until the test ends.
func sleeper(t *testing.T) policyBot {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return policyBot{"sleeper", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
		<-release
		t.Game.DefaultAction(dst)
		return nil
	}}
}

// waiter is a context-aware bot that waits for its context to end.
var waiter = ctxBot{policyBot{"waiter", nil}, func(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}}

// faultyGame wraps Race to misbehave from turn at on.
type faultyGame struct {
	*race.Env
	mode string // "step-error", "panic", "truncate", "reject" or "reset-error"
	at   int    // the turn (from 0) at which the game misbehaves
	turn int
}

func (g *faultyGame) Reset(rng *rand.Rand) error {
	g.turn = 0
	if g.mode == "reset-error" {
		return errors.New("scenario file vanished")
	}
	return g.Env.Reset(rng)
}

func (g *faultyGame) Validate(a env.Action) error {
	if g.mode == "reject" {
		return &env.ActionError{Env: -1, Field: "action", Reason: "nothing is ever legal here"}
	}
	return g.Env.Validate(a)
}

func (g *faultyGame) Step(a env.Action) (env.Status, error) {
	defer func() { g.turn++ }()
	if g.turn == g.at {
		switch g.mode {
		case "step-error":
			return env.Running, errors.New("physics exploded")
		case "panic":
			panic("index out of range [7]")
		case "truncate":
			if _, err := g.Env.Step(a); err != nil {
				return env.Running, err
			}
			return env.Truncated, nil
		}
	}
	return g.Env.Step(a)
}

// testRegistry holds Race and its faulty variants ("test/<mode>-v1").
func testRegistry(t testing.TB) *env.Registry {
	t.Helper()
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"step-error", "panic", "truncate", "reject", "reset-error"} {
		err := reg.Register("test/"+mode+"-v1", func(opts env.Options) (env.Game, error) {
			g, err := race.NewEnv(race.DefaultConfig())
			if err != nil {
				return nil, err
			}
			return &faultyGame{Env: g, mode: mode, at: 3}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// newReferee returns an EnvReferee over testRegistry with "race" mapped to
// Race.
func newReferee(t *testing.T, deadline time.Duration, maxTurns int) *arena.EnvReferee {
	t.Helper()
	ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{
		Registry:  testRegistry(t),
		Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID}},
		Deadline:  deadline,
		MaxTurns:  maxTurns,
	})
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// firstSeat returns the seat Race gives the first move with seed.
func firstSeat(t *testing.T, seed uint64) int {
	t.Helper()
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(env.EpisodeRand(seed, 0)); err != nil {
		t.Fatal(err)
	}
	return g.CurrentPlayer()
}

func TestEnvReferee_Play(t *testing.T) {
	const seed = 12345
	first := firstSeat(t, seed)
	// A generous deadline where none is under test: the machine is shared
	// and the race detector is slow, and a spurious timeout must not fail
	// the test.
	const slack = time.Minute
	tests := []struct {
		name     string
		scenario string
		x, y     arena.Bot
		deadline time.Duration
		maxTurns int
		want     arena.Outcome // Reason is checked by wantReason
		// wantReason are substrings of the reason.
		wantReason []string
	}{
		{name: "GainerBeatsPasser", scenario: "race", x: gainer, y: passer, deadline: slack,
			want: arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermNormal, FirstMover: first, Turns: 10,
				EndKind: "last turn: one best score"}},
		{name: "PasserLosesToGainer", scenario: "race", x: passer, y: gainer,
			want: arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermNormal, FirstMover: first, Turns: 10,
				EndKind: "last turn: one best score"}},
		{name: "BothPassDraw", scenario: "race", x: passer, y: passer,
			want: arena.Outcome{Ranks: arena.RanksFor(arena.Draw), Termination: arena.TermNormal, FirstMover: first, Turns: 10,
				EndKind: "last turn: a tie for the best score"}},
		{name: "TurnCap", scenario: "race", x: gainer, y: passer, maxTurns: 3,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.Draw), Termination: arena.TermTurnLimit, FirstMover: first, Turns: 3},
			wantReason: []string{"turn limit of 3"}},
		{name: "GameTruncates", scenario: "test/truncate-v1", x: gainer, y: passer,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.Draw), Termination: arena.TermTurnLimit, FirstMover: first, Turns: 4},
			wantReason: []string{"truncated"}},
		{name: "CheaterX", scenario: "race", x: cheater, y: passer, deadline: slack,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermIllegal, FirstMover: first, Turns: int(first)},
			wantReason: []string{"cheater (side X, turn", "value 99 out of range"}},
		{name: "CheaterY", scenario: "race", x: passer, y: cheater,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermIllegal, FirstMover: first, Turns: int(1 - first)},
			wantReason: []string{"cheater (side Y"}},
		{name: "GameRejects", scenario: "test/reject-v1", x: gainer, y: passer,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinFor(arena.Side(1 - first))), Termination: arena.TermIllegal, FirstMover: first},
			wantReason: []string{"nothing is ever legal here"}},
		{name: "Sleeper", scenario: "race", x: passer, y: sleeper(t), deadline: 20 * time.Millisecond,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermTimeout, FirstMover: first, Turns: int(1 - first)},
			wantReason: []string{"sleeper (side Y", "no action within the 20ms deadline"}},
		{name: "ContextWaiter", scenario: "race", x: waiter, y: passer, deadline: 20 * time.Millisecond,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermTimeout, FirstMover: first, Turns: int(first)},
			wantReason: []string{"waiter (side X"}},
		{name: "Panicker", scenario: "race", x: panicker, y: passer, deadline: slack,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermCrash, FirstMover: first, Turns: int(first)},
			wantReason: []string{"panicker (side X", "panic: out of cheese"}},
		{name: "PanickerNoDeadline", scenario: "race", x: passer, y: panicker,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermCrash, FirstMover: first, Turns: int(1 - first)},
			wantReason: []string{"panic: out of cheese"}},
		{name: "Failer", scenario: "race", x: failer, y: passer,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermCrash, FirstMover: first, Turns: int(first)},
			wantReason: []string{"failer (side X", "model file missing"}},
		{name: "Dropper", scenario: "race", x: passer, y: dropper,
			want:       arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermDisconnect, FirstMover: first, Turns: int(1 - first)},
			wantReason: []string{"dropper (side Y", "disconnected"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref := newReferee(t, tc.deadline, tc.maxTurns)
			m := arena.Match{Key: tc.name, Scenario: arena.Scenario{ID: tc.scenario}, Seed: seed,
				Players: []arena.Player{tc.x, tc.y}}
			got, err := ref.Play(context.Background(), m)
			if err != nil {
				t.Fatalf("Play: %v", err)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("invalid outcome: %v", err)
			}
			reason := got.Reason
			got.Reason = ""
			// Race keeps points: a game that ends by its rules or a limit records them
			// (the ranks of a normal end follow them), a game ended by a fault does not.
			switch pts := got.Points; {
			case got.Termination.IsBotFault() && pts != nil:
				t.Errorf("points %v after a bot fault", pts)
			case !got.Termination.IsBotFault() && tc.scenario == "race" && len(pts) != 2:
				t.Errorf("points %v, want one per seat", pts)
			case got.Termination == arena.TermNormal && !reflect.DeepEqual(arena.RanksOf(pts), got.Ranks):
				t.Errorf("ranks %v do not follow the points %v", got.Ranks, pts)
			}
			got.Points = nil
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("outcome\n got %+v\nwant %+v (reason %q)", got, tc.want, reason)
			}
			for _, s := range tc.wantReason {
				if !strings.Contains(reason, s) {
					t.Errorf("reason %q lacks %q", reason, s)
				}
			}
		})
	}
}

// TestEnvReferee_ArenaFaults checks that faults of the game or of the set-up
// are errors (the runner voids and replays the game), not bot faults.
func TestEnvReferee_ArenaFaults(t *testing.T) {
	tests := []struct {
		name     string
		scenario string
		x        arena.Player
		want     string
	}{
		{"StepError", "test/step-error-v1", gainer, "physics exploded"},
		{"GamePanics", "test/panic-v1", gainer, "panicked: index out of range [7]"},
		{"ResetError", "test/reset-error-v1", gainer, "scenario file vanished"},
		{"UnknownScenario", "chess", gainer, "unknown game"},
		{"NotABot", "race", arenatest.NewBot("lazy", "v1"), `player "lazy" on side X cannot act`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref := newReferee(t, time.Minute, 0)
			m := arena.Match{Key: "k", Scenario: arena.Scenario{ID: tc.scenario}, Seed: 1,
				Players: []arena.Player{tc.x, passer}}
			out, err := ref.Play(context.Background(), m)
			if err == nil {
				t.Fatalf("Play gave %+v, want an error", out)
			}
			if errors.As(err, new(*arena.BotFault)) {
				t.Errorf("Play blamed a bot: %v", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q lacks %q", err, tc.want)
			}
		})
	}
}

// TestEnvReferee_Cancel checks that a game abandoned while a bot thinks is
// no one's fault.
func TestEnvReferee_Cancel(t *testing.T) {
	ref := newReferee(t, time.Minute, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	release := make(chan struct{})
	defer close(release)
	stuck := policyBot{"stuck", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
		cancel()
		<-release
		return nil
	}}
	m := arena.Match{Key: "k", Scenario: arena.Scenario{ID: "race"}, Seed: 1, Players: []arena.Player{stuck, stuck}}
	out, err := ref.Play(ctx, m)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Play = %+v, %v; want context.Canceled", out, err)
	}
}

// TestEnvReferee_Deterministic plays the same random games twice: same
// match, same outcome.
func TestEnvReferee_Deterministic(t *testing.T) {
	ref := newReferee(t, time.Minute, 0)
	other := policyBot{"other", random.New().Act}
	results := map[arena.Result]int{}
	for seed := range uint64(40) {
		m := arena.Match{Key: "k", Scenario: arena.Scenario{ID: "race"}, Seed: seed,
			Players: []arena.Player{random.New(), other}}
		a, err := ref.Play(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ref.Play(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two plays differ:\n%+v\n%+v", seed, a, b)
		}
		if a.Termination != arena.TermNormal || a.Turns != 10 || a.FirstMover != firstSeat(t, seed) {
			t.Errorf("seed %d: outcome %+v", seed, a)
		}
		results[a.Result()]++
	}
	// Random against random: both sides must win some of 40 games, or the
	// seeds are not reaching the bots and the game.
	if results[arena.WinX] == 0 || results[arena.WinY] == 0 {
		t.Errorf("results over 40 seeds: %v", results)
	}
}

func TestNewEnvReferee(t *testing.T) {
	reg := testRegistry(t)
	tests := []struct {
		name string
		cfg  arena.EnvRefereeConfig
		want string // "" for success
	}{
		{"OK", arena.EnvRefereeConfig{Registry: reg, Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID}}}, ""},
		{"NilRegistry", arena.EnvRefereeConfig{}, "nil registry"},
		{"UnknownGame", arena.EnvRefereeConfig{Registry: reg, Scenarios: map[string]arena.EnvScenario{"go": {Game: "go/board-v1"}}}, "unknown game"},
		{"BadOption", arena.EnvRefereeConfig{Registry: reg, Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID, Options: env.Options{"speed": "9"}}}}, "speed"},
		{"ThreeSeats", arena.EnvRefereeConfig{Registry: reg, Scenarios: map[string]arena.EnvScenario{"race3": {Game: race.ID, Options: env.Options{"players": "3"}}}}, ""},
		{"NegativeDeadline", arena.EnvRefereeConfig{Registry: reg, Deadline: -time.Second}, "negative deadline"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := arena.NewEnvReferee(tc.cfg)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestEnvReferee_Scenario(t *testing.T) {
	reg := testRegistry(t)
	scenario := func(opts env.Options, maxTurns int) arena.Scenario {
		t.Helper()
		ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg, MaxTurns: maxTurns,
			Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID, Options: opts}}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := ref.Scenario("race")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := scenario(nil, 0)
	if base.ID != "race" || base.Version != "1" || len(base.Hash) != 16 {
		t.Errorf("scenario %+v, want id race, version 1, a 16-digit hash", base)
	}
	if !reflect.DeepEqual(base.SeatNames, []string{"player 1", "player 2"}) {
		t.Errorf("scenario's seat names %q, want Race's (player 1, player 2)", base.SeatNames)
	}
	if again := scenario(env.Options{}, 0); !reflect.DeepEqual(again, base) {
		t.Errorf("same set-up, different scenario: %+v, %+v", again, base)
	}
	for _, other := range []arena.Scenario{scenario(env.Options{"rounds": "6"}, 0), scenario(nil, 7)} {
		if other.Hash == base.Hash {
			t.Errorf("different set-up, same hash %s", base.Hash)
		}
	}
	ref := newReferee(t, 0, 0)
	if s, err := ref.Scenario(race.ID); err != nil || s.Version != "1" {
		t.Errorf("registry id as scenario: %+v, %v", s, err)
	}
	if _, err := ref.Scenario("chess"); err == nil {
		t.Error("unknown scenario accepted")
	}
}

// TestEnvReferee_Tournament runs a small tournament with a faulty bot
// through the Runner: every game of the panicker is its loss, recorded
// with the crash, and every other game ends normally.
func TestEnvReferee_Tournament(t *testing.T) {
	ctx := context.Background()
	ref := newReferee(t, time.Minute, 0)
	sched, err := arena.NewSchedule(arena.Tournament{
		Bots:            []arena.Player{random.New(), gainer, panicker},
		Scenarios:       []arena.Scenario{{ID: "race", Version: "1"}},
		GamesPerPairing: 4,
		Seed:            3,
	})
	if err != nil {
		t.Fatal(err)
	}
	store, err := store.Open(ctx, filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = 2
	runner, err := arena.NewRunner(ref, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := runner.Run(ctx, sched)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 12 || sum.Voided != 0 {
		t.Errorf("summary %+v, want 12 played, none voided", sum)
	}
	games, err := store.Games(ctx, arena.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		s, hasPanicker := arena.SideX, false
		for side, b := range g.Bots {
			if b.Name == "panicker" {
				s, hasPanicker = arena.Side(side), true
			}
		}
		switch {
		case hasPanicker && (g.Termination != arena.TermCrash || g.Result() != arena.WinFor(s.Other())):
			t.Errorf("game %s: %v %v, want a crash lost by the panicker", g.Key, g.Result(), g.Termination)
		case !hasPanicker && (g.Termination != arena.TermNormal || g.Turns != 10):
			t.Errorf("game %s: %v after %d turns, want a normal end after 10", g.Key, g.Termination, g.Turns)
		}
	}
}
