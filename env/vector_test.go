package env_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/race"
)

// TestVector_Conformance runs the conformance suite on Race: it
// is the main test of the Vector's contract.
func TestVector_Conformance(t *testing.T) {
	envtest.RunConfig(t, race.Factory, envtest.Config{NumEnvs: 7, Options: env.Options{"players": "3", "rounds": "3"}})
}

// newVector returns a Vector of Race games, closed at the end of the test.
func newVector(t *testing.T, f env.Factory, c env.Config) *env.Vector {
	t.Helper()
	if f == nil {
		f = race.Factory
	}
	v, err := env.NewVector(f, c)
	if err != nil {
		t.Fatalf("NewVector: %v", err)
	}
	t.Cleanup(func() { v.Close() })
	return v
}

// noShaper hides Race's Shaper method.
type noShaper struct{ env.Game }

func TestNewVector_Errors(t *testing.T) {
	n := 0
	alternating := func(env.Options) (env.Game, error) {
		n++
		return race.Factory(env.Options{"players": []string{"2", "3"}[n%2]})
	}
	badSpec := func(env.Options) (env.Game, error) {
		g, _ := race.NewEnv(race.DefaultConfig())
		g.Spec().ID = "bad id"
		return g, nil
	}
	tests := []struct {
		name string
		f    env.Factory
		c    env.Config
		want string
	}{
		{"NilFactory", nil, env.Config{NumEnvs: 1}, "nil factory"},
		{"NoEnvs", race.Factory, env.Config{}, "NumEnvs 0"},
		{"BadAutoreset", race.Factory, env.Config{NumEnvs: 1, Autoreset: 7}, "bad mode"},
		{"NegativePenalty", race.Factory, env.Config{NumEnvs: 1, IllegalPenalty: -1}, "IllegalPenalty"},
		{"NaNShaping", race.Factory, env.Config{NumEnvs: 1, Shaping: float32(math.NaN())}, "Shaping"},
		{"OpponentInSelfPlay", race.Factory, env.Config{NumEnvs: 1, Opponent: env.RandomPolicy{}}, "Opponent"},
		{"FactoryError", race.Factory, env.Config{NumEnvs: 1, Options: env.Options{"players": "0"}}, `option players: "0"`},
		{"NilGame", func(env.Options) (env.Game, error) { return nil, nil }, env.Config{NumEnvs: 1}, "returned nil"},
		{"DifferentSpecs", alternating, env.Config{NumEnvs: 2}, "different spec"},
		{"InvalidSpec", badSpec, env.Config{NumEnvs: 1}, "invalid spec"},
		{"ShapingWithoutShaper", func(o env.Options) (env.Game, error) {
			g, err := race.Factory(o)
			return noShaper{g}, err
		}, env.Config{NumEnvs: 1, Shaping: 1}, "no shaping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := env.NewVector(tt.f, tt.c)
			if err == nil {
				v.Close()
				t.Fatalf("NewVector succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "env: ") {
				t.Errorf("NewVector error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// twoStepAction sets env i's action for the two-step Race episode: the
// first mover gains, the second passes, so the first mover wins.
func twoStepAction(a env.Action, first bool) {
	a.Discrete[0], a.Discrete[1], a.Continuous[0] = race.Pass, 0, 0
	if first {
		a.Discrete[0] = race.Gain
	}
}

func TestVector_AutoresetRows(t *testing.T) {
	// One round of two players: every episode lasts exactly 2 steps.
	opts := env.Options{"rounds": "1", "noise": "0"}
	const progress = 7 // index of the "progress" observation (3·2+1)
	for _, mode := range []env.Autoreset{env.NextStep, env.SameStep, env.Disabled} {
		t.Run(mode.String(), func(t *testing.T) {
			v := newVector(t, nil, env.Config{NumEnvs: 1, Autoreset: mode, Options: opts})
			spec := v.Spec()
			b, err := v.Reset(9)
			if err != nil {
				t.Fatal(err)
			}
			first := b.CurrentPlayer[0]
			a := spec.NewActions(1)
			twoStepAction(a.At(spec, 0), true)
			if b, err = v.Step(a); err != nil {
				t.Fatal(err)
			}
			if b.Done(0) || b.Reward[0] != 0 || b.Reward[1] != 0 || b.ObsAt(0)[progress] != 0.5 {
				t.Fatalf("step 1: done %v reward %v progress %g", b.Done(0), b.RewardAt(0), b.ObsAt(0)[progress])
			}
			twoStepAction(a.At(spec, 0), false)
			if b, err = v.Step(a); err != nil {
				t.Fatal(err)
			}
			// The episode ended: first mover +1, the other -1, in every mode.
			want := []float32{-1, -1}
			want[first] = 1
			if !b.Terminated[0] || b.Truncated[0] || !slices.Equal(b.RewardAt(0), want) ||
				!slices.Equal(b.EpisodeReturn, want) || b.EpisodeLength[0] != 2 {
				t.Fatalf("step 2: terminated %v truncated %v reward %v return %v length %d, want true false %v %v 2",
					b.Terminated[0], b.Truncated[0], b.RewardAt(0), b.EpisodeReturn, b.EpisodeLength[0], want, want)
			}
			switch mode {
			case env.SameStep:
				// Obs is the new episode's, FinalObs the ended one's.
				if b.Episode[0] != 1 || b.ObsAt(0)[progress] != 0 || b.FinalObs[progress] != 1 || b.FinalStateHash[0] == b.StateHash[0] {
					t.Fatalf("same-step end: episode %d progress %g final progress %g", b.Episode[0], b.ObsAt(0)[progress], b.FinalObs[progress])
				}
			default:
				if b.Episode[0] != 0 || b.ObsAt(0)[progress] != 1 || slices.Contains(b.MaskAt(0), false) {
					t.Fatalf("end: episode %d progress %g mask %v, want 0, 1, all true", b.Episode[0], b.ObsAt(0)[progress], b.MaskAt(0))
				}
			}

			// Third step: garbage is ignored by a resetting env.
			garbage := spec.NewActions(1)
			garbage.Discrete[0] = 99
			switch mode {
			case env.NextStep:
				if b, err = v.Step(garbage); err != nil {
					t.Fatalf("reset step: %v", err)
				}
			case env.SameStep:
				if _, err = v.Step(garbage); !errors.Is(err, env.ErrIllegalAction) {
					t.Fatalf("same-step env is running again: got %v, want an illegal action", err)
				}
				twoStepAction(a.At(spec, 0), true) // the first step of the new episode
				if b, err = v.Step(a); err != nil {
					t.Fatal(err)
				}
				if b.Done(0) || b.Episode[0] != 1 || slices.ContainsFunc(b.FinalObs, func(x float32) bool { return x != 0 }) {
					t.Fatalf("same-step, step 3: done %v episode %d final obs %v", b.Done(0), b.Episode[0], b.FinalObs)
				}
				return
			case env.Disabled:
				var ee *env.EnvError
				if _, err = v.Step(garbage); !errors.Is(err, env.ErrEpisodeOver) || !errors.As(err, &ee) || ee.Env != 0 {
					t.Fatalf("disabled, step 3: got %v, want ErrEpisodeOver for env 0", err)
				}
				if b, err = v.ResetMask(nil, nil); err != nil {
					t.Fatal(err)
				}
			}
			if b.Done(0) || b.Reward[0] != 0 || b.Reward[1] != 0 || b.Episode[0] != 1 ||
				b.EpisodeLength[0] != 0 || b.EpisodeReturn[0] != 0 || b.ObsAt(0)[progress] != 0 {
				t.Fatalf("after reset: done %v reward %v episode %d length %d", b.Done(0), b.RewardAt(0), b.Episode[0], b.EpisodeLength[0])
			}
		})
	}
}

// faulty is a Race env that fails on its nth Step, by panic or error.
type faulty struct {
	*race.Env
	n, steps int
	panics   bool
}

func (g *faulty) Step(a env.Action) (env.Status, error) {
	g.steps++
	if g.steps == g.n {
		if g.panics {
			panic("boom")
		}
		return env.Running, errors.New("boom")
	}
	return g.Env.Step(a)
}

func TestVector_Fault(t *testing.T) {
	for _, panics := range []bool{false, true} {
		t.Run(map[bool]string{false: "Error", true: "Panic"}[panics], func(t *testing.T) {
			var made atomic.Int32
			f := func(o env.Options) (env.Game, error) {
				g, err := race.NewEnv(race.DefaultConfig())
				if made.Add(1) == 2 { // the second game made: env 1
					return &faulty{Env: g, n: 2, panics: panics}, err
				}
				return g, err
			}
			v := newVector(t, f, env.Config{NumEnvs: 3, Workers: 2})
			if _, err := v.Reset(1); err != nil {
				t.Fatal(err)
			}
			a := v.Spec().NewActions(3) // gain: always legal
			if _, err := v.Step(a); err != nil {
				t.Fatal(err)
			}
			b, err := v.Step(a)
			var ee *env.EnvError
			if !errors.As(err, &ee) || ee.Env != 1 || ee.Op != "step" || !strings.Contains(err.Error(), "boom") {
				t.Fatalf("faulty step: got %v, want an *EnvError for env 1, step, boom", err)
			}
			if b == nil || !b.Truncated[1] || b.StateHash[1] != 0 || b.Truncated[0] || b.Truncated[2] || b.EpisodeLength[1] != 1 {
				t.Fatalf("faulty step batch: %+v", b)
			}
			// The next step resets env 1 and nothing fails.
			if b, err = v.Step(a); err != nil {
				t.Fatalf("step after the fault: %v", err)
			}
			if b.Truncated[1] || b.Episode[1] != 1 || b.StateHash[1] == 0 {
				t.Fatalf("env 1 after the fault: truncated %v episode %d", b.Truncated[1], b.Episode[1])
			}
		})
	}
}

// policyFunc adapts a function to env.Policy.
type policyFunc func(dst env.Action, t env.Turn, rng *rand.Rand) error

func (f policyFunc) Act(dst env.Action, t env.Turn, rng *rand.Rand) error { return f(dst, t, rng) }

func TestVector_SingleAgentOpponent(t *testing.T) {
	errPolicy := errors.New("policy down")
	tests := []struct {
		name    string
		policy  env.Policy
		wantErr error
	}{
		{"Error", policyFunc(func(env.Action, env.Turn, *rand.Rand) error { return errPolicy }), errPolicy},
		{"Illegal", policyFunc(func(dst env.Action, _ env.Turn, _ *rand.Rand) error {
			dst.Discrete[0] = 42
			return nil
		}), env.ErrIllegalAction},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := newVector(t, nil, env.Config{NumEnvs: 8, View: env.SingleAgent, Opponent: tt.policy})
			_, err := v.Reset(1)
			if err == nil {
				_, err = v.Step(v.Spec().NewActions(8))
			}
			var ee *env.EnvError
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &ee) || ee.Op != "opponent" {
				t.Fatalf("got %v, want an opponent *EnvError wrapping %v", err, tt.wantErr)
			}
		})
	}

	t.Run("Passer", func(t *testing.T) {
		// An opponent that always passes: seat 1 never scores.
		pass := policyFunc(func(dst env.Action, t env.Turn, _ *rand.Rand) error {
			t.Game.DefaultAction(dst)
			return nil
		})
		v := newVector(t, nil, env.Config{NumEnvs: 4, View: env.SingleAgent, Opponent: pass})
		b, err := v.Reset(3)
		if err != nil {
			t.Fatal(err)
		}
		a := v.Spec().NewActions(4) // seat 0 gains every turn
		for step := range 5 {
			if b, err = v.Step(a); err != nil {
				t.Fatal(err)
			}
			for i := range 4 {
				if !b.Done(i) && b.CurrentPlayer[i] != 0 {
					t.Fatalf("step %d env %d: seat %d to move", step, i, b.CurrentPlayer[i])
				}
			}
		}
		// After 5 seat-0 steps every 5-round game is over and seat 0 won.
		for i := range 4 {
			if !b.Terminated[i] || b.RewardAt(i)[0] != 1 || b.RewardAt(i)[1] != -1 || b.EpisodeLength[i] != 5 {
				t.Errorf("env %d: terminated %v reward %v length %d, want true [1 -1] 5", i, b.Terminated[i], b.RewardAt(i), b.EpisodeLength[i])
			}
		}
	})
}

func TestVector_Shaping(t *testing.T) {
	v := newVector(t, nil, env.Config{NumEnvs: 2, Shaping: 1, Options: env.Options{"noise": "0"}})
	b, err := v.Reset(5)
	if err != nil {
		t.Fatal(err)
	}
	spec := v.Spec()
	a := spec.NewActions(2)
	for i := range 2 {
		a.At(spec, i).Continuous[0] = b.ObsAt(i)[6] // the sweet spot: gain 2
	}
	players := slices.Clone(b.CurrentPlayer)
	if b, err = v.Step(a); err != nil {
		t.Fatal(err)
	}
	// Shaping is the score change over the maximum score (5+1)·2 = 12.
	for i := range 2 {
		for p, r := range b.RewardAt(i) {
			want := 0.0
			if int32(p) == players[i] {
				want = 2.0 / 12
			}
			if math.Abs(float64(r)-want) > 1e-6 {
				t.Errorf("env %d seat %d: reward %g, want %g", i, p, r, want)
			}
		}
	}
}

func TestVector_ClosedAndShapes(t *testing.T) {
	v := newVector(t, nil, env.Config{NumEnvs: 2})
	if _, err := v.ResetMask([]bool{true}, nil); !errors.Is(err, env.ErrShape) {
		t.Errorf("ResetMask with a short mask: %v, want ErrShape", err)
	}
	if _, err := v.ResetMask(nil, []uint64{1, 2, 3}); !errors.Is(err, env.ErrShape) {
		t.Errorf("ResetMask with long seeds: %v, want ErrShape", err)
	}
	// A partial reset of a never-reset Vector leaves the others not reset.
	if _, err := v.ResetMask([]bool{true, false}, nil); err != nil {
		t.Fatal(err)
	}
	var ee *env.EnvError
	if _, err := v.Step(v.Spec().NewActions(2)); !errors.Is(err, env.ErrNotReset) || !errors.As(err, &ee) || ee.Env != 1 {
		t.Errorf("Step with env 1 never reset: %v, want ErrNotReset for env 1", err)
	}
	v.Close()
	v.Close()
	if _, err := v.Reset(1); !errors.Is(err, env.ErrClosed) {
		t.Errorf("Reset after Close: %v", err)
	}
	if _, err := v.Step(v.Spec().NewActions(2)); !errors.Is(err, env.ErrClosed) {
		t.Errorf("Step after Close: %v", err)
	}
}

// FuzzVectorStep feeds arbitrary actions to a rejecting Vector: each Step
// either succeeds or fails with an *ActionError and changes nothing.
func FuzzVectorStep(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0x80, 0x3f})
	f.Add([]byte{2, 0, 0, 0, 0xc0, 0x7f, 9, 1, 0, 0, 0x80, 0x7f})
	f.Fuzz(func(t *testing.T, data []byte) {
		const n, width = 3, 6 // per env: move, target, power (4 bytes)
		v, err := env.NewVector(race.Factory, env.Config{NumEnvs: n, Options: env.Options{"players": "3"}})
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		b, err := v.Reset(1)
		if err != nil {
			t.Fatal(err)
		}
		spec := v.Spec()
		a := spec.NewActions(n)
		for len(data) >= n*width {
			for i := range n {
				row := data[i*width : (i+1)*width]
				act := a.At(spec, i)
				act.Discrete[0], act.Discrete[1] = int32(int8(row[0])), int32(int8(row[1]))
				act.Continuous[0] = math.Float32frombits(binary.LittleEndian.Uint32(row[2:]))
			}
			data = data[n*width:]
			obs, hashes := slices.Clone(b.Obs), slices.Clone(b.StateHash)
			got, err := v.Step(a)
			if err != nil {
				var ae *env.ActionError
				if !errors.As(err, &ae) || ae.Env < 0 || ae.Env >= n {
					t.Fatalf("Step error %v is not an ActionError with an env index", err)
				}
				if got != nil || !slices.Equal(obs, b.Obs) || !slices.Equal(hashes, b.StateHash) {
					t.Fatalf("refused Step changed the batch")
				}
				for i := range n {
					if v.Game(i).Hash() != hashes[i] {
						t.Fatalf("refused Step changed env %d", i)
					}
				}
				continue
			}
			for i := range n {
				if !b.Done(i) && v.Game(i).Hash() != b.StateHash[i] {
					t.Fatalf("env %d: batch hash differs from the game's", i)
				}
			}
		}
	})
}

// TestVector_StepAllocatesNothing checks the hot path: no allocation (so no
// goroutine started) per Step, with the worker pool in use.
func TestVector_StepAllocatesNothing(t *testing.T) {
	for _, mode := range []env.Autoreset{env.NextStep, env.SameStep} {
		for _, spin := range []bool{false, true} {
			stepAllocatesNothing(t, mode, spin)
		}
	}
}

// stepAllocatesNothing is TestVector_StepAllocatesNothing's check of one mode, the Vector
// spin-waiting or not.
func stepAllocatesNothing(t *testing.T, mode env.Autoreset, spin bool) {
	t.Helper()
	v := newVector(t, nil, env.Config{NumEnvs: 64, Workers: 2, Autoreset: mode})
	v.SetSpinWait(spin)
	if _, err := v.Reset(1); err != nil {
		t.Fatal(err)
	}
	a := v.Spec().NewActions(64)
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := v.Step(a); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v, spin-waiting %v: Step allocates %g times per call, want 0", mode, spin, allocs)
	}
}

// TestVector_CleanupStopsWorkers checks that the workers of a Vector
// dropped without Close stop once it is collected.
func TestVector_CleanupStopsWorkers(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		for range 5 {
			v, err := env.NewVector(race.Factory, env.Config{NumEnvs: 8, Workers: 4})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := v.Reset(1); err != nil {
				t.Fatal(err)
			}
		}
	}()
	for range 200 {
		runtime.GC()
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(time.Millisecond) // let the cleanup goroutine run
	}
	t.Errorf("%d goroutines left over after collecting 5 unclosed Vectors", runtime.NumGoroutine()-before)
}
