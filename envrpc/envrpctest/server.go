package envrpctest

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Env is an in-memory server and a client connection to it.
type Env struct {
	// Server is the envrpc server.
	Server *envrpc.Server
	// GRPC is the grpc.Server serving it.
	GRPC *grpc.Server
	// Conn is a client connection (with the server's token, if any).
	Conn *grpc.ClientConn
	// Client is an EnvService client on Conn.
	Client flickv1.EnvServiceClient

	lis *bufconn.Listener
}

// NewServer starts an envrpc.Server of reg's games with opts over an
// in-memory listener, and connects to it. Everything is stopped when the
// test ends.
func NewServer(tb testing.TB, reg *env.Registry, opts ...envrpc.Option) *Env {
	tb.Helper()
	return NewServerWithToken(tb, reg, "", opts...)
}

// NewServerWithToken is NewServer with a server that requires the bearer
// token (when not empty); Conn sends it.
func NewServerWithToken(tb testing.TB, reg *env.Registry, token string, opts ...envrpc.Option) *Env {
	tb.Helper()
	srv := envrpc.New(reg, opts...)
	g := envrpc.NewGRPCServer(srv, token)
	lis := bufconn.Listen(1 << 20)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = g.Serve(lis) // returns when the server stops
	}()
	e := &Env{Server: srv, GRPC: g, lis: lis}
	e.Conn = e.Dial(tb, token)
	e.Client = flickv1.NewEnvServiceClient(e.Conn)
	tb.Cleanup(func() {
		srv.Drain()
		stopped := make(chan struct{})
		go func() { g.GracefulStop(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(5 * time.Second):
			g.Stop() // a test left a stream open
		}
		_ = srv.Close()
		<-done
	})
	return e
}

// Dial returns a new client connection to the server, sending token when
// not empty, closed when the test ends.
func (e *Env) Dial(tb testing.TB, token string) *grpc.ClientConn {
	tb.Helper()
	opts := []grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return e.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
	}
	if token != "" {
		opts = append(opts, grpc.WithPerRPCCredentials(bearer(token)))
	}
	c, err := grpc.NewClient("passthrough:///bufconn", opts...)
	if err != nil {
		tb.Fatalf("envrpctest: dial: %v", err)
	}
	tb.Cleanup(func() { _ = c.Close() })
	return c
}

// bearer sends a token with every call.
type bearer string

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + string(b)}, nil
}

func (bearer) RequireTransportSecurity() bool { return false }
