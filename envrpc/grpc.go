package envrpc

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Transport sizes, in bytes, of servers and clients made here.
const (
	windowSize   = 16 << 20 // HTTP/2 flow-control window, per stream and per connection
	socketBuffer = 1 << 20  // read and write buffer per connection
)

// NewGRPCServer returns a grpc.Server that serves s's EnvService, the
// standard health service (grpc.health.v1, "" and "flickarena.v1.EnvService")
// and server reflection, with s's message size limit, keepalive, panic
// recovery (a panic in a call fails that call with Internal and is logged;
// the server goes on), InvalidArgument for a request that is not valid
// protobuf and, if token is not empty, bearer-token
// authentication of every call but the health checks: a call without
// "authorization: Bearer <token>" fails with Unauthenticated. opts are
// appended.
//
// The token travels in clear unless the connection is protected: listen on
// loopback or a unix socket, or add TLS credentials in opts.
func NewGRPCServer(s *Server, token string, opts ...grpc.ServerOption) *grpc.Server {
	unary := []grpc.UnaryServerInterceptor{s.recoverUnary}
	stream := []grpc.StreamServerInterceptor{s.recoverStream}
	if token != "" {
		a := authenticator{token: []byte(token)}
		unary = append([]grpc.UnaryServerInterceptor{a.unary}, unary...)
		stream = append([]grpc.StreamServerInterceptor{a.stream}, stream...)
	}
	all := append([]grpc.ServerOption{
		grpc.MaxRecvMsgSize(s.limits.MaxMessageBytes),
		grpc.MaxSendMsgSize(s.limits.MaxMessageBytes),
		grpc.ChainUnaryInterceptor(unary...),
		grpc.ChainStreamInterceptor(stream...),
		// Clients may ping every 10 s to keep an idle training connection
		// alive through NATs and proxies.
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: 10 * time.Second, PermitWithoutStream: true}),
		// Batches are large (80 KiB for 1024 envs of Race): a
		// flow-control window of a few batches and larger socket buffers
		// save a window update and several syscalls per message.
		grpc.InitialWindowSize(windowSize),
		grpc.InitialConnWindowSize(windowSize),
		grpc.ReadBufferSize(socketBuffer),
		grpc.WriteBufferSize(socketBuffer),
		// A request that is not valid protobuf is the client's fault:
		// InvalidArgument, not gRPC's Internal.
		grpc.ForceServerCodecV2(newCodec(&s.malformed)),
	}, opts...)
	g := grpc.NewServer(all...)
	g.RegisterService(withMalformedCheck(&flickv1.EnvService_ServiceDesc, &s.malformed), s)
	healthpb.RegisterHealthServer(g, s.health)
	s.health.SetServingStatus(flickv1.EnvService_ServiceDesc.ServiceName, healthpb.HealthCheckResponse_SERVING)
	reflection.Register(g)
	return g
}

// recoverUnary turns a panic in a unary call into an Internal error.
func (s *Server) recoverUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	defer func() {
		if r := recover(); r != nil {
			resp, err = nil, s.panicked("panic in call", info.FullMethod, r)
		}
	}()
	return h(ctx, req)
}

// recoverStream turns a panic in a stream into an Internal error.
func (s *Server) recoverStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.panicked("panic in stream", info.FullMethod, r)
		}
	}()
	return h(srv, ss)
}

// panicked logs a panic r recovered in method (a full gRPC method name) under msg, with
// the stack, and returns the Internal status the call fails with. The gRPC interceptors
// and the in-process pools (LocalPool) share it, so that both fail alike.
func (s *Server) panicked(msg, method string, r any) error {
	s.log.Error(msg, "method", method, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	return status.Errorf(codes.Internal, "%s: panic: %v", method, r)
}

// authenticator checks the bearer token of every call but health checks.
type authenticator struct {
	token []byte
}

// healthPrefix is the method prefix of the health service, which load
// balancers and probes call without credentials.
const healthPrefix = "/grpc.health.v1.Health/"

// check returns nil if ctx carries the token.
func (a authenticator) check(ctx context.Context, method string) error {
	if strings.HasPrefix(method, healthPrefix) {
		return nil
	}
	md, _ := metadata.FromIncomingContext(ctx)
	vals := md.Get("authorization")
	if len(vals) == 0 {
		return status.Error(codes.Unauthenticated, "authorization: missing; send \"authorization: Bearer <token>\"")
	}
	scheme, tok, ok := strings.Cut(vals[0], " ")
	if !ok || !strings.EqualFold(scheme, "bearer") || subtle.ConstantTimeCompare([]byte(tok), a.token) != 1 {
		return status.Error(codes.Unauthenticated, "authorization: wrong bearer token")
	}
	return nil
}

func (a authenticator) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err := a.check(ctx, info.FullMethod); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

func (a authenticator) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	if err := a.check(ss.Context(), info.FullMethod); err != nil {
		return err
	}
	return h(srv, ss)
}

// Listen listens on addr: "unix:///abs/path" or "unix:rel/path" for a unix
// socket (a stale socket file left by a dead server is replaced), otherwise
// a TCP "host:port" (port 0 picks a free port).
func Listen(addr string) (net.Listener, error) {
	path, ok := unixPath(addr)
	if !ok {
		l, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("envrpc: listen: %w", err)
		}
		return l, nil
	}
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket != 0 {
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			_ = c.Close()
			return nil, fmt.Errorf("envrpc: listen: %s: a server is already listening", addr)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("envrpc: listen: remove stale socket: %w", err)
		}
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("envrpc: listen: %w", err)
	}
	return l, nil
}

// unixPath returns the socket path of a "unix:" address.
func unixPath(addr string) (string, bool) {
	if p, ok := strings.CutPrefix(addr, "unix://"); ok {
		return p, true
	}
	return strings.CutPrefix(addr, "unix:")
}

// Dial returns a client connection to target (a "host:port" or a
// "unix:///abs/path"), without TLS, sending token as a bearer token when it
// is not empty, with maxMessageBytes (0 means 64 MiB, the server's default
// limit) as the message limit both ways. A server with a larger limit
// (GetServerInfo's limits.max_message_bytes) sends batches up to it: pass
// that value, or a large pool's batches fail with ResourceExhausted on the
// client's side. opts are appended.
func Dial(target, token string, maxMessageBytes int, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	if maxMessageBytes <= 0 {
		maxMessageBytes = DefaultLimits().MaxMessageBytes
	}
	all := []grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxMessageBytes), grpc.MaxCallSendMsgSize(maxMessageBytes)),
		grpc.WithInitialWindowSize(windowSize),
		grpc.WithInitialConnWindowSize(windowSize),
		grpc.WithReadBufferSize(socketBuffer),
		grpc.WithWriteBufferSize(socketBuffer),
	}
	if token != "" {
		all = append(all, grpc.WithPerRPCCredentials(bearer(token)))
	}
	c, err := grpc.NewClient(target, append(all, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("envrpc: dial %s: %w", target, err)
	}
	return c, nil
}

// bearer is a token sent with every call, over any transport.
type bearer string

// GetRequestMetadata implements credentials.PerRPCCredentials.
func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + string(b)}, nil
}

// RequireTransportSecurity implements credentials.PerRPCCredentials: the
// token may travel over loopback and unix sockets without TLS.
func (bearer) RequireTransportSecurity() bool { return false }

// errNoBatch is returned by a client when a successful response carries no
// batch.
var errNoBatch = errors.New("envrpc: response without a batch")
