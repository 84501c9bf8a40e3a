package main

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	gamecatalogue "github.com/flickarena/flickarena/internal/catalogue"
)

// arenaScenario is the game the arena measurement plays: the showdown.
var arenaScenario = flickemup.ID

// arenaDeadline is the per-decision deadline of the arena measurement: the default of
// 'arena run', so that the referee pays for the deadline as it does there.
const arenaDeadline = 2 * time.Second

// arenaResult is one way of playing a schedule (bareRun, runnerRun) timed: games and steps
// played, throughputs on the wall clock, and the share of the cores the process kept busy (CPU
// time ÷ (wall time × cores)).
type arenaResult struct {
	games, steps int
	gamesPerSec  float64
	stepsPerSec  float64
	busy         float64
}

// arenaBench is the result of arenaMeasure: the median runs of the bare games and of the
// arena at concurrency 1 and at GOMAXPROCS.
type arenaBench struct {
	bare, one, all arenaResult
}

// arenaMeasure measures the arena against the env on the same games: a round-robin of the
// random bot and the aimer on the showdown, games games per round, played by the arena's
// runner (EnvReferee, SQLite store in a temporary directory, the default deadline) at
// concurrency 1 and at GOMAXPROCS, and the same games played bare, straight on env.Game with
// the same bots, by GOMAXPROCS goroutines. The three are interleaved, rounds times, and must
// play the same games (the same steps in all); it returns the medians.
func arenaMeasure(games, rounds int, seed uint64) (arenaBench, error) {
	reg, err := gamecatalogue.Registry()
	if err != nil {
		return arenaBench{}, err
	}
	ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg, Deadline: arenaDeadline})
	if err != nil {
		return arenaBench{}, err
	}
	sc, err := ref.Scenario(arenaScenario)
	if err != nil {
		return arenaBench{}, err
	}
	bots := []arena.Player{random.New(), aimer.NewBot()}
	dir, err := os.MkdirTemp("", "flickarena-bench-")
	if err != nil {
		return arenaBench{}, err
	}
	defer os.RemoveAll(dir)
	cores := runtime.GOMAXPROCS(0)
	var bare, one, all []arenaResult
	for r := range rounds {
		// Each round plays a fresh tournament (its own seed), so that no run resumes another.
		sched, err := arena.NewSchedule(arena.Tournament{Bots: bots, Scenarios: []arena.Scenario{sc},
			GamesPerPairing: games, Seed: seed + uint64(r)})
		if err != nil {
			return arenaBench{}, err
		}
		b, err := bareRun(reg, sched, cores)
		if err != nil {
			return arenaBench{}, fmt.Errorf("bare games: %w", err)
		}
		o, err := runnerRun(ref, sched, filepath.Join(dir, fmt.Sprintf("one-%d.db", r)), 1)
		if err != nil {
			return arenaBench{}, fmt.Errorf("arena at concurrency 1: %w", err)
		}
		a, err := runnerRun(ref, sched, filepath.Join(dir, fmt.Sprintf("all-%d.db", r)), cores)
		if err != nil {
			return arenaBench{}, fmt.Errorf("arena at concurrency %d: %w", cores, err)
		}
		if o.steps != b.steps || a.steps != b.steps {
			return arenaBench{}, fmt.Errorf("the arena and the bare loop played different games: %d, %d and %d steps", o.steps, a.steps, b.steps)
		}
		bare, one, all = append(bare, b), append(one, o), append(all, a)
	}
	return arenaBench{bare: medianRun(bare), one: medianRun(one), all: medianRun(all)}, nil
}

// medianRun returns the run of median steps/s.
func medianRun(rs []arenaResult) arenaResult {
	s := slices.Clone(rs)
	slices.SortFunc(s, func(a, b arenaResult) int { return cmp.Compare(a.stepsPerSec, b.stepsPerSec) })
	return s[len(s)/2]
}

