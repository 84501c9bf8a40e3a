package envrpc

import (
	"context"
	"errors"
	"fmt"
	"io"

	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// RemoteVector is a pool on an env server, driven like an env.Vector: the
// same Reset, ResetMask and Step, returning an *env.Batch, so that a Go
// trainer or the arena can swap an in-process Vector for a remote one. Its
// calls go over one Session stream (the hot path) or as unary calls. Errors
// are gRPC status errors (status.Code gives the code, status.Convert(err).Details()
// the server's google.rpc details) in both modes.
//
// Like a Vector, it is driven by one goroutine at a time, and the Batch it
// returns is overwritten by the next call.
type RemoteVector struct {
	ctx     context.Context
	client  flickv1.EnvServiceClient
	session flickv1.EnvService_SessionClient // nil: unary calls
	cancel  context.CancelFunc               // ends the session
	spec    *flickv1.PoolSpec
	game    *env.Spec
	batch   env.Batch
	buf     []byte // request tensors, reused
	nextID  uint64 // request_id of the next session request
	closed  bool
}

// NewRemoteVector creates a pool with cfg on the server behind conn. With
// session true every call goes over one Session stream, otherwise over unary
// calls. ctx bounds every call, and the session, until Close.
func NewRemoteVector(ctx context.Context, conn grpc.ClientConnInterface, cfg *flickv1.PoolConfig, session bool) (*RemoteVector, error) {
	r := &RemoteVector{ctx: ctx, client: flickv1.NewEnvServiceClient(conn)}
	req := &flickv1.CreatePoolRequest{Config: cfg}
	if session {
		sctx, cancel := context.WithCancel(ctx)
		st, err := r.client.Session(sctx)
		if err != nil {
			cancel()
			return nil, err
		}
		r.session, r.cancel = st, cancel
		resp, err := r.roundTrip(&flickv1.SessionRequest{Kind: &flickv1.SessionRequest_CreatePool{CreatePool: req}})
		if err != nil {
			cancel()
			return nil, err
		}
		r.spec = resp.GetCreatePool().GetSpec()
	} else {
		resp, err := r.client.CreatePool(ctx, req)
		if err != nil {
			return nil, err
		}
		r.spec = resp.GetSpec()
	}
	if r.spec == nil {
		r.Close()
		return nil, errors.New("envrpc: create pool: response without a spec")
	}
	r.game = EnvSpec(r.spec.GetGame())
	n, p, o, m := int(r.spec.GetConfig().GetNumEnvs()), r.game.NumPlayers, r.game.ObsSize(), r.game.MaskSize()
	r.batch = env.Batch{
		NumEnvs: n, NumPlayers: p, ObsSize: o, MaskSize: m,
		EnvID: make([]int32, n), Obs: make([]float32, n*o), Reward: make([]float32, n*p),
		Terminated: make([]bool, n), Truncated: make([]bool, n), CurrentPlayer: make([]int32, n),
		Mask: make([]bool, n*m), StateHash: make([]uint64, n), Episode: make([]uint64, n),
		Illegal: make([]bool, n), EpisodeReturn: make([]float32, n*p), EpisodeLength: make([]int32, n),
	}
	for i := range r.batch.EnvID {
		r.batch.EnvID[i] = int32(i)
	}
	if r.spec.GetConfig().GetAutoresetMode() == flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP {
		r.batch.FinalObs, r.batch.FinalStateHash = make([]float32, n*o), make([]uint64, n)
	}
	if r.spec.GetConfig().GetView() == flickv1.View_VIEW_SINGLE_AGENT {
		r.batch.AgentSeat = make([]int32, n)
	}
	return r, nil
}

// PoolSpec returns the pool's spec as the server sent it.
func (r *RemoteVector) PoolSpec() *flickv1.PoolSpec { return r.spec }

// Spec returns the game's spec. The caller must not modify it.
func (r *RemoteVector) Spec() *env.Spec { return r.game }

// NumEnvs returns the number of envs.
func (r *RemoteVector) NumEnvs() int { return r.batch.NumEnvs }

// Batch returns the batch of the last successful call.
func (r *RemoteVector) Batch() *env.Batch { return &r.batch }

// Reset starts a new episode in every env, as env.Vector.Reset.
func (r *RemoteVector) Reset(seed uint64) (*env.Batch, error) {
	return r.reset(&flickv1.ResetRequest{PoolId: r.spec.GetPoolId(), Seed: &seed})
}

// ResetMask resets the envs of mask (nil: all) with seeds (nil: each keeps
// its key), as env.Vector.ResetMask.
func (r *RemoteVector) ResetMask(mask []bool, seeds []uint64) (*env.Batch, error) {
	req := &flickv1.ResetRequest{PoolId: r.spec.GetPoolId()}
	r.buf = r.buf[:0]
	if mask != nil {
		req.Mask = tensor(&r.buf, mask, len(mask))
	}
	if seeds != nil {
		req.Seeds = tensor(&r.buf, seeds, len(seeds))
	}
	return r.reset(req)
}

// Step applies one native action per env (a pool of ACTION_FORMAT_NATIVE),
// as env.Vector.Step.
func (r *RemoteVector) Step(a env.Actions) (*env.Batch, error) {
	n, h, d := r.batch.NumEnvs, len(r.game.Heads), len(r.game.Dims)
	r.buf = r.buf[:0]
	return r.StepRequest(&flickv1.StepRequest{
		PoolId:     r.spec.GetPoolId(),
		Discrete:   tensor(&r.buf, a.Discrete, n, h),
		Continuous: tensor(&r.buf, a.Continuous, n, d),
	})
}

// StepBox steps a pool of ACTION_FORMAT_BOX with x [N × BoxSize].
func (r *RemoteVector) StepBox(x []float32) (*env.Batch, error) {
	r.buf = r.buf[:0]
	return r.StepRequest(&flickv1.StepRequest{PoolId: r.spec.GetPoolId(), Box: tensor(&r.buf, x, r.batch.NumEnvs, r.game.BoxSize())})
}

// StepMultiDiscrete steps a pool of ACTION_FORMAT_MULTI_DISCRETE with x
// [N × (heads+dims)].
func (r *RemoteVector) StepMultiDiscrete(x []int64) (*env.Batch, error) {
	r.buf = r.buf[:0]
	w := len(r.game.Heads) + len(r.game.Dims)
	return r.StepRequest(&flickv1.StepRequest{PoolId: r.spec.GetPoolId(), MultiDiscrete: tensor(&r.buf, x, r.batch.NumEnvs, w)})
}

// StepRequest sends req as it is (its pool_id too: tests send malformed
// requests with it) and decodes the batch.
func (r *RemoteVector) StepRequest(req *flickv1.StepRequest) (*env.Batch, error) {
	if r.closed {
		return nil, status.Error(codes.FailedPrecondition, "envrpc: remote vector closed")
	}
	var b *flickv1.Batch
	if r.session != nil {
		resp, err := r.roundTrip(&flickv1.SessionRequest{Kind: &flickv1.SessionRequest_Step{Step: req}})
		if err != nil {
			return nil, err
		}
		b = resp.GetStep().GetBatch()
	} else {
		resp, err := r.client.Step(r.ctx, req)
		if err != nil {
			return nil, err
		}
		b = resp.GetBatch()
	}
	return r.decode(b)
}

// reset sends a ResetRequest and decodes the batch.
func (r *RemoteVector) reset(req *flickv1.ResetRequest) (*env.Batch, error) {
	if r.closed {
		return nil, status.Error(codes.FailedPrecondition, "envrpc: remote vector closed")
	}
	var b *flickv1.Batch
	if r.session != nil {
		resp, err := r.roundTrip(&flickv1.SessionRequest{Kind: &flickv1.SessionRequest_Reset_{Reset_: req}})
		if err != nil {
			return nil, err
		}
		b = resp.GetReset_().GetBatch()
	} else {
		resp, err := r.client.Reset(r.ctx, req)
		if err != nil {
			return nil, err
		}
		b = resp.GetBatch()
	}
	return r.decode(b)
}

// roundTrip sends one session request and returns its response, turning an
// in-band error into a status error.
func (r *RemoteVector) roundTrip(req *flickv1.SessionRequest) (*flickv1.SessionResponse, error) {
	r.nextID++
	req.RequestId = r.nextID
	if err := r.session.Send(req); err != nil {
		return nil, r.streamErr(err)
	}
	resp, err := r.session.Recv()
	if err != nil {
		return nil, r.streamErr(err)
	}
	if resp.GetRequestId() != req.GetRequestId() {
		return nil, status.Errorf(codes.Internal, "envrpc: session response %d to request %d", resp.GetRequestId(), req.GetRequestId())
	}
	if e := resp.GetError(); e != nil {
		return nil, status.FromProto(&spb.Status{Code: e.GetCode(), Message: e.GetMessage(), Details: e.GetDetails()}).Err()
	}
	return resp, nil
}

// streamErr returns the stream's final status when Send reports io.EOF
// (the server ended the stream).
func (r *RemoteVector) streamErr(err error) error {
	if errors.Is(err, io.EOF) {
		if _, rerr := r.session.Recv(); rerr != nil && !errors.Is(rerr, io.EOF) {
			return rerr
		}
		return status.Error(codes.Unavailable, "envrpc: session ended by the server")
	}
	return err
}

// Close closes the pool on the server and ends the session. It returns the
// server's error, if any.
func (r *RemoteVector) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	req := &flickv1.ClosePoolRequest{PoolId: r.spec.GetPoolId()}
	var err error
	if r.session != nil {
		_, err = r.roundTrip(&flickv1.SessionRequest{Kind: &flickv1.SessionRequest_ClosePool{ClosePool: req}})
		_ = r.session.CloseSend()
		r.cancel()
	} else if r.spec != nil {
		_, err = r.client.ClosePool(r.ctx, req)
	}
	return err
}

