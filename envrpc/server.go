package envrpc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/health"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// ProtocolVersion is the semantic version of the wire protocol this server
// speaks, reported by GetServerInfo. A client checks the major version.
const ProtocolVersion = "1.3.0"

// capabilities are the optional features this server supports, reported by
// GetServerInfo.
var capabilities = []string{
	"action_format.box",
	"action_format.multi_discrete",
	"action_format.native",
	"autoreset.disabled",
	"autoreset.next_step",
	"autoreset.same_step",
	"illegal.reject",
	"illegal.replace",
	"observe_all_seats",
	"opponent_mix",
	"agent_seat",
	"pool.content_digest",
	"pool.env_offset",
	"list_games.pages",
	"reset.mask",
	"reset.seeds",
	"session",
	"teacher",
	"view.self_play",
	"view.single_agent",
}

// Server implements flickv1.EnvServiceServer over the games of a registry:
// each pool is an env.Vector. It is safe for concurrent use; calls on one
// pool are serialised, calls on different pools run in parallel.
type Server struct {
	flickv1.UnimplementedEnvServiceServer

	reg       *env.Registry
	limits    Limits
	log       Logger
	version   string
	opponents map[string]Opponent
	watch     *watcher // where watched pools stream; nil refuses the watch option
	now       func() time.Time
	health    *health.Server

	sessions  atomic.Uint64 // last session number given out
	malformed malformed     // requests that did not decode (see codec)

	mu       sync.Mutex       // guards pools, envs, draining and closed
	pools    map[string]*pool // open pools by id
	envs     int              // envs of the open pools, plus those being created
	creating int              // pools being created (counted against MaxPools)
	draining bool             // Drain was called: no new pools
	closed   bool             // Close was called

	drain     chan struct{} // closed by Drain: sessions end after their current request
	drainOnce sync.Once
	stop      chan struct{} // closed by Close: stops the reaper
	reaper    sync.WaitGroup
}

// New returns a Server of the games of reg. Call Close to close its pools
// and stop its idle-pool reaper.
func New(reg *env.Registry, opts ...Option) *Server {
	s := &Server{
		reg:       reg,
		limits:    DefaultLimits(),
		log:       nopLogger{},
		version:   "dev",
		opponents: map[string]Opponent{"random": {Policy: env.RandomPolicy{}, Help: "uniformly random legal actions, in any game"}},
		now:       time.Now,
		health:    health.NewServer(),
		pools:     make(map[string]*pool),
		drain:     make(chan struct{}),
		stop:      make(chan struct{}),
	}
	for _, o := range opts {
		o(s)
	}
	if s.limits.IdleTimeout > 0 {
		s.reaper.Add(1)
		go s.reap()
	}
	return s
}

// Limits returns the server's limits, defaults resolved.
func (s *Server) Limits() Limits { return s.limits }

// Drain starts a graceful shutdown: the health service reports NOT_SERVING,
// CreatePool fails with Unavailable, and every Session ends (with
// Unavailable) after the request it is serving. Calls on existing pools
// still work, so that in-flight work finishes; then stop the grpc.Server
// gracefully and Close. Drain is idempotent.
func (s *Server) Drain() {
	s.drainOnce.Do(func() {
		s.mu.Lock()
		s.draining = true
		s.mu.Unlock()
		s.health.Shutdown()
		close(s.drain)
	})
}

// Close drains the server, closes every pool (waiting for the calls in
// flight on each) and stops the idle-pool reaper. Later calls fail with
// Unavailable. It is idempotent and returns nil.
func (s *Server) Close() error {
	s.Drain()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	pools := s.sortedPools()
	clear(s.pools)
	s.envs = 0
	s.mu.Unlock()
	close(s.stop)
	s.reaper.Wait()
	for _, p := range pools {
		s.closePool(p, "shutdown")
	}
	return nil
}

// sortedPools returns the open pools in id order. The caller holds s.mu.
func (s *Server) sortedPools() []*pool {
	ps := make([]*pool, 0, len(s.pools))
	for _, p := range s.pools {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *pool) int {
		if a.id < b.id {
			return -1
		}
		if a.id > b.id {
			return 1
		}
		return 0
	})
	return ps
}

// GetServerInfo implements flickv1.EnvServiceServer.
func (s *Server) GetServerInfo(context.Context, *flickv1.GetServerInfoRequest) (*flickv1.GetServerInfoResponse, error) {
	return &flickv1.GetServerInfoResponse{
		ServerVersion:   s.version,
		ProtocolVersion: ProtocolVersion,
		Capabilities:    slices.Clone(capabilities),
		Limits:          s.limits.proto(),
		Games:           s.reg.IDs(),
		Opponents:       s.opponentNames(),
		OpponentInfo:    s.opponentInfo(),
	}, nil
}

// gamePanic is a game factory that panicked: an Internal error.
type gamePanic struct{ v any }

// Error implements error.
func (e *gamePanic) Error() string { return fmt.Sprintf("game factory panicked: %v", e.v) }

