package envrpc

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// LocalPool is a pool of a Server driven in process, without gRPC: the same pool as
// CreatePool makes (the same option resolution, checks, limits and digest), reset and
// stepped from the same requests with the same checks, the same trajectories and the same
// errors, google.rpc details included (every error is a gRPC status, as status.FromError
// reads it). Only the output differs: a batch is not encoded into a Batch message but
// written into arrays the caller owns and binds once ([LocalPool.Bind]), and each call
// reports which of them it filled ([Present]: the tensors the wire's Batch would carry).
// The Vector writes its rows straight into the bound memory, and the observations of every
// seat and the teacher's advice are written there too: no copy is made.
//
// A LocalPool counts against its Server's limits like any pool and is closed by
// Server.Close, or by the Server's idle timeout unless that is disabled (an in-process
// caller usually disables it: Limits.IdleTimeout -1). Calls on one LocalPool are
// serialised (one at a time, in any goroutines); different pools run in parallel. Its
// Vector spin-waits (env.Vector.SetSpinWait): a caller from a C thread pays no thread
// wake-up per call.
type LocalPool struct {
	s      *Server
	p      *pool
	bound  atomic.Bool // Bind has succeeded once
	closed atomic.Bool // Close was called
}

// NewLocalPool creates a pool as CreatePool does and returns it with the response the wire
// would send (the PoolSpec with every option resolved, a pool id and the content digest).
// Its batches need buffers: call Bind before the first Reset.
func (s *Server) NewLocalPool(req *flickv1.CreatePoolRequest) (lp *LocalPool, resp *flickv1.CreatePoolResponse, err error) {
	defer func() {
		if r := recover(); r != nil {
			lp, resp, err = nil, nil, s.panicked("panic in call", flickv1.EnvService_CreatePool_FullMethodName, r)
		}
	}()
	p, err := s.createPool(req, 0)
	if err != nil {
		return nil, nil, s.toStatus(err, "config")
	}
	p.vec.SetSpinWait(true) // the caller is in process and usually calls again soon
	return &LocalPool{s: s, p: p}, &flickv1.CreatePoolResponse{Spec: proto.CloneOf(p.spec)}, nil
}

// Spec returns the pool's spec, as NewLocalPool returned it (a copy).
func (l *LocalPool) Spec() *flickv1.PoolSpec { return proto.CloneOf(l.p.spec) }

// Layout returns the dtype and shape of each array of the pool's batches, Shape nil for a
// field the pool does not have.
func (l *LocalPool) Layout() [NumBufFields]BufLayout {
	l.p.mu.Lock()
	defer l.p.mu.Unlock()
	return l.p.layout()
}

// NewBuffers allocates Go-owned Buffers for the pool, every field it has and no other.
func (l *LocalPool) NewBuffers() Buffers { return newBuffers(l.Layout()) }

// Bind makes the pool write its batches into b: from then on every Reset and Step that
// succeeds fills the fields of b it reports present. Each slice of a field the pool has
// must have its layout's length (a field of 0 elements may be nil); a field the pool does
// not have must be empty. The current contents of the pool's batch are copied into b
// first, so that Bind may be called again, between any two calls, to move the batch; it
// must be called before the first Reset.
//
// The caller must not write to the memory while it is bound, nor free it before the pool is
// closed or bound elsewhere: the pool reads back its last rows (the flags of the last call
// decide which rows the next one clears, the masks decode BOX actions). The contents after
// a call that failed are unspecified (a failed Step may have stepped some envs); after a
// refused request (the envs unchanged) they are unchanged. A wrong length is
// InvalidArgument naming the field ("bind.obs"), and then nothing changes.
func (l *LocalPool) Bind(b Buffers) (err error) {
	defer l.recoverCall("bind", &err)
	p := l.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return l.s.toStatus(env.ErrClosed, "bind")
	}
	lay, got := p.layout(), b.lens()
	for f := range NumBufFields {
		if want := lay[f].Len(); got[f] != want {
			if lay[f].Shape == nil {
				return l.s.toStatus(invalidf("bind."+f.String(), "%d elements, but the pool has no %s (leave it empty)", got[f], f), "bind")
			}
			return l.s.toStatus(invalidf("bind."+f.String(), "%d elements, want %d for shape %v of %v", got[f], want, lay[f].Shape, lay[f].DType), "bind")
		}
	}
	vb := env.Batch{
		Obs: b.Obs, Reward: b.Reward, Terminated: b.Terminated, Truncated: b.Truncated, CurrentPlayer: b.CurrentPlayer,
		Mask: b.ActionMask, StateHash: b.StateHash, Episode: b.Episode, Illegal: b.Illegal,
		EpisodeReturn: b.EpisodeReturn, EpisodeLength: b.EpisodeLength, AgentSeat: b.AgentSeat,
		FinalObs: b.FinalObs, FinalStateHash: b.FinalStateHash,
	}
	if err := p.vec.BindBatch(vb); err != nil {
		return l.s.toStatus(fmt.Errorf("envrpc: bind: %w", err), "bind") // the lengths were checked: not the caller's fault
	}
	if p.obsAll != nil {
		copy(b.ObsAllSeats, p.obsAll)
		p.obsAll = b.ObsAllSeats
	}
	if t := p.teach; t != nil {
		copy(b.TeacherDiscrete, t.acts.Discrete)
		copy(b.TeacherContinuous, t.acts.Continuous)
		t.acts = env.Actions{Discrete: b.TeacherDiscrete, Continuous: b.TeacherContinuous}
	}
	l.bound.Store(true)
	return nil
}

