package arena_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// roundRobin is the tournament of the runner tests: 3 pairings x 2 scenarios
// x 4 games = 24 games.
var roundRobin = arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"),
	Scenarios: arenatest.Scenarios("showdown", "bank-job"), GamesPerPairing: 4, Seed: 99}

// gameView is a game record without the fields that depend on when and how
// often it was played.
type gameView struct {
	Key, PairID, Scenario string
	Seq, Round, Leg       int
	Seed                  uint64
	X, Y                  string
	Outcome               arena.Outcome
}

func views(gs []arena.GameRecord) []gameView {
	out := make([]gameView, len(gs))
	for i, g := range gs {
		out[i] = gameView{g.Key, g.PairID, g.Scenario.ID, g.Seq, g.Round, g.Leg, g.Seed,
			g.Bots[arena.SideX].Name, g.Bots[arena.SideY].Name,
			arena.Outcome{Ranks: arena.RanksFor(g.Result()), Termination: g.Termination, Reason: g.Reason,
				FirstMover: g.FirstMover, Turns: g.Turns, Points: g.Points}}
	}
	return out
}

// wantViews is what a complete, fault-free run of s with arenatest.FairReferee stores.
func wantViews(s arena.Schedule) []gameView {
	out := make([]gameView, len(s.Fixtures))
	for i, f := range s.Fixtures {
		m := arena.Match{Key: f.Key, Scenario: f.Scenario, Seed: f.Seed, Players: f.Players}
		out[i] = gameView{f.Key, f.PairID, f.Scenario.ID, f.Seq, f.Round, f.Leg, f.Seed,
			f.Players[arena.SideX].Name(), f.Players[arena.SideY].Name(), arenatest.FakeOutcome(m)}
	}
	return out
}

func TestRunner_Run(t *testing.T) {
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, roundRobin)
	for _, k := range []int{1, 4} {
		t.Run(fmt.Sprintf("concurrency=%d", k), func(t *testing.T) {
			s, _ := arenatest.OpenStore(t)
			var events []arena.Progress
			cfg := arenatest.TestConfig(k)
			cfg.Progress = func(p arena.Progress) { events = append(events, p) }
			sum, err := arenatest.MustRunner(t, arenatest.FairReferee, s, cfg).Run(ctx, sched)
			if err != nil {
				t.Fatal(err)
			}
			want := arena.Summary{Planned: 24, Played: 24}
			if diff := cmp.Diff(want, sum); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
			got := arenatest.Games(t, s, sched.Info.ID)
			if diff := cmp.Diff(wantViews(sched), views(got)); diff != "" {
				t.Errorf("stored games (-want +got):\n%s", diff)
			}
			for _, g := range got {
				if g.Attempt != 1 || g.ArenaVersion != "test" || g.Bots[0].Version != "v1" ||
					g.EndedAt.Before(g.StartedAt) || g.StartedAt.IsZero() {
					t.Errorf("game %s: attempt %d, arena %q, version %q, times %v..%v", g.Key, g.Attempt,
						g.ArenaVersion, g.Bots[0].Version, g.StartedAt, g.EndedAt)
				}
			}

			// Progress: one event at the start and one per game, Done
			// rising by one to Total, and the strongest bot leading.
			if len(events) != 25 {
				t.Fatalf("%d progress events, want 25", len(events))
			}
			for i, p := range events {
				if p.Done != i || p.Total != 24 || p.Played != i || p.TournamentID != sched.Info.ID {
					t.Errorf("event %d: %+v", i, p)
				}
			}
			last := events[len(events)-1]
			if last.Leader != "planner" || last.LeaderGames != 16 || last.ETA != 0 {
				t.Errorf("last event %+v, want leader planner after 16 games and no ETA", last)
			}
			if events[0].Leader != "" {
				t.Errorf("leader %q before any game", events[0].Leader)
			}
		})
	}
}

