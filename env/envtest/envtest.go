package envtest

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// Config sizes the suite. The zero value of each field is its default.
type Config struct {
	// Options are passed to the factory.
	Options env.Options
	// NumEnvs is the number of envs per Vector; default 4.
	NumEnvs int
	// Steps is the number of Vector steps of each comparison run; default
	// 200, 50 under testing.Short.
	Steps int
	// Episodes is the number of episodes that must end in the Play check;
	// default 6, 3 under testing.Short.
	Episodes int
	// MaxSteps caps the Vector steps of the Play check, which fails if
	// fewer than Episodes episodes ended by then; default 5000.
	MaxSteps int
	// Seed is the base seed of every Vector and action generator; default 1.
	Seed uint64
}

// withDefaults fills in the defaults.
func (c Config) withDefaults() Config {
	short := testing.Short()
	if c.NumEnvs <= 0 {
		c.NumEnvs = 4
	}
	if c.Steps <= 0 {
		c.Steps = 200
		if short {
			c.Steps = 50
		}
	}
	if c.Episodes <= 0 {
		c.Episodes = 6
		if short {
			c.Episodes = 3
		}
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = 5000
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	return c
}

// Run runs the whole suite on the games made by f, with the default Config.
func Run(t *testing.T, f env.Factory) {
	t.Helper()
	RunConfig(t, f, Config{})
}

// RunConfig runs the whole suite on the games made by f with cfg.
func RunConfig(t *testing.T, f env.Factory, cfg Config) {
	t.Helper()
	s := &suite{f: f, cfg: cfg.withDefaults()}
	t.Logf("envtest: seed %d, %d envs, %d steps", s.cfg.Seed, s.cfg.NumEnvs, s.cfg.Steps)
	if !t.Run("Spec", s.testSpec) {
		return // every other check needs a valid spec
	}
	t.Run("Play", s.testPlay)
	t.Run("Truncation", s.testTruncation)
	t.Run("Autoreset", s.testAutoreset)
	t.Run("Determinism", s.testDeterminism)
	t.Run("IllegalActions", s.testIllegalActions)
	t.Run("SingleAgent", s.testSingleAgent)
}

// suite holds what every check needs.
type suite struct {
	f   env.Factory
	cfg Config
}

// newVector returns a Vector of the game with c (NumEnvs and Options filled
// in when zero), closed at the end of the test.
func (s *suite) newVector(t *testing.T, c env.Config) *env.Vector {
	t.Helper()
	if c.NumEnvs == 0 {
		c.NumEnvs = s.cfg.NumEnvs
	}
	if c.Options == nil {
		c.Options = s.cfg.Options
	}
	v, err := env.NewVector(s.f, c)
	if err != nil {
		t.Fatalf("NewVector(%+v): %v", c, err)
	}
	t.Cleanup(func() { v.Close() })
	return v
}

// newGame returns one fresh game.
func (s *suite) newGame(t *testing.T) env.Game {
	t.Helper()
	g, err := s.f(s.cfg.Options)
	if err != nil {
		t.Fatalf("factory(%v): %v", s.cfg.Options, err)
	}
	return g
}

// actionRNG returns the generator of the random actions of a run.
func (s *suite) actionRNG(stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(s.cfg.Seed, stream))
}

// ignored reports whether row i's next action is ignored: its episode is
// over and the env will be reset instead (NextStep, or any mode after a
// fault).
func ignored(b *env.Batch, mode env.Autoreset, i int) bool {
	return b.Done(i) && mode != env.SameStep
}

// randomActions fills dst with a random legal action for every row of b
// whose action counts, and with zeros for the others.
func randomActions(v *env.Vector, b *env.Batch, dst env.Actions, rng *rand.Rand) {
	spec := v.Spec()
	mode := v.Config().Autoreset
	for i := range v.NumEnvs() {
		a := dst.At(spec, i)
		if ignored(b, mode, i) {
			clear(a.Discrete)
			clear(a.Continuous)
			continue
		}
		t := env.Turn{Spec: spec, Player: int(b.CurrentPlayer[i]), Obs: b.ObsAt(i), Mask: b.MaskAt(i), Game: v.Game(i)}
		// RandomPolicy never fails.
		_ = env.RandomPolicy{}.Act(a, t, rng)
	}
}

// gameHashes returns every game's current hash.
func gameHashes(v *env.Vector) []uint64 {
	h := make([]uint64, v.NumEnvs())
	for i := range h {
		h[i] = v.Game(i).Hash()
	}
	return h
}