// decode copies a wire batch into r.batch, checking every tensor.
func (r *RemoteVector) decode(w *flickv1.Batch) (*env.Batch, error) {
	if w == nil {
		return nil, errNoBatch
	}
	b := &r.batch
	n, p, o, m := b.NumEnvs, b.NumPlayers, b.ObsSize, b.MaskSize
	type part struct {
		name  string
		t     *flickv1.Tensor
		dtype flickv1.DType
		shape []int
		dst   func(data []byte)
	}
	f32 := flickv1.DType_DTYPE_FLOAT32
	boo := flickv1.DType_DTYPE_BOOL
	i32 := flickv1.DType_DTYPE_INT32
	u64 := flickv1.DType_DTYPE_UINT64
	parts := []part{
		{"obs", w.GetObs(), f32, []int{n, o}, func(d []byte) { decodeLE(b.Obs, d) }},
		{"reward", w.GetReward(), f32, []int{n, p}, func(d []byte) { decodeLE(b.Reward, d) }},
		{"terminated", w.GetTerminated(), boo, []int{n}, func(d []byte) { decodeLE(b.Terminated, d) }},
		{"truncated", w.GetTruncated(), boo, []int{n}, func(d []byte) { decodeLE(b.Truncated, d) }},
		{"current_player", w.GetCurrentPlayer(), i32, []int{n}, func(d []byte) { decodeLE(b.CurrentPlayer, d) }},
		{"action_mask", w.GetActionMask(), boo, []int{n, m}, func(d []byte) { decodeLE(b.Mask, d) }},
		{"state_hash", w.GetStateHash(), u64, []int{n}, func(d []byte) { decodeLE(b.StateHash, d) }},
		{"episode", w.GetEpisode(), u64, []int{n}, func(d []byte) { decodeLE(b.Episode, d) }},
		{"illegal", w.GetIllegal(), boo, []int{n}, func(d []byte) { decodeLE(b.Illegal, d) }},
		{"episode_return", w.GetEpisodeReturn(), f32, []int{n, p}, func(d []byte) { decodeLE(b.EpisodeReturn, d) }},
		{"episode_length", w.GetEpisodeLength(), i32, []int{n}, func(d []byte) { decodeLE(b.EpisodeLength, d) }},
	}
	if b.FinalObs != nil {
		parts = append(parts,
			part{"final_obs", w.GetFinalObs(), f32, []int{n, o}, func(d []byte) { decodeLE(b.FinalObs, d) }},
			part{"final_state_hash", w.GetFinalStateHash(), u64, []int{n}, func(d []byte) { decodeLE(b.FinalStateHash, d) }},
		)
	}
	if b.AgentSeat != nil {
		parts = append(parts, part{"agent_seat", w.GetAgentSeat(), i32, []int{n}, func(d []byte) { decodeLE(b.AgentSeat, d) }})
	}
	for _, pt := range parts {
		if pt.t == nil {
			return nil, fmt.Errorf("envrpc: response batch.%s: missing", pt.name)
		}
		if err := checkTensor(pt.t, "batch."+pt.name, pt.dtype, pt.shape...); err != nil {
			// A *requestError blames a request; here the server answered badly.
			return nil, fmt.Errorf("envrpc: response %v", err) //nolint:errorlint // not a request's fault
		}
	}
	for _, pt := range parts {
		pt.dst(pt.t.GetData())
	}
	return b, nil
}