func TestRunner_Gauntlet(t *testing.T) {
	s, _ := arenatest.OpenStore(t)
	tour := arena.Tournament{Kind: arena.Gauntlet, GauntletBot: "random", Bots: arenatest.Bots("random", "aimer", "planner"),
		Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: 2, Seed: 5}
	sched := arenatest.MustSchedule(t, tour)
	sum, err := arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(context.Background(), sched)
	if err != nil || sum.Played != 4 {
		t.Fatalf("Run = %+v, %v; want 4 games played", sum, err)
	}
	for _, g := range arenatest.Games(t, s, sched.Info.ID) {
		if g.Bots[0].Name != "random" && g.Bots[1].Name != "random" {
			t.Errorf("gauntlet game %s without the gauntlet bot", g.Key)
		}
	}
}

// TestRunner_Resume interrupts a run (as Ctrl-C would), reopens the
// database (as a new process would) and reruns the same tournament: the
// rerun plays exactly the missing games and the final database equals that
// of an uninterrupted run.
func TestRunner_Resume(t *testing.T) {
	sched := arenatest.MustSchedule(t, roundRobin)
	const cancelAt = 8 // the call to Play that cancels the run
	tests := []struct {
		concurrency int
		exact       bool // with one worker, exactly cancelAt-1 games are recorded
	}{{1, true}, {4, false}}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("concurrency=%d", tc.concurrency), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s, path := arenatest.OpenStore(t)
			var calls atomic.Int64
			// Games from call cancelAt on never finish before the
			// cancellation, and then return an outcome anyway, like a
			// careless referee: the runner must not record them.
			ref := arena.RefereeFunc(func(ctx context.Context, m arena.Match) (arena.Outcome, error) {
				n := calls.Add(1)
				if n == cancelAt {
					cancel()
				}
				if n >= cancelAt {
					<-ctx.Done()
				}
				return arenatest.FakeOutcome(m), nil
			})
			sum1, err := arenatest.MustRunner(t, ref, s, arenatest.TestConfig(tc.concurrency)).Run(ctx, sched)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("interrupted Run: %v, want context.Canceled", err)
			}
			first := arenatest.Games(t, s, sched.Info.ID)
			if len(first) != sum1.Played || len(first) >= cancelAt || (tc.exact && len(first) != cancelAt-1) {
				t.Fatalf("interrupted run recorded %d games (summary %d), want %d", len(first), sum1.Played,
					cancelAt-1)
			}

			s2 := arenatest.Reopen(t, path)
			sum2, err := arenatest.MustRunner(t, arenatest.FairReferee, s2, arenatest.TestConfig(tc.concurrency)).Run(context.Background(), sched)
			if err != nil {
				t.Fatal(err)
			}
			want := arena.Summary{Planned: 24, Skipped: len(first), Played: 24 - len(first)}
			if diff := cmp.Diff(want, sum2); diff != "" {
				t.Errorf("resumed summary (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantViews(sched), views(arenatest.Games(t, s2, sched.Info.ID))); diff != "" {
				t.Errorf("resumed games differ from a clean run (-want +got):\n%s", diff)
			}

			// A third run has nothing to do.
			sum3, err := arenatest.MustRunner(t, arenatest.FairReferee, s2, arenatest.TestConfig(tc.concurrency)).Run(context.Background(), sched)
			if err != nil || sum3.Skipped != 24 || sum3.Played != 0 {
				t.Errorf("third run = %+v, %v; want all 24 skipped", sum3, err)
			}
		})
	}
}

// meeting is a barrier of two arenas: the games of each wait until both
// have begun playing, so that neither finishes before the other starts.
type meeting struct {
	mu   sync.Mutex // guards seen
	seen [2]bool
	met  chan struct{} // closed when both have begun
}

func newMeeting() *meeting { return &meeting{met: make(chan struct{})} }

