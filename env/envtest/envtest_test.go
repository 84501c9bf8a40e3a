package envtest_test

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/race"
)

// mutant is a Race env with one contract violation, chosen by kind.
type mutant struct {
	*race.Env
	kind  string
	rng   *rand.Rand // the rng given to Reset
	calls uint64     // Validate or Observe calls, for the impure mutants
	salt  uint64     // mixed into Hash by the shared-counter mutant
}

// shared is package-level state, which games must not have.
var shared atomic.Uint64

func (m *mutant) Reset(rng *rand.Rand) error {
	m.rng, m.salt = rng, 0
	if m.kind == "GlobalRand" {
		rng = rand.New(rand.NewPCG(rand.Uint64(), 0)) // not the Vector's generator
	}
	return m.Env.Reset(rng)
}

func (m *mutant) Step(a env.Action) (env.Status, error) {
	st, err := m.Env.Step(a)
	switch m.kind {
	case "SharedCounter":
		m.salt = shared.Add(1)
	case "NeverEnds":
		if st == env.Terminated {
			return env.Running, m.Env.Reset(m.rng)
		}
	}
	return st, err
}

func (m *mutant) Validate(a env.Action) error {
	switch m.kind {
	case "ValidateMutates":
		m.calls++
	case "ValidateDrawsRNG":
		m.rng.Uint64()
	}
	return m.Env.Validate(a)
}

func (m *mutant) Hash() uint64 {
	return m.Env.Hash() ^ m.calls ^ m.salt
}

func (m *mutant) Observe(dst []float32, player int) {
	m.Env.Observe(dst, player)
	switch m.kind {
	case "ObsOutOfBounds":
		dst[len(dst)-1] *= 1.5 // progress beyond 1 late in the game
	case "ObserveImpure":
		m.calls++
		dst[0] = float32(m.calls%2) * 0.1
	}
}

func (m *mutant) Mask(dst []bool) {
	m.Env.Mask(dst)
	if m.kind == "EmptyHead" {
		dst[race.Pass+1] = false // the two-player target head has one value
	}
}

func (m *mutant) DefaultAction(dst env.Action) {
	m.Env.DefaultAction(dst)
	if m.kind == "IllegalDefault" {
		dst.Discrete[0] = race.Steal // often illegal
	}
}

func (m *mutant) Outcome(dst []float32) {
	m.Env.Outcome(dst)
	if m.kind == "OutcomeOutOfRange" {
		dst[0] *= 2
	}
}

func (m *mutant) MarshalJSON() ([]byte, error) {
	if m.kind == "BadJSON" {
		return []byte(`{"turn":`), nil
	}
	return m.Env.MarshalJSON()
}

// mutants maps each contract violation to the subtest that must catch it.
var mutants = map[string]string{
	"GlobalRand":        "Play",
	"SharedCounter":     "Determinism",
	"NeverEnds":         "Play",
	"ValidateMutates":   "Play",
	"ValidateDrawsRNG":  "IllegalActions",
	"ObsOutOfBounds":    "Play",
	"ObserveImpure":     "Play",
	"EmptyHead":         "Play",
	"IllegalDefault":    "Play",
	"OutcomeOutOfRange": "Play",
	"BadJSON":           "Play",
	"AcceptsAnyOption":  "Spec",
}

// mutantFactory returns the factory of the mutant kind.
func mutantFactory(kind string) env.Factory {
	return func(opts env.Options) (env.Game, error) {
		if kind == "AcceptsAnyOption" {
			opts = nil
		}
		g, err := race.Factory(opts)
		if err != nil {
			return nil, err
		}
		return &mutant{Env: g.(*race.Env), kind: kind}, nil
	}
}

// TestRun_Race is the control: Race passes.
func TestRun_Race(t *testing.T) {
	envtest.Run(t, race.Factory)
}

// TestRun_Mutant runs the suite on the mutant named by $ENVTEST_MUTANT;
// TestRun_CatchesMutants runs it in a child process and expects a failure.
func TestRun_Mutant(t *testing.T) {
	kind := os.Getenv("ENVTEST_MUTANT")
	if kind == "" {
		t.Skip("run by TestRun_CatchesMutants in a child process")
	}
	envtest.Run(t, mutantFactory(kind))
}

func TestRun_CatchesMutants(t *testing.T) {
	if os.Getenv("ENVTEST_MUTANT") != "" {
		t.Skip("in a child process")
	}
	for kind, check := range mutants {
		t.Run(kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestRun_Mutant$", "-test.short", "-test.v")
			cmd.Env = append(os.Environ(), "ENVTEST_MUTANT="+kind)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a game with the defect %s:\n%s", kind, out)
			}
			if want := "--- FAIL: TestRun_Mutant/" + check; !strings.Contains(string(out), want) {
				t.Errorf("defect %s: want a failure in %s, got:\n%s", kind, check, out)
			}
		})
	}
}