// timedRun times f by the wall clock and the process's CPU time and fills in the rates.
func timedRun(games int, f func() (steps int, err error)) (arenaResult, error) {
	w0, c0 := time.Now(), cpuNow()
	steps, err := f()
	wall, cpu := time.Since(w0), cpuNow()-c0
	if err != nil {
		return arenaResult{}, err
	}
	return arenaResult{games: games, steps: steps,
		gamesPerSec: float64(games) / wall.Seconds(), stepsPerSec: float64(steps) / wall.Seconds(),
		busy: cpu.Seconds() / (wall.Seconds() * float64(runtime.GOMAXPROCS(0)))}, nil
}

// runnerRun plays sched with the arena's runner at the given concurrency, recording into a
// new store at path, and counts the steps (turns) of the recorded games.
func runnerRun(ref arena.Referee, sched arena.Schedule, path string, concurrency int) (arenaResult, error) {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		return arenaResult{}, err
	}
	defer st.Close()
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = concurrency
	runner, err := arena.NewRunner(ref, st, cfg)
	if err != nil {
		return arenaResult{}, err
	}
	return timedRun(len(sched.Fixtures), func() (int, error) {
		sum, err := runner.Run(ctx, sched)
		if err != nil {
			return 0, err
		}
		if sum.Played != len(sched.Fixtures) {
			return 0, fmt.Errorf("played %d of %d games", sum.Played, len(sched.Fixtures))
		}
		recs, err := st.Games(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
		if err != nil {
			return 0, err
		}
		steps := 0
		for _, g := range recs {
			steps += g.Turns
		}
		return steps, nil
	})
}

// bareRun plays the games of sched straight on env.Game, with the same seeds and bots as the
// arena's referee and none of its checks, deadline or store, on workers goroutines.
func bareRun(reg *env.Registry, sched arena.Schedule, workers int) (arenaResult, error) {
	return timedRun(len(sched.Fixtures), func() (int, error) {
		jobs := make(chan arena.Fixture)
		var (
			mu       sync.Mutex
			steps    int
			firstErr error
			wg       sync.WaitGroup
		)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for f := range jobs {
					n, err := bareGame(reg, f)
					mu.Lock()
					steps += n
					if err != nil && firstErr == nil {
						firstErr = fmt.Errorf("game %s: %w", f.Key, err)
					}
					mu.Unlock()
				}
			}()
		}
		for _, f := range sched.Fixtures {
			jobs <- f
		}
		close(jobs)
		wg.Wait()
		return steps, firstErr
	})
}

// bareGame plays fixture f to its end, seeded as arena.EnvReferee seeds it, and returns its
// steps.
func bareGame(reg *env.Registry, f arena.Fixture) (int, error) {
	g, err := reg.New(f.Scenario.ID, nil)
	if err != nil {
		return 0, err
	}
	var bots [2]env.Policy
	for s, p := range f.Players {
		b, ok := p.(env.Policy)
		if !ok {
			return 0, fmt.Errorf("player %q cannot act (not an env.Policy)", p.Name())
		}
		bots[s] = b
	}
	if err := g.Reset(env.EpisodeRand(f.Seed, 0)); err != nil {
		return 0, err
	}
	spec := g.Spec()
	rngs := [2]*rand.Rand{env.EpisodeRand(env.EnvKey(f.Seed, 1), 0), env.EpisodeRand(env.EnvKey(f.Seed, 2), 0)}
	act, obs, mask := spec.NewAction(), make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
	limit := spec.MaxEpisodeSteps
	if limit <= 0 {
		limit = arena.DefaultMaxTurns
	}
	for steps := 0; steps < limit; {
		seat := g.CurrentPlayer()
		g.Observe(obs, seat)
		g.Mask(mask)
		if err := bots[seat].Act(act, env.Turn{Spec: spec, Player: seat, Obs: obs, Mask: mask, Game: g}, rngs[seat]); err != nil {
			return steps, err
		}
		status, err := g.Step(act)
		if err != nil {
			return steps, err
		}
		steps++
		if status != env.Running {
			return steps, nil
		}
	}
	return limit, nil
}