// newGame creates one game, turning a panicking factory into a *gamePanic.
func (s *Server) newGame(id string, opts env.Options) (g env.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &gamePanic{r}
		}
	}()
	return s.reg.New(id, opts)
}

// CreatePool implements flickv1.EnvServiceServer.
func (s *Server) CreatePool(_ context.Context, req *flickv1.CreatePoolRequest) (*flickv1.CreatePoolResponse, error) {
	p, err := s.createPool(req, 0)
	if err != nil {
		return nil, s.toStatus(err, "config")
	}
	return &flickv1.CreatePoolResponse{Spec: p.spec}, nil
}

// createPool creates a pool for a request received on session (0 for a
// unary call or an in-process pool) and returns it, open.
func (s *Server) createPool(req *flickv1.CreatePoolRequest, session uint64) (*pool, error) {
	pc, err := s.resolveConfig(req.GetConfig())
	if err != nil {
		return nil, err
	}
	var watched bool
	if pc.env.Options, watched, err = s.watchOptions(pc.env.Options); err != nil {
		return nil, err
	}
	id := req.GetConfig().GetGameId()
	factory, err := s.reg.Lookup(id)
	if errors.Is(err, env.ErrUnknownGame) {
		return nil, notFoundf("config.game_id", "unknown game %q (known: %v)", id, s.reg.IDs())
	} else if err != nil {
		return nil, err
	}
	// One game first: it checks the options and gives the spec, so that a
	// bad request is refused before N games are made.
	probe, err := s.newGame(id, pc.env.Options)
	var gp *gamePanic
	if errors.As(err, &gp) {
		return nil, err
	} else if err != nil {
		return nil, invalidf("config.options", "%v", err)
	}
	spec := probe.Spec()
	pc.wire.Options = resolvedOptions(req.GetConfig().GetOptions(), pc.env.Options, probe)
	if err := s.checkPlays(pc, probe); err != nil {
		return nil, err
	}
	if _, ok := probe.(env.Shaper); pc.env.Shaping != 0 && !ok {
		return nil, invalidf("config.shaping", "%v set, but %s has no shaping reward", pc.env.Shaping, id)
	}
	if size := batchBytes(spec, pc.env.NumEnvs, pc); size > s.limits.MaxMessageBytes {
		return nil, exhaustedf("config.num_envs", "a batch of %d envs of %s takes about %d bytes, over the server's message limit of %d bytes",
			pc.env.NumEnvs, id, size, s.limits.MaxMessageBytes)
	}
	if err := s.reserve(pc.env.NumEnvs); err != nil {
		return nil, err
	}
	digest := s.contentDigest(probe, pc.env.Options, pc)
	pid := newPoolID()
	if watched {
		factory = s.watchFactory(factory, "pool "+pid+", env 0")
	}
	vec, err := newVector(factory, pc.env)
	if errors.As(err, &gp) {
		s.release(pc.env.NumEnvs)
		return nil, err
	} else if err != nil {
		s.release(pc.env.NumEnvs)
		return nil, invalidf("config", "%v", err)
	}
	p := newPool(pid, session, vec, pc, s.now(), s.limits.MaxCallCPU)
	p.spec.ContentDigest = digest
	s.mu.Lock()
	s.creating--
	if s.closed {
		s.envs -= pc.env.NumEnvs
		s.mu.Unlock()
		_ = vec.Close()
		return nil, errServerClosed
	}
	s.pools[p.id] = p
	s.mu.Unlock()
	s.log.Info("pool created", "pool", p.id, "game", id, "num_envs", pc.env.NumEnvs,
		"autoreset", pc.env.Autoreset.String(), "view", pc.env.View.String(), "illegal", pc.env.Illegal.String(),
		"action_format", pc.format.String(), "session", session)
	return p, nil
}

// newVector creates a Vector, turning a panicking factory into a
// *gamePanic.
func newVector(f env.Factory, cfg env.Config) (v *env.Vector, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, &gamePanic{r}
		}
	}()
	return env.NewVector(f, cfg)
}

// reserve counts a pool of n envs being created against the limits.
func (s *Server) reserve(n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.draining || s.closed:
		return errServerClosed
	case len(s.pools)+s.creating >= s.limits.MaxPools:
		return exhaustedf("config", "the server has %d open pools, its limit; close one first", s.limits.MaxPools)
	case s.envs+n > s.limits.MaxEnvs:
		return exhaustedf("config.num_envs", "%d more envs would make %d, over the server's limit of %d envs in all pools", n, s.envs+n, s.limits.MaxEnvs)
	}
	s.envs += n
	s.creating++
	return nil
}

// release undoes reserve after a failed creation.
func (s *Server) release(n int) {
	s.mu.Lock()
	s.envs -= n
	s.creating--
	s.mu.Unlock()
}

// newPoolID returns a fresh, unguessable pool id.
func newPoolID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return "pool-" + hex.EncodeToString(b[:])
}