// referee returns arena i's referee, which counts its games in calls.
func (mt *meeting) referee(i int, calls *atomic.Int64) arena.Referee {
	return arena.RefereeFunc(func(ctx context.Context, m arena.Match) (arena.Outcome, error) {
		mt.mu.Lock()
		if !mt.seen[i] {
			mt.seen[i] = true
			if mt.seen[1-i] {
				close(mt.met)
			}
		}
		mt.mu.Unlock()
		select {
		case <-mt.met:
		case <-ctx.Done():
			return arena.Outcome{}, ctx.Err()
		}
		calls.Add(1)
		return arenatest.FakeOutcome(m), nil
	})
}

// TestRunner_TwoArenas runs the same tournament from two arenas (two
// Stores, as two processes would have) on one SQLite file at once, both
// playing from the start: they share the work, each game played once by
// one of them (each used to play every game, the second recording of each
// dropped), and every game ends up stored exactly once.
func TestRunner_TwoArenas(t *testing.T) {
	sched := arenatest.MustSchedule(t, roundRobin)
	// The timeout only guards against a hang of the meeting.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "shared.db")
	stores := []*store.Store{arenatest.Reopen(t, path), arenatest.Reopen(t, path)}
	sums := make([]arena.Summary, 2)
	errs := make([]error, 2)
	var calls [2]atomic.Int64
	mt := newMeeting()
	var wg sync.WaitGroup
	for i, s := range stores {
		r := arenatest.MustRunner(t, mt.referee(i, &calls[i]), s, arenatest.TestConfig(2))
		wg.Go(func() { sums[i], errs[i] = r.Run(ctx, sched) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("arena %d: %v", i, err)
		}
	}
	if a, b := calls[0].Load(), calls[1].Load(); a+b != 24 {
		t.Errorf("arenas played %d + %d games, want 24 in all (each game once)", a, b)
	}
	for i, sum := range sums {
		if sum.Played != int(calls[i].Load()) || sum.Duplicates != 0 || sum.Played+sum.Others != 24 {
			t.Errorf("arena %d: %+v after %d games played; want them recorded, none duplicate, the rest by the other",
				i, sum, calls[i].Load())
		}
	}
	if diff := cmp.Diff(wantViews(sched), views(arenatest.Games(t, stores[0], sched.Info.ID))); diff != "" {
		t.Errorf("games (-want +got):\n%s", diff)
	}
	if err := arenatest.CheckIntegrity(path); err != nil {
		t.Error(err)
	}
}

// errArena is an arena fault of the fakes.
var errArena = errors.New("env server unavailable")

func TestRunner_Faults(t *testing.T) {
	tests := []struct {
		name   string
		play   func(ctx context.Context, m arena.Match) (arena.Outcome, error)
		want   arena.Outcome // recorded outcome; zero if the game must fail
		reason string        // substring of the recorded reason or fault
	}{
		{"TimeoutOutcome", func(_ context.Context, m arena.Match) (arena.Outcome, error) {
			return arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermTimeout, Reason: "no action in 2s",
				FirstMover: 0, Turns: 4}, nil
		}, arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermTimeout, Reason: "no action in 2s",
			FirstMover: 0, Turns: 4}, "no action"},
		{"WrappedBotFault", func(_ context.Context, m arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, fmt.Errorf("turn 3: %w", &arena.BotFault{Seat: 0,
				Termination: arena.TermDisconnect, FirstMover: 1, Turns: 3, Err: io.ErrUnexpectedEOF})
		}, arena.Outcome{Ranks: arena.RanksFor(arena.WinY), Termination: arena.TermDisconnect, Reason: "unexpected EOF",
			FirstMover: 1, Turns: 3}, "EOF"},
		{"BotFaultWithoutErr", func(_ context.Context, m arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, &arena.BotFault{Seat: 1, Termination: arena.TermCrash,
				FirstMover: 0, Turns: 1}
		}, arena.Outcome{Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermCrash,
			Reason: "arena: bot on seat 1: crash", FirstMover: 0, Turns: 1}, "crash"},
		{"ArenaError", func(context.Context, arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, errArena
		}, arena.Outcome{}, "unavailable"},
		{"UnattributedDeadline", func(context.Context, arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, context.DeadlineExceeded
		}, arena.Outcome{}, "deadline"},
		{"RefereePanic", func(context.Context, arena.Match) (arena.Outcome, error) {
			panic("nil map")
		}, arena.Outcome{}, "panicked"},
		{"DrawAfterFault", func(context.Context, arena.Match) (arena.Outcome, error) {
			return arena.Outcome{Ranks: arena.RanksFor(arena.Draw), Termination: arena.TermIllegal}, nil
		}, arena.Outcome{}, "invalid outcome"},
		{"ZeroOutcome", func(context.Context, arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, nil
		}, arena.Outcome{}, "invalid outcome"},
		{"BotFaultNotAFault", func(context.Context, arena.Match) (arena.Outcome, error) {
			return arena.Outcome{}, &arena.BotFault{Seat: 0, Termination: arena.TermNormal}
		}, arena.Outcome{}, "invalid outcome"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := arenatest.OpenStore(t)
			sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer"),
				Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: 2})
			cfg := arenatest.TestConfig(2)
			cfg.MaxAttempts = 2
			sum, err := arenatest.MustRunner(t, arena.RefereeFunc(tc.play), s, cfg).Run(ctx, sched)
			got := arenatest.Games(t, s, sched.Info.ID)
			faults, ferr := s.Faults(ctx, sched.Info.ID)
			if ferr != nil {
				t.Fatal(ferr)
			}
			if tc.want.Termination != 0 { // a bot fault: recorded as a loss
				if err != nil || sum.Played != 2 || len(faults) != 0 || len(got) != 2 {
					t.Fatalf("Run = %+v, %v with %d faults; want 2 games recorded", sum, err, len(faults))
				}
				for _, g := range got {
					o := arena.Outcome{Ranks: arena.RanksFor(g.Result()), Termination: g.Termination, Reason: g.Reason,
						FirstMover: g.FirstMover, Turns: g.Turns}
					if diff := cmp.Diff(tc.want, o); diff != "" {
						t.Errorf("game %s (-want +got):\n%s", g.Key, diff)
					}
				}
				return
			}
			// An arena fault: every attempt voided and logged, no game.
			if !errors.Is(err, arena.ErrGameFailed) || len(got) != 0 || sum.Voided != 4 || len(sum.Failed) != 2 {
				t.Fatalf("Run = %+v, %v with %d games; want 2 failed games, 4 voided attempts", sum, err, len(got))
			}
			if len(faults) != 4 {
				t.Fatalf("%d faults logged, want 4", len(faults))
			}
			for _, f := range faults {
				if !strings.Contains(f.Error, tc.reason) || f.Attempt < 1 || f.Attempt > 2 || f.ArenaVersion != "test" {
					t.Errorf("fault %+v, want attempt 1 or 2 mentioning %q", f, tc.reason)
				}
			}
			for _, fg := range sum.Failed {
				if !strings.Contains(fg.Err.Error(), tc.reason) {
					t.Errorf("failed game %s: %v, want mention of %q", fg.Key, fg.Err, tc.reason)
				}
			}
		})
	}
}

