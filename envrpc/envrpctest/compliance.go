package envrpctest

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Config sizes the compliance suite. The zero value of each field is its
// default.
type Config struct {
	// Options are the game's options, sent to the server and given to the
	// factory.
	Options env.Options
	// NumEnvs is the number of envs per pool; default 4.
	NumEnvs int
	// Steps is the number of steps of each comparison run; default 100, 30
	// under testing.Short.
	Steps int
	// Seed is the base seed of every pool and action generator; default 1.
	Seed uint64
}

// withDefaults fills in the defaults.
func (c Config) withDefaults() Config {
	if c.NumEnvs <= 0 {
		c.NumEnvs = 4
	}
	if c.Steps <= 0 {
		c.Steps = 100
		if testing.Short() {
			c.Steps = 30
		}
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	return c
}

// episodeLimit is the episode step limit of the comparison runs, so that
// episodes end within a short run even in long games.
const episodeLimit = 16

// callTimeout bounds every call of the suite.
const callTimeout = 60 * time.Second

// Run runs the compliance suite on game id, served through conn, against
// the in-process Vectors of f (the factory the server registered under id).
func Run(t *testing.T, conn grpc.ClientConnInterface, id string, f env.Factory, cfg Config) {
	t.Helper()
	s := &suite{conn: conn, client: flickv1.NewEnvServiceClient(conn), id: id, f: f, cfg: cfg.withDefaults()}
	t.Logf("envrpctest: %s, seed %d, %d envs, %d steps", id, s.cfg.Seed, s.cfg.NumEnvs, s.cfg.Steps)
	if !t.Run("Info", s.testInfo) {
		return // nothing else can work
	}
	t.Run("MatchesVector", s.testMatchesVector)
	t.Run("Formats", s.testFormats)
	t.Run("Determinism", s.testDeterminism)
	t.Run("BadInput", s.testBadInput)
	t.Run("ObserveAllSeats", s.testObserveAllSeats)
	t.Run("Session", s.testSession)
}

// suite holds what every check needs.
type suite struct {
	conn   grpc.ClientConnInterface
	client flickv1.EnvServiceClient
	id     string
	f      env.Factory
	cfg    Config
}

// ctx returns a context for the calls of one test.
func (s *suite) ctx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	t.Cleanup(cancel)
	return ctx
}

// wire returns the PoolConfig of an env.Config (only the "random"
// opponent: the suite cannot name others).
func (s *suite) wire(c env.Config) *flickv1.PoolConfig {
	w := &flickv1.PoolConfig{
		GameId:          s.id,
		NumEnvs:         int32(c.NumEnvs),
		Options:         c.Options,
		IllegalPenalty:  c.IllegalPenalty,
		Shaping:         c.Shaping,
		MaxEpisodeSteps: int32(c.MaxEpisodeSteps),
	}
	switch c.Autoreset {
	case env.NextStep:
		w.AutoresetMode = flickv1.AutoresetMode_AUTORESET_MODE_NEXT_STEP
	case env.SameStep:
		w.AutoresetMode = flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP
	case env.Disabled:
		w.AutoresetMode = flickv1.AutoresetMode_AUTORESET_MODE_DISABLED
	}
	switch c.View {
	case env.SelfPlay:
		w.View = flickv1.View_VIEW_SELF_PLAY
	case env.SingleAgent:
		w.View = flickv1.View_VIEW_SINGLE_AGENT
	}
	switch c.Illegal {
	case env.RejectIllegal:
		w.IllegalMode = flickv1.IllegalMode_ILLEGAL_MODE_REJECT
	case env.ReplaceIllegal:
		w.IllegalMode = flickv1.IllegalMode_ILLEGAL_MODE_REPLACE
	}
	return w
}

// fill sets the suite's NumEnvs and Options in c when they are zero.
func (s *suite) fill(c env.Config) env.Config {
	if c.NumEnvs == 0 {
		c.NumEnvs = s.cfg.NumEnvs
	}
	if c.Options == nil {
		c.Options = s.cfg.Options
	}
	return c
}

// local returns an in-process Vector with c, closed at the end of the test.
func (s *suite) local(t *testing.T, c env.Config) *env.Vector {
	t.Helper()
	v, err := env.NewVector(s.f, s.fill(c))
	if err != nil {
		t.Fatalf("NewVector: %v", err)
	}
	t.Cleanup(func() { _ = v.Close() })
	return v
}

// remote creates a pool with w (unary calls, or a Session), closed at the
// end of the test.
func (s *suite) remote(t *testing.T, w *flickv1.PoolConfig, session bool) *envrpc.RemoteVector {
	t.Helper()
	r, err := envrpc.NewRemoteVector(s.ctx(t), s.conn, w, session)
	if err != nil {
		t.Fatalf("CreatePool(%v): %v", w, err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}

// pair returns an in-process Vector and a remote pool with the same config.
func (s *suite) pair(t *testing.T, c env.Config, session bool) (*env.Vector, *envrpc.RemoteVector) {
	t.Helper()
	c = s.fill(c)
	return s.local(t, c), s.remote(t, s.wire(c), session)
}

// rng returns the action generator of a run.
func (s *suite) rng(stream uint64) *rand.Rand { return rand.New(rand.NewPCG(s.cfg.Seed, stream)) }

// randomActions fills dst with a random legal action for every env of v
// whose action counts (b is v's last batch), zeros for the others.
func randomActions(v *env.Vector, b *env.Batch, dst env.Actions, rng *rand.Rand) {
	spec := v.Spec()
	for i := range v.NumEnvs() {
		a := dst.At(spec, i)
		if b.Done(i) && v.Config().Autoreset != env.SameStep {
			clear(a.Discrete)
			clear(a.Continuous)
			continue
		}
		t := env.Turn{Spec: spec, Player: int(b.CurrentPlayer[i]), Obs: b.ObsAt(i), Mask: b.MaskAt(i), Game: v.Game(i)}
		_ = env.RandomPolicy{}.Act(a, t, rng) // never fails
	}
}

// doneMask returns which envs of b ended, and whether any did.
func doneMask(b *env.Batch) ([]bool, bool) {
	m := make([]bool, b.NumEnvs)
	ended := false
	for i := range m {
		m[i] = b.Done(i)
		ended = ended || m[i]
	}
	return m, ended
}
