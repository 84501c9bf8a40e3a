package arena_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// stalled returns a bot that plays like gainer, but whose first decision
// takes pause of wall-clock time without computing: what a machine stalled
// by other work, or a process paused as a whole, does to a bot's decision.
func stalled(pause time.Duration) policyBot {
	var first atomic.Bool
	return policyBot{"stalled", func(dst env.Action, t env.Turn, rng *rand.Rand) error {
		if first.CompareAndSwap(false, true) {
			time.Sleep(pause)
		}
		return gainer.act(dst, t, rng)
	}}
}

// spinner returns a bot that computes, without ever answering, until the
// test ends.
func spinner(t *testing.T) policyBot {
	var stop atomic.Bool
	t.Cleanup(func() { stop.Store(true) })
	return policyBot{"spinner", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
		x := 0
		for !stop.Load() {
			x++
		}
		t.Game.DefaultAction(dst)
		return nil
	}}
}

// TestEnvReferee_CPUDeadline: an in-process bot's deadline is on its own CPU
// time. A decision that waits 3 times the deadline of wall-clock time
// without computing (a stalled machine) is not forfeited, though it used to
// be ("no action within the deadline"); a bot that computes past the
// deadline still loses on time; with WallClockDeadlines the stall forfeits
// as before.
func TestEnvReferee_CPUDeadline(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CPU-time deadlines need a thread CPU clock (Linux)")
	}
	const deadline = 100 * time.Millisecond
	reg := testRegistry(t)
	newRef := func(wall bool) *arena.EnvReferee {
		// A backstop of a minute: on a loaded machine the spinner may take
		// long to use its 100 ms of CPU.
		ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg,
			Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID}}, Deadline: deadline, WallClockDeadlines: wall,
			WallBackstop: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return ref
	}
	play := func(ref *arena.EnvReferee, x, y arena.Player) arena.Outcome {
		t.Helper()
		out, err := ref.Play(context.Background(), arena.Match{Key: "k", Scenario: arena.Scenario{ID: "race"}, Seed: 3,
			Players: []arena.Player{x, y}})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}

	if out := play(newRef(false), stalled(3*deadline), passer); out.Termination != arena.TermNormal || out.Result() != arena.WinX {
		t.Errorf("a stalled decision under a CPU-time deadline: %v %v (%s), want a normal win of the stalled gainer",
			out.Result(), out.Termination, out.Reason)
	}
	if out := play(newRef(true), stalled(3*deadline), passer); out.Termination != arena.TermTimeout ||
		!strings.Contains(out.Reason, "no action within the 100ms deadline") {
		t.Errorf("a stalled decision under a wall-clock deadline: %v %v (%s), want a timeout", out.Result(), out.Termination, out.Reason)
	}

	out := play(newRef(false), passer, spinner(t))
	if out.Termination != arena.TermTimeout || out.Result() != arena.WinX ||
		!strings.Contains(out.Reason, "spinner (side Y") || !strings.Contains(out.Reason, "no action within the 100ms deadline of CPU time") {
		t.Errorf("a spinning bot: %v %v (%s), want a timeout on CPU time", out.Result(), out.Termination, out.Reason)
	}
}

// BenchmarkEnvReferee_Deadline plays a game of Race (10 decisions of
// trivial bots) under a CPU-time and a wall-clock deadline: the cost of
// locking the deciding goroutine to its thread and reading its clock.
func BenchmarkEnvReferee_Deadline(b *testing.B) {
	reg := testRegistry(b)
	for _, mode := range []struct {
		name string
		wall bool
	}{{"cpu", false}, {"wall", true}} {
		b.Run(mode.name, func(b *testing.B) {
			ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg,
				Scenarios: map[string]arena.EnvScenario{"race": {Game: race.ID}}, Deadline: time.Second, WallClockDeadlines: mode.wall})
			if err != nil {
				b.Fatal(err)
			}
			m := arena.Match{Key: "k", Scenario: arena.Scenario{ID: "race"}, Seed: 3, Players: []arena.Player{gainer, passer}}
			for b.Loop() {
				if _, err := ref.Play(context.Background(), m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
