package envrpctest

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// testObserveAllSeats checks obs_all_seats against Game.Observe of an
// in-process twin, in self-play.
func (s *suite) testObserveAllSeats(t *testing.T) {
	c := s.fill(env.Config{MaxEpisodeSteps: episodeLimit})
	local := s.local(t, c)
	w := s.wire(c)
	w.ObserveAllSeats = true
	ctx := s.ctx(t)
	created, err := s.client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: w})
	if err != nil {
		t.Fatalf("CreatePool: %v", err)
	}
	pool := created.GetSpec().GetPoolId()
	t.Cleanup(func() { _, _ = s.client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: pool}) })
	spec := local.Spec()
	n, np, o := local.NumEnvs(), spec.NumPlayers, spec.ObsSize()
	seed := s.cfg.Seed + 61
	bl, err := local.Reset(seed)
	if err != nil {
		t.Fatalf("Reset: %v", err)
	}
	resp, err := s.client.Reset(ctx, &flickv1.ResetRequest{PoolId: pool, Seed: &seed})
	if err != nil {
		t.Fatalf("Reset: %v", err)
	}
	wb := resp.GetBatch()
	act := spec.NewActions(n)
	rng := s.rng(7)
	want := make([]float32, o)
	for step := 0; step <= min(s.cfg.Steps, 20); step++ {
		all := wb.GetObsAllSeats()
		if got := all.GetShape(); !slices.Equal(got, []int64{int64(n), int64(np), int64(o)}) || all.GetDtype() != flickv1.DType_DTYPE_FLOAT32 {
			t.Fatalf("step %d: obs_all_seats %v of shape %v, want float32 [%d %d %d]", step, all.GetDtype(), got, n, np, o)
		}
		vals := DecodeFloat32(all)
		obs := DecodeFloat32(wb.GetObs())
		cur := DecodeInt32(wb.GetCurrentPlayer())
		for i := range n {
			for seat := range np {
				local.Game(i).Observe(want, seat)
				got := vals[(i*np+seat)*o : (i*np+seat+1)*o]
				if d := diffF(fmt.Sprintf("step %d obs_all_seats[%d][%d]", step, i, seat), got, want, o); d != "" {
					t.Fatalf("%s (want Game.Observe)", d)
				}
			}
			mine := vals[(i*np+int(cur[i]))*o : (i*np+int(cur[i])+1)*o]
			if d := diffF(fmt.Sprintf("step %d env %d", step, i), mine, obs[i*o:(i+1)*o], o); d != "" {
				t.Fatalf("obs_all_seats of the current player differs from obs: %s", d)
			}
		}
		randomActions(local, bl, act, rng)
		if bl, err = local.Step(act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		sr, err := s.client.Step(ctx, &flickv1.StepRequest{
			PoolId:     pool,
			Discrete:   Tensor(slices.Clone(act.Discrete), int64(n), int64(len(spec.Heads))),
			Continuous: Tensor(slices.Clone(act.Continuous), int64(n), int64(len(spec.Dims))),
		})
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		wb = sr.GetBatch()
	}
}

// testSession checks the Session stream's own contract: request ids echoed,
// in-band errors with the unary codes, a stream that survives them, and
// pools closed with the session.
func (s *suite) testSession(t *testing.T) {
	ctx := s.ctx(t)
	st, err := s.client.Session(ctx)
	if err != nil {
		t.Fatalf("Session: %v", err)
	}
	call := func(id uint64, r *flickv1.SessionRequest) *flickv1.SessionResponse {
		t.Helper()
		r.RequestId = id
		if err := st.Send(r); err != nil {
			t.Fatalf("request %d: Send: %v", id, err)
		}
		resp, err := st.Recv()
		if err != nil {
			t.Fatalf("request %d: Recv: %v", id, err)
		}
		if resp.GetRequestId() != id {
			t.Fatalf("request %d answered as %d", id, resp.GetRequestId())
		}
		return resp
	}
	wantInBand := func(what string, resp *flickv1.SessionResponse, code codes.Code, field string) {
		t.Helper()
		e := resp.GetError()
		if e == nil || codes.Code(e.GetCode()) != code {
			t.Errorf("%s: got %v, want in-band error %v", what, resp, code)
			return
		}
		if !strings.Contains(e.GetMessage(), field) {
			t.Errorf("%s: message %q does not name %q", what, e.GetMessage(), field)
		}
	}

	cfg := &flickv1.PoolConfig{GameId: s.id, NumEnvs: int32(s.cfg.NumEnvs), Options: s.cfg.Options}
	created := call(math.MaxUint64, &flickv1.SessionRequest{Kind: &flickv1.SessionRequest_CreatePool{CreatePool: &flickv1.CreatePoolRequest{Config: cfg}}})
	pool := created.GetCreatePool().GetSpec().GetPoolId()
	if pool == "" {
		t.Fatalf("create_pool: %v", created)
	}
	wantInBand("empty request", call(2, &flickv1.SessionRequest{}), codes.InvalidArgument, "kind")
	wantInBand("reset of an unknown pool", call(3, &flickv1.SessionRequest{Kind: &flickv1.SessionRequest_Reset_{Reset_: &flickv1.ResetRequest{PoolId: "pool-none"}}}),
		codes.NotFound, "reset.pool_id")
	bad := &flickv1.SessionRequest{Kind: &flickv1.SessionRequest_CreatePool{CreatePool: &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: s.id}}}}
	wantInBand("create_pool without envs", call(4, bad), codes.InvalidArgument, "config.num_envs")
	seed := s.cfg.Seed
	reset := call(5, &flickv1.SessionRequest{Kind: &flickv1.SessionRequest_Reset_{Reset_: &flickv1.ResetRequest{PoolId: pool, Seed: &seed}}})
	if reset.GetReset_().GetBatch().GetObs() == nil {
		t.Fatalf("reset after errors: %v", reset)
	}
	wrong := &flickv1.StepRequest{PoolId: pool, Discrete: Tensor([]float32{1}, 1)}
	wantInBand("step with a float32 discrete", call(6, &flickv1.SessionRequest{Kind: &flickv1.SessionRequest_Step{Step: wrong}}),
		codes.InvalidArgument, "step.discrete")

	// Ending the stream closes the pools it created.
	if err := st.CloseSend(); err != nil {
		t.Fatalf("CloseSend: %v", err)
	}
	if _, err := st.Recv(); !errors.Is(err, io.EOF) {
		t.Fatalf("Recv after CloseSend: %v, want io.EOF", err)
	}
	_, err = s.client.Reset(ctx, &flickv1.ResetRequest{PoolId: pool, Seed: &seed})
	wantErr(t, "Reset of a pool of an ended session", err, codes.NotFound, pool)
}