// errNotBound refuses a Reset or Step of a pool without buffers.
var errNotBound = status.Error(codes.FailedPrecondition, "no buffers bound: call Bind (fa_pool_bind) before the first Reset")

// Reset serves req as the wire's Reset does, under ctx (a deadline or cancellation
// interrupts the call as a client's would), writing the batch into the bound buffers.
// req.pool_id may be empty: it names this pool anyway. It returns the fields filled.
func (l *LocalPool) Reset(ctx context.Context, req *flickv1.ResetRequest) (pr Present, err error) {
	defer l.recoverCall(flickv1.EnvService_Reset_FullMethodName, &err)
	p, err := l.lookup(req.GetPoolId(), "reset.pool_id")
	if err != nil {
		return 0, l.s.toStatus(err, "reset")
	}
	if !l.bound.Load() {
		return 0, errNotBound
	}
	defer p.touch(l.s.now())
	if err := p.reset(ctx, req, func(b *env.Batch) { pr = l.fill(b) }); err != nil {
		return 0, l.s.toStatus(err, "reset")
	}
	return pr, nil
}

// Step serves req as the wire's Step does, under ctx, writing the batch into the bound
// buffers. req.pool_id may be empty. It returns the fields filled.
func (l *LocalPool) Step(ctx context.Context, req *flickv1.StepRequest) (pr Present, err error) {
	defer l.recoverCall(flickv1.EnvService_Step_FullMethodName, &err)
	p, err := l.lookup(req.GetPoolId(), "step.pool_id")
	if err != nil {
		return 0, l.s.toStatus(err, "step")
	}
	if !l.bound.Load() {
		return 0, errNotBound
	}
	defer p.touch(l.s.now())
	field, err := p.step(ctx, req, func(b *env.Batch) { pr = l.fill(b) })
	if err != nil {
		return 0, l.s.toStatus(err, field)
	}
	return pr, nil
}

// Close closes the pool, after the call in flight if any. It is idempotent: a second
// Close returns nil.
func (l *LocalPool) Close() error {
	if l.closed.Swap(true) {
		return nil
	}
	err := l.s.closeByID(l.p.id, "close_pool.pool_id", "client")
	var re *requestError
	if errors.As(err, &re) && re.code == codes.NotFound {
		return nil // closed already: the Server's Close or its idle timeout
	}
	return l.s.toStatus(err, "close_pool")
}

// lookup returns the open pool named id (empty: this one) as the wire finds it, or the
// wire's error; an id that names another pool is refused.
func (l *LocalPool) lookup(id, field string) (*pool, error) {
	if id == "" {
		id = l.p.id
	}
	if id != l.p.id {
		return nil, invalidf(field, "%q is not this pool (%s): leave it empty", id, l.p.id)
	}
	return l.s.lookup(id, field)
}

// fill completes the bound batch b of a call that succeeded (every seat's observation, for
// observe_all_seats) and returns its fields. The caller holds the pool's lock.
func (l *LocalPool) fill(b *env.Batch) Present {
	pr := l.p.present(b)
	if pr.Has(BufObsAllSeats) {
		l.p.observeAll()
	}
	return pr
}

// recoverCall turns a panic of the call method into the Internal status the gRPC server's
// interceptor gives, in *err.
func (l *LocalPool) recoverCall(method string, err *error) {
	if r := recover(); r != nil {
		*err = l.s.panicked("panic in call", method, r)
	}
}
