package envrpc

import (
	"context"
	"errors"
	"io"
	"slices"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Session implements flickv1.EnvServiceServer: the hot path. Requests are
// served one at a time, in order, with the semantics of the unary calls;
// errors come back in-band and the stream goes on. While a request is
// served the next one is already being received. Pools created in the
// session are closed when it ends, however it ends: the client closes its
// side, the client goes away or cancels (the session ends with the
// context's code once the request being served is answered; a request
// received but not yet served is dropped), or a Send fails. After Drain,
// the session ends with Unavailable once its current request is answered.
//
// The batch of each response is encoded into one buffer reused by the
// session: Send marshals the message before it returns, and the server
// installs no stats handler that could read it later.
func (s *Server) Session(stream flickv1.EnvService_SessionServer) error {
	id := s.sessions.Add(1)
	var owned []string // ids of the pools created in this session and not closed
	defer func() {
		for _, pid := range owned {
			// An error means it is closed already (idle, or shutdown).
			_ = s.closeByID(pid, "", "session ended")
		}
	}()

	ctx := stream.Context()
	reqs := make(chan *flickv1.SessionRequest)
	recvErr := make(chan error, 1)
	go func() {
		for {
			r, err := stream.Recv()
			if err != nil {
				recvErr <- err
				return
			}
			if err := s.malformed.take(r); err != nil {
				recvErr <- err // the request id is unknown: end the session
				return
			}
			select {
			case reqs <- r:
			case <-ctx.Done():
				// r is dropped: the client is gone. Report it, so that
				// the handler never waits for a request that will not
				// come (recvErr has room: this is its only send).
				recvErr <- ctx.Err()
				return
			}
		}
	}()

	var buf []byte
	for {
		select {
		case <-s.drain: // checked first: no new request once draining
			return status.Error(codes.Unavailable, "server shutting down")
		case <-ctx.Done(): // and none once the client is gone
			return status.FromContextError(ctx.Err()).Err()
		default:
		}
		select {
		case <-s.drain:
			return status.Error(codes.Unavailable, "server shutting down")
		case <-ctx.Done():
			return status.FromContextError(ctx.Err()).Err()
		case err := <-recvErr:
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		case r := <-reqs:
			resp := s.serve(ctx, r, id, &buf, &owned)
			if err := stream.Send(resp); err != nil {
				return err
			}
		}
	}
}

// serve answers one session request under ctx, the stream's context.
func (s *Server) serve(ctx context.Context, r *flickv1.SessionRequest, session uint64, buf *[]byte, owned *[]string) *flickv1.SessionResponse {
	resp := &flickv1.SessionResponse{RequestId: r.GetRequestId()}
	var (
		err   error
		field string
	)
	switch k := r.GetKind().(type) {
	case *flickv1.SessionRequest_CreatePool:
		field = "create_pool.config"
		var p *pool
		if p, err = s.createPool(k.CreatePool, session); err == nil {
			*owned = append(*owned, p.id)
			resp.Kind = &flickv1.SessionResponse_CreatePool{CreatePool: &flickv1.CreatePoolResponse{Spec: p.spec}}
		}
	case *flickv1.SessionRequest_Reset_:
		field = "reset"
		var b *flickv1.Batch
		if b, err = s.reset(ctx, k.Reset_, buf); err == nil {
			resp.Kind = &flickv1.SessionResponse_Reset_{Reset_: &flickv1.ResetResponse{Batch: b}}
		}
	case *flickv1.SessionRequest_Step:
		var b *flickv1.Batch
		if b, field, err = s.step(ctx, k.Step, buf); err == nil {
			resp.Kind = &flickv1.SessionResponse_Step{Step: &flickv1.StepResponse{Batch: b}}
		}
	case *flickv1.SessionRequest_ClosePool:
		field = "close_pool"
		pid := k.ClosePool.GetPoolId()
		if err = s.closeByID(pid, "close_pool.pool_id", "client"); err == nil {
			*owned = slices.DeleteFunc(*owned, func(id string) bool { return id == pid })
			resp.Kind = &flickv1.SessionResponse_ClosePool{ClosePool: &flickv1.ClosePoolResponse{}}
		}
	default:
		err = invalidf("kind", "empty request: set one of create_pool, reset, step, close_pool")
	}
	if err != nil {
		st := status.Convert(s.toStatus(err, field))
		resp.Kind = &flickv1.SessionResponse_Error{Error: &flickv1.Error{Code: int32(st.Code()), Message: st.Message(), Details: st.Proto().GetDetails()}}
	}
	return resp
}
