package flickemup_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// BenchmarkVecEnv steps a Vector of flickemup/showdown-v9 games in self-play with random legal
// actions (env.RandomPolicy), on every core. One op is one Vector.Step of all the envs.
// Metrics: steps/s counts env steps per second of time spent inside Vector.Step (choosing
// the actions is the agent's cost, not the env's, and is left out; ns/op includes it);
// flicks/step is the share of steps that flick a piece; heap-B/game is the live heap per
// game after a warm-up, measured once.
func BenchmarkVecEnv(b *testing.B) {
	for _, n := range []int{1, 64, 1024, 4096} {
		b.Run(fmt.Sprintf("envs=%d", n), func(b *testing.B) {
			if testing.Short() && n > 64 {
				b.Skip("large pools are skipped in short mode")
			}
			heap0 := liveHeap()
			v, err := env.NewVector(flickemup.Factory, env.Config{NumEnvs: n})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			p := newRandomPlayer(v)
			if _, err := v.Reset(1); err != nil {
				b.Fatal(err)
			}
			for range 20 { // warm up: every game has flicked and built its simulator
				if _, err := p.step(); err != nil {
					b.Fatal(err)
				}
			}
			heap := float64(liveHeap()-heap0) / float64(n)
			b.ReportAllocs()
			b.ResetTimer()
			var inStep time.Duration
			flicks := 0
			for b.Loop() {
				d, err := p.step()
				if err != nil {
					b.Fatal(err)
				}
				inStep += d
				flicks += p.flicks
			}
			b.ReportMetric(float64(b.N*n)/inStep.Seconds(), "steps/s")
			b.ReportMetric(float64(flicks)/float64(b.N*n), "flicks/step")
			b.ReportMetric(heap, "heap-B/game")
			runtime.KeepAlive(v)
		})
	}
}

// liveHeap returns the bytes of live heap objects after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// randomPlayer plays every seat of a Vector with env.RandomPolicy.
type randomPlayer struct {
	v      *env.Vector
	b      *env.Batch
	act    env.Actions
	rng    *rand.Rand
	flicks int // envs whose last action flicked a piece
}

func newRandomPlayer(v *env.Vector) *randomPlayer {
	return &randomPlayer{v: v, b: v.Batch(), act: v.Spec().NewActions(v.NumEnvs()), rng: rand.New(rand.NewPCG(7, 7))}
}

// step chooses every env's action and steps the Vector; it returns the time spent in Step.
func (p *randomPlayer) step() (time.Duration, error) {
	spec := p.v.Spec()
	p.flicks = 0
	for i := range p.v.NumEnvs() {
		if p.b.Done(i) {
			continue
		}
		a := p.act.At(spec, i)
		t := env.Turn{Spec: spec, Player: int(p.b.CurrentPlayer[i]), Obs: p.b.ObsAt(i), Mask: p.b.MaskAt(i), Game: p.v.Game(i)}
		if err := (env.RandomPolicy{}).Act(a, t, p.rng); err != nil {
			return 0, err
		}
		e := p.v.Game(i).(*flickemup.Env)
		if act, err := e.DecodeAction(a); err == nil && flicks(e.Engine().Phase(), act.Kind) {
			p.flicks++
		}
	}
	start := time.Now()
	b, err := p.v.Step(p.act)
	d := time.Since(start)
	if b != nil {
		p.b = b
	}
	return d, err
}

// flicks reports whether an action of kind k in phase ph flicks a piece.
func flicks(ph flickemup.Phase, k flickemup.ActionKind) bool {
	switch {
	case ph == flickemup.PhaseSecondShot:
		return true
	case ph != flickemup.PhaseAct:
		return false
	}
	switch k {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
		return true
	}
	return false
}

// stillTable is a Table on which nothing moves: every flick leaves the table as it was.
type stillTable struct{}

// Flick implements flickemup.Table.
func (stillTable) Flick(*physics.State, physics.Flick, *rand.Rand) (physics.Outcome, error) {
	return physics.Outcome{}, nil
}

// BenchmarkEnvOverhead steps one game of each scenario of ours, on one worker, through the
// steps of a game played on the real physics with random legal actions, whose flicks a
// canned table then answers from its record and whose actions are replayed as recorded: the
// cost of everything but the physics (rules, masks, observations, hashes, the Vector) per env
// step, on the very steps the physics' share is measured on (go run ./benchmarks -only
// compare), without the agent's choices. Every round of overheadSteps steps replays the
// recorded game from its reset and must end in its state hash.
func BenchmarkEnvOverhead(b *testing.B) {
	for _, in := range flickemup.List() {
		b.Run(in.Name, func(b *testing.B) { benchmarkOverhead(b, in.Name) })
	}
}

// benchmarkOverhead is BenchmarkEnvOverhead on our scenario name.
func benchmarkOverhead(b *testing.B, name string) {
	const overheadSteps = 4000
	table, err := newCannedTable()
	if err != nil {
		b.Fatal(err)
	}
	factory := func(env.Options) (env.Game, error) {
		cfg := flickemup.DefaultConfig()
		cfg.Scenario = name
		cfg.Options.Table = table
		return flickemup.NewEnv(cfg)
	}
	v, err := env.NewVector(factory, env.Config{NumEnvs: 1, Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	p := newRandomPlayer(v)
	if _, err := v.Reset(1); err != nil {
		b.Fatal(err)
	}
	var acts []env.Actions
	for range overheadSteps {
		if _, err := p.step(); err != nil {
			b.Fatal(err)
		}
		acts = append(acts, env.Actions{Discrete: slices.Clone(p.act.Discrete), Continuous: slices.Clone(p.act.Continuous)})
	}
	want := v.Batch().StateHash[0]
	table.replay()
	if _, err := v.Reset(1); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	done := 0
	for b.Loop() {
		if done == overheadSteps {
			if got := v.Batch().StateHash[0]; got != want {
				b.Fatalf("the replayed game ended in hash %x, the recorded one in %x", got, want)
			}
			table.next, done = 0, 0
			if _, err := v.Reset(1); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := v.Step(acts[done]); err != nil {
			b.Fatal(err)
		}
		done++
	}
}