// flaky fails the first failures attempts at every game with an arena
// fault, then plays it fairly.
type flaky struct {
	failures int
	mu       sync.Mutex     // guards tries
	tries    map[string]int // attempts per game key
}

func (f *flaky) Play(ctx context.Context, m arena.Match) (arena.Outcome, error) {
	f.mu.Lock()
	f.tries[m.Key]++
	n := f.tries[m.Key]
	f.mu.Unlock()
	if n <= f.failures {
		return arena.Outcome{}, fmt.Errorf("attempt %d: %w", n, errArena)
	}
	return arenatest.FakeOutcome(m), nil
}

func TestRunner_VoidAndReplay(t *testing.T) {
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, roundRobin)

	t.Run("RecoversWithinAttempts", func(t *testing.T) {
		s, _ := arenatest.OpenStore(t)
		ref := &flaky{failures: 2, tries: map[string]int{}}
		sum, err := arenatest.MustRunner(t, ref, s, arenatest.TestConfig(3)).Run(ctx, sched)
		if err != nil || sum.Played != 24 || sum.Voided != 48 || len(sum.Failed) != 0 {
			t.Fatalf("Run = %+v, %v; want 24 played after 48 voided attempts", sum, err)
		}
		got := arenatest.Games(t, s, sched.Info.ID)
		if diff := cmp.Diff(wantViews(sched), views(got)); diff != "" {
			t.Errorf("replayed games differ from a clean run (-want +got):\n%s", diff)
		}
		for _, g := range got {
			if g.Attempt != 3 {
				t.Errorf("game %s recorded at attempt %d, want 3", g.Key, g.Attempt)
			}
		}
		faults, err := s.Faults(ctx, sched.Info.ID)
		if err != nil || len(faults) != 48 {
			t.Errorf("%d faults logged (%v), want 48", len(faults), err)
		}
	})

	t.Run("FailsThenResumes", func(t *testing.T) {
		s, _ := arenatest.OpenStore(t)
		cfg := arenatest.TestConfig(3)
		cfg.MaxAttempts = 1
		ref := &flaky{failures: 1, tries: map[string]int{}}
		sum, err := arenatest.MustRunner(t, ref, s, cfg).Run(ctx, sched)
		if !errors.Is(err, arena.ErrGameFailed) || len(sum.Failed) != 24 || sum.Played != 0 {
			t.Fatalf("Run = %+v, %v; want every game failed", sum, err)
		}
		// The rerun tries the failed games again.
		sum, err = arenatest.MustRunner(t, ref, s, cfg).Run(ctx, sched)
		if err != nil || sum.Played != 24 || sum.Skipped != 0 {
			t.Fatalf("rerun = %+v, %v; want 24 played", sum, err)
		}
	})
}