// lookup returns the open pool id, or a NotFound error naming field.
func (s *Server) lookup(id, field string) (*pool, error) {
	s.mu.Lock()
	p := s.pools[id]
	closed := s.closed
	s.mu.Unlock()
	switch {
	case closed:
		return nil, errServerClosed
	case id == "":
		return nil, invalidf(field, "empty")
	case p == nil:
		return nil, notFoundf(field, "unknown pool %q (closed, expired or never created)", id)
	}
	p.touch(s.now())
	return p, nil
}

// Reset implements flickv1.EnvServiceServer.
func (s *Server) Reset(ctx context.Context, req *flickv1.ResetRequest) (*flickv1.ResetResponse, error) {
	b, err := s.reset(ctx, req, nil)
	if err != nil {
		return nil, s.toStatus(err, "reset")
	}
	return &flickv1.ResetResponse{Batch: b}, nil
}

// reset serves a ResetRequest under ctx (the call's: a remote opponent
// plays under it), encoding the batch into buf (nil: a new buffer).
func (s *Server) reset(ctx context.Context, req *flickv1.ResetRequest, buf *[]byte) (*flickv1.Batch, error) {
	p, err := s.lookup(req.GetPoolId(), "reset.pool_id")
	if err != nil {
		return nil, err
	}
	defer p.touch(s.now())
	var out *flickv1.Batch
	if err := p.reset(ctx, req, func(b *env.Batch) { out = p.encode(b, buf) }); err != nil {
		return nil, err
	}
	return out, nil
}

// Step implements flickv1.EnvServiceServer.
func (s *Server) Step(ctx context.Context, req *flickv1.StepRequest) (*flickv1.StepResponse, error) {
	b, field, err := s.step(ctx, req, nil)
	if err != nil {
		return nil, s.toStatus(err, field)
	}
	return &flickv1.StepResponse{Batch: b}, nil
}

// step serves a StepRequest under ctx (the call's: a remote opponent
// plays under it), encoding the batch into buf (nil: a new buffer). On
// error, field is the request field an env error refers to.
func (s *Server) step(ctx context.Context, req *flickv1.StepRequest, buf *[]byte) (*flickv1.Batch, string, error) {
	p, err := s.lookup(req.GetPoolId(), "step.pool_id")
	if err != nil {
		return nil, "step", err
	}
	defer p.touch(s.now())
	var out *flickv1.Batch
	field, err := p.step(ctx, req, func(b *env.Batch) { out = p.encode(b, buf) })
	if err != nil {
		return nil, field, err
	}
	return out, "", nil
}

// ClosePool implements flickv1.EnvServiceServer.
func (s *Server) ClosePool(_ context.Context, req *flickv1.ClosePoolRequest) (*flickv1.ClosePoolResponse, error) {
	if err := s.closeByID(req.GetPoolId(), "close_pool.pool_id", "client"); err != nil {
		return nil, s.toStatus(err, "close_pool")
	}
	return &flickv1.ClosePoolResponse{}, nil
}

// closeByID removes pool id and closes it, logging reason.
func (s *Server) closeByID(id, field, reason string) error {
	s.mu.Lock()
	p := s.pools[id]
	if p != nil {
		delete(s.pools, id)
		s.envs -= p.n
	}
	s.mu.Unlock()
	if p == nil {
		if id == "" {
			return invalidf(field, "empty")
		}
		return notFoundf(field, "unknown pool %q (closed, expired or never created)", id)
	}
	s.closePool(p, reason)
	return nil
}

// closePool closes a pool already removed from the map, waiting for the
// call in flight on it, and logs it.
func (s *Server) closePool(p *pool, reason string) {
	p.close()
	s.log.Info("pool closed", "pool", p.id, "game", p.spec.GetConfig().GetGameId(), "reason", reason,
		"steps", p.steps.Load(), "lifetime_s", s.now().Sub(p.created).Seconds())
}

// reap closes idle pools until Close.
func (s *Server) reap() {
	defer s.reaper.Done()
	every := min(max(s.limits.IdleTimeout/4, 10*time.Millisecond), time.Minute)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.expireIdle(s.now())
		}
	}
}

// expireIdle closes every pool idle for longer than the limit at now,
// unless a call is using it.
func (s *Server) expireIdle(now time.Time) {
	if s.limits.IdleTimeout <= 0 {
		return
	}
	s.mu.Lock()
	var idle []*pool
	for _, p := range s.sortedPools() {
		if now.Sub(p.lastUsed()) > s.limits.IdleTimeout && p.mu.TryLock() {
			// Locked: no call is in flight, and none can start before
			// the pool is closed below.
			delete(s.pools, p.id)
			s.envs -= p.n
			idle = append(idle, p)
		}
	}
	s.mu.Unlock()
	for _, p := range idle {
		p.closeLocked()
		p.mu.Unlock()
		s.log.Info("pool closed", "pool", p.id, "game", p.spec.GetConfig().GetGameId(), "reason", "idle",
			"steps", p.steps.Load(), "lifetime_s", now.Sub(p.created).Seconds())
	}
}
