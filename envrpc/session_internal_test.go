package envrpc

import (
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env/race"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// leavingStream is a Session stream whose client pipelines a CreatePool
// and a Reset and goes away while the server answers the CreatePool: the
// Reset is received, then the context is cancelled, and the answer to the
// CreatePool is still sent successfully (it was already on its way).
type leavingStream struct {
	grpc.ServerStream // nil: only the methods below are called

	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	recvs   int
	sending chan struct{} // closed when the first Send starts
	left    chan struct{} // closed once the client has gone
}

func newLeavingStream() *leavingStream {
	ctx, cancel := context.WithCancel(context.Background())
	return &leavingStream{ctx: ctx, cancel: cancel, sending: make(chan struct{}), left: make(chan struct{})}
}

func (s *leavingStream) Context() context.Context { return s.ctx }

func (s *leavingStream) Recv() (*flickv1.SessionRequest, error) {
	s.mu.Lock()
	s.recvs++
	n := s.recvs
	s.mu.Unlock()
	switch n {
	case 1:
		return &flickv1.SessionRequest{RequestId: 1, Kind: &flickv1.SessionRequest_CreatePool{
			CreatePool: &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2}}}}, nil
	case 2:
		<-s.sending
		s.cancel()
		close(s.left)
		return &flickv1.SessionRequest{RequestId: 2, Kind: &flickv1.SessionRequest_Reset_{Reset_: &flickv1.ResetRequest{}}}, nil
	}
	<-s.ctx.Done()
	return nil, status.FromContextError(s.ctx.Err()).Err()
}

func (s *leavingStream) Send(r *flickv1.SessionResponse) error {
	if r.GetRequestId() == 1 {
		close(s.sending)
		<-s.left
		// Give the receiving goroutine time to see the cancelled context
		// while the handler is still sending (the window of the leak).
		time.Sleep(5 * time.Millisecond)
	}
	return nil
}

// TestSession_ClientLeavesWhilePipelining is the regression test of issue
// 14 item 1: a session whose client pipelined a request and went away
// while the previous answer was being sent must end, with Canceled, and
// close its pool. The old receive goroutine dropped the queued request
// without a word and the handler waited forever, its pools never closed.
func TestSession_ClientLeavesWhilePipelining(t *testing.T) {
	const sessions = 20
	s := newTestServer(t, WithLimits(Limits{MaxPools: sessions, IdleTimeout: -1}))
	errs := make(chan error, sessions)
	for range sessions {
		go func() { errs <- s.Session(newLeavingStream()) }()
	}
	deadline := time.After(20 * time.Second) // a hang detector, not a timing
	for i := range sessions {
		select {
		case err := <-errs:
			if c := status.Code(err); c != codes.Canceled {
				t.Errorf("session ended with %v, want Canceled", err)
			}
		case <-deadline:
			t.Fatalf("%d of %d sessions never ended after their client left", sessions-i, sessions)
		}
	}
	s.mu.Lock()
	open, envs := len(s.pools), s.envs
	s.mu.Unlock()
	if open != 0 || envs != 0 {
		t.Errorf("after every session ended: %d pools and %d envs open, want 0 and 0", open, envs)
	}
}