func TestRunner_StoreFailureStops(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	sched := arenatest.MustSchedule(t, roundRobin)
	var calls atomic.Int64
	ref := arena.RefereeFunc(func(ctx context.Context, m arena.Match) (arena.Outcome, error) {
		if calls.Add(1) == 1 {
			_ = s.Close() // the disk goes away under the arena
		}
		return arenatest.FakeOutcome(m), nil
	})
	sum, err := arenatest.MustRunner(t, ref, s, arenatest.TestConfig(1)).Run(ctx, sched)
	if err == nil || errors.Is(err, arena.ErrGameFailed) || errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want the store's error", err)
	}
	if sum.Played != 0 || calls.Load() != 1 {
		t.Errorf("after a store failure: %d played, %d games started; want 0 and 1", sum.Played, calls.Load())
	}
}

func TestNewRunner_Errors(t *testing.T) {
	s, _ := arenatest.OpenStore(t)
	tests := []struct {
		name   string
		ref    arena.Referee
		store  arena.RunStore
		change func(*arena.RunnerConfig)
	}{
		{"NilReferee", nil, s, func(*arena.RunnerConfig) {}},
		{"NilStore", arenatest.FairReferee, nil, func(*arena.RunnerConfig) {}},
		{"ZeroConcurrency", arenatest.FairReferee, s, func(c *arena.RunnerConfig) { c.Concurrency = 0 }},
		{"ZeroAttempts", arenatest.FairReferee, s, func(c *arena.RunnerConfig) { c.MaxAttempts = 0 }},
		{"NegativeDelay", arenatest.FairReferee, s, func(c *arena.RunnerConfig) { c.RetryDelay = -1 }},
	}
	if _, err := arena.NewRunner(arenatest.FairReferee, s, arena.DefaultRunnerConfig()); err != nil {
		t.Fatalf("default config: %v", err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := arena.DefaultRunnerConfig()
			tc.change(&cfg)
			if _, err := arena.NewRunner(tc.ref, tc.store, cfg); err == nil {
				t.Error("NewRunner succeeded, want an error")
			}
		})
	}
}
