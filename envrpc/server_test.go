package envrpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/mem"
	reflectionpb "google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// testCtx returns a context for one test's calls.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// wantCode fails the test unless err has code and its message contains
// every part.
func wantCode(t *testing.T, what string, err error, code codes.Code, parts ...string) {
	t.Helper()
	if status.Code(err) != code {
		t.Errorf("%s: got %v, want %v", what, err, code)
		return
	}
	for _, p := range parts {
		if msg := status.Convert(err).Message(); !strings.Contains(msg, p) {
			t.Errorf("%s: message %q does not contain %q", what, msg, p)
		}
	}
}

// create creates a Race pool of n envs and returns its id.
func create(t *testing.T, c flickv1.EnvServiceClient, n int32) string {
	t.Helper()
	resp, err := c.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: n}})
	if err != nil {
		t.Fatalf("CreatePool(%d envs): %v", n, err)
	}
	return resp.GetSpec().GetPoolId()
}

func TestServer_Limits(t *testing.T) {
	limits := envrpc.Limits{MaxEnvsPerPool: 8, MaxEnvs: 12, MaxPools: 3, MaxMessageBytes: 2048}
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithLimits(limits))
	ctx := testCtx(t)
	info, err := e.Client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if l := info.GetLimits(); l.GetMaxEnvsPerPool() != 8 || l.GetMaxPools() != 3 || l.GetMaxMessageBytes() != 2048 || l.GetIdleTimeoutSeconds() != 600 {
		t.Errorf("advertised limits %v, want 8 envs per pool, 3 pools, 2048 bytes, 600 s idle", l)
	}
	tooBig := &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 8, ObserveAllSeats: true, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP}}
	_, err = e.Client.CreatePool(ctx, tooBig)
	wantCode(t, "a batch over the message limit", err, codes.ResourceExhausted, "config.num_envs", "message limit")

	_, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 9}})
	wantCode(t, "9 envs in a pool", err, codes.ResourceExhausted, "config.num_envs", "8 envs per pool")

	a := create(t, e.Client, 8)
	_, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 5}})
	wantCode(t, "13 envs in all", err, codes.ResourceExhausted, "config.num_envs", "12 envs")
	create(t, e.Client, 2)
	create(t, e.Client, 2)
	_, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}})
	wantCode(t, "a fourth pool", err, codes.ResourceExhausted, "3 open pools")

	// Closing a pool frees its share.
	if _, err := e.Client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: a}); err != nil {
		t.Fatal(err)
	}
	create(t, e.Client, 8)
	_, err = e.Client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: a})
	wantCode(t, "closing a closed pool", err, codes.NotFound, "close_pool.pool_id", a)
}

// faulty is a Race env that fails in the way its kind says, in the env
// made third by its factory (env 2 of the first pool).
type faulty struct {
	*race.Env
	kind  string
	armed bool
}

func (f *faulty) Step(a env.Action) (env.Status, error) {
	if f.armed {
		switch f.kind {
		case "step-panic":
			panic("boom in step")
		case "step-error":
			return env.Running, errors.New("physics exploded")
		}
	}
	return f.Env.Step(a)
}

func (f *faulty) Validate(a env.Action) error {
	if f.armed && f.kind == "validate-panic" {
		panic("boom in validate")
	}
	return f.Env.Validate(a)
}

// faultyFactory returns the factory of games of kind; the third game it
// makes is armed.
func faultyFactory(kind string) env.Factory {
	var made atomic.Int64
	return func(opts env.Options) (env.Game, error) {
		if kind == "factory-panic" {
			panic("boom in factory")
		}
		g, err := race.Factory(opts)
		if err != nil {
			return nil, err
		}
		return &faulty{Env: g.(*race.Env), kind: kind, armed: made.Add(1) == 4}, nil // the probe is the first
	}
}

func TestServer_GameFault(t *testing.T) {
	kinds := []string{"step-panic", "step-error", "validate-panic"}
	reg := raceRegistry(t)
	for _, k := range append(kinds, "factory-panic") {
		if err := reg.Register("faulty/"+k+"-v1", faultyFactory(k)); err != nil {
			t.Fatal(err)
		}
	}
	e := envrpctest.NewServer(t, reg)
	ctx := testCtx(t)
	healthy := create(t, e.Client, 2)
	seed := uint64(3)

	_, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "faulty/factory-panic-v1", NumEnvs: 4}})
	wantCode(t, "a factory that panics", err, codes.Internal, "panic")

	for _, k := range kinds {
		t.Run(k, func(t *testing.T) {
			r, err := envrpc.NewRemoteVector(ctx, e.Conn, &flickv1.PoolConfig{GameId: "faulty/" + k + "-v1", NumEnvs: 4}, false)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if _, err := r.Reset(seed); err != nil {
				t.Fatalf("Reset: %v", err)
			}
			_, err = r.Step(r.Spec().NewActions(4))
			wantCode(t, "Step with a failing game", err, codes.Internal, "env 2", "game failed")
			// The server goes on: other pools, server info, and this pool
			// after a Reset.
			if _, err := e.Client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{}); err != nil {
				t.Fatalf("GetServerInfo after a game fault: %v", err)
			}
			if _, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: healthy, Seed: &seed}); err != nil {
				t.Fatalf("another pool after a game fault: %v", err)
			}
			b, err := r.Reset(seed)
			if err != nil {
				t.Fatalf("Reset after a game fault: %v", err)
			}
			if b.Truncated[2] || b.Done(0) {
				t.Errorf("after Reset: truncated %v", b.Truncated)
			}
		})
	}
}

func TestServer_Token(t *testing.T) {
	const token = "s3cret"
	e := envrpctest.NewServerWithToken(t, raceRegistry(t), token)
	ctx := testCtx(t)
	if _, err := e.Client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{}); err != nil {
		t.Fatalf("with the token: %v", err)
	}
	for _, c := range []struct{ name, token string }{{"no token", ""}, {"wrong token", "guess"}} {
		conn := e.Dial(t, c.token)
		client := flickv1.NewEnvServiceClient(conn)
		_, err := client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
		wantCode(t, c.name+": GetServerInfo", err, codes.Unauthenticated, "authorization")
		_, err = client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}})
		wantCode(t, c.name+": CreatePool", err, codes.Unauthenticated, "authorization")
		st, err := client.Session(ctx)
		if err == nil {
			_, err = st.Recv()
		}
		wantCode(t, c.name+": Session", err, codes.Unauthenticated, "authorization")
		refl, err := reflectionpb.NewServerReflectionClient(conn).ServerReflectionInfo(ctx)
		if err == nil {
			_ = refl.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}})
			_, err = refl.Recv()
		}
		wantCode(t, c.name+": reflection", err, codes.Unauthenticated)
		// Health checks need no token.
		h, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: "flickarena.v1.EnvService"})
		if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_SERVING {
			t.Errorf("%s: health check: %v, %v", c.name, h, err)
		}
	}
}

func TestServer_Reflection(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	st, err := reflectionpb.NewServerReflectionClient(e.Conn).ServerReflectionInfo(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Send(&reflectionpb.ServerReflectionRequest{MessageRequest: &reflectionpb.ServerReflectionRequest_ListServices{}}); err != nil {
		t.Fatal(err)
	}
	resp, err := st.Recv()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range resp.GetListServicesResponse().GetService() {
		names = append(names, s.GetName())
	}
	for _, want := range []string{"flickarena.v1.EnvService", "grpc.health.v1.Health"} {
		if !strings.Contains(strings.Join(names, " "), want) {
			t.Errorf("reflection lists %v, want %s", names, want)
		}
	}
}

// recorder is a Logger that keeps its records.
type recorder struct {
	mu      sync.Mutex
	records []string // "msg key=value ..."
}

func (r *recorder) add(msg string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	b.WriteString(msg)
	for i := 0; i+1 < len(args); i += 2 {
		fmt.Fprintf(&b, " %v=%v", args[i], args[i+1])
	}
	r.records = append(r.records, b.String())
}

func (r *recorder) Info(msg string, args ...any)  { r.add(msg, args...) }
func (r *recorder) Error(msg string, args ...any) { r.add(msg, args...) }

// find returns the records containing every part.
func (r *recorder) find(parts ...string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, rec := range r.records {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(rec, p)
		}
		if ok {
			out = append(out, rec)
		}
	}
	return out
}

func TestServer_DrainAndLog(t *testing.T) {
	log := &recorder{}
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithLogger(log))
	ctx := testCtx(t)
	unary := create(t, e.Client, 2)
	closed := create(t, e.Client, 1)
	if _, err := e.Client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: closed}); err != nil {
		t.Fatal(err)
	}
	// A session with a pool, and a session's pool closed with it.
	r, err := envrpc.NewRemoteVector(ctx, e.Conn, &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 3}, true)
	if err != nil {
		t.Fatal(err)
	}
	ended, err := envrpc.NewRemoteVector(ctx, e.Conn, &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}, true)
	if err != nil {
		t.Fatal(err)
	}
	st := ended.PoolSpec().GetPoolId()
	if _, err := r.Reset(1); err != nil {
		t.Fatal(err)
	}

	e.Server.Drain()
	_, err = r.Step(r.Spec().NewActions(3))
	wantCode(t, "a session after Drain", err, codes.Unavailable, "shutting down")
	_, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}})
	wantCode(t, "CreatePool after Drain", err, codes.Unavailable)
	seed := uint64(1)
	if _, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: unary, Seed: &seed}); err != nil {
		t.Errorf("a unary pool after Drain: %v", err)
	}
	h, err := healthpb.NewHealthClient(e.Conn).Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Errorf("health after Drain: %v, %v; want NOT_SERVING", h, err)
	}
	if err := e.Server.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: unary, Seed: &seed})
	wantCode(t, "Reset after Close", err, codes.Unavailable)

	for _, c := range []struct {
		pool   string
		reason string
	}{
		{unary, "reason=shutdown"},
		{closed, "reason=client"},
		{st, "reason=session ended"},
	} {
		if len(log.find("pool created", "pool="+c.pool, "game="+race.ID)) != 1 {
			t.Errorf("no creation record for %s in %q", c.pool, log.records)
		}
		if len(log.find("pool closed", "pool="+c.pool, c.reason)) != 1 {
			t.Errorf("no %s record for %s in %q", c.reason, c.pool, log.records)
		}
	}
}

// agent is a fake AgentService: it plays the first allowed value of each
// head and the middle of each dim, and records what it was sent.
type agent struct {
	flickv1.UnimplementedAgentServiceServer
	calls   atomic.Int64
	players sync.Map // seats it was asked to play
	bad     bool     // answer with a wrong shape
}

func (a *agent) Act(_ context.Context, req *flickv1.ActRequest) (*flickv1.ActResponse, error) {
	a.calls.Add(1)
	spec := envrpc.EnvSpec(req.GetGame())
	mask := req.GetActionMask().GetData()
	for _, p := range envrpctest.DecodeInt32(req.GetPlayer()) {
		a.players.Store(p, true)
	}
	var disc []int32
	for h, hd := range spec.Heads {
		off := spec.MaskOffset(h)
		v := 0
		for v < hd.N-1 && mask[off+v] == 0 {
			v++
		}
		disc = append(disc, int32(v))
	}
	var cont []float32
	for _, d := range spec.Dims {
		cont = append(cont, (d.Low+d.High)/2)
	}
	if a.bad {
		cont = append(cont, 0)
	}
	return &flickv1.ActResponse{
		Discrete:   envrpctest.Tensor(disc, 1, int64(len(spec.Heads))),
		Continuous: envrpctest.Tensor(cont, 1, int64(len(cont))),
	}, nil
}

func (a *agent) GetAgentInfo(context.Context, *flickv1.GetAgentInfoRequest) (*flickv1.GetAgentInfoResponse, error) {
	return &flickv1.GetAgentInfoResponse{Name: "first-legal"}, nil
}

func TestAgentPolicy(t *testing.T) {
	for _, bad := range []bool{false, true} {
		t.Run(fmt.Sprintf("bad=%v", bad), func(t *testing.T) {
			a := &agent{bad: bad}
			conn := serveAgent(t, a)
			policy := envrpc.NewAgentPolicy(conn, 5*time.Second)
			info, err := policy.Info(testCtx(t))
			if err != nil || info.GetName() != "first-legal" {
				t.Fatalf("Info: %v, %v", info, err)
			}
			e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("remote", policy))
			r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, &flickv1.PoolConfig{
				GameId: race.ID, NumEnvs: 4, View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "remote",
			}, true)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			b, err := r.Reset(5)
			if bad {
				wantCode(t, "an agent answering the wrong shape", err, codes.Internal, "opponent", "act.continuous")
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for i := range 4 {
				if b.CurrentPlayer[i] != 0 {
					t.Fatalf("reset env %d waits for seat %d in the single-agent view", i, b.CurrentPlayer[i])
				}
			}
			act := r.Spec().NewActions(4)
			rng := rand.New(rand.NewPCG(1, 2))
			for range 20 {
				for i := range 4 {
					act.Discrete[2*i] = int32(rng.IntN(2) * 3) // gain or pass: always legal
					act.Continuous[i] = 0
				}
				if b, err = r.Step(act); err != nil {
					t.Fatal(err)
				}
				for i := range 4 {
					if !b.Done(i) && b.CurrentPlayer[i] != 0 {
						t.Fatalf("env %d waits for seat %d in the single-agent view", i, b.CurrentPlayer[i])
					}
				}
			}
			if a.calls.Load() == 0 {
				t.Fatal("the agent was never called")
			}
			if _, ok := a.players.Load(int32(1)); !ok {
				t.Errorf("the agent was never asked to play seat 1")
			}
			if _, ok := a.players.Load(int32(0)); ok {
				t.Errorf("the agent was asked to play seat 0, the client's")
			}
		})
	}
}

func TestRemoteVector_Closed(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	for _, session := range []bool{false, true} {
		r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}, session)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := r.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
		_, err = r.Reset(1)
		wantCode(t, "Reset after Close", err, codes.FailedPrecondition, "closed")
		_, err = e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: r.PoolSpec().GetPoolId()})
		wantCode(t, "the pool after Close", err, codes.NotFound)
	}
}

// TestSession_ServerEnds checks that a client sees the status of a session
// the server ended.
func TestSession_ServerEnds(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	st, err := e.Client.Session(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	e.Server.Drain()
	_, err = st.Recv()
	if errors.Is(err, io.EOF) || status.Code(err) != codes.Unavailable {
		t.Errorf("Recv on a drained session: %v, want Unavailable", err)
	}
}

// serveAgent serves a over an in-memory listener and returns a connection.
func serveAgent(t *testing.T, a flickv1.AgentServiceServer) *grpc.ClientConn {
	t.Helper()
	g := grpc.NewServer()
	flickv1.RegisterAgentServiceServer(g, a)
	lis := bufconn.Listen(1 << 20)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	conn, err := grpc.NewClient("passthrough:///agent",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// TestSession_CancelledPipelinesReleasePools is issue 14 item 1 over a
// real connection: clients that pipeline requests on a Session and cancel
// it mid-stream leave no pool behind, so that a server with no idle expiry
// and room for exactly their pools accepts as many new pools once they
// are gone.
func TestSession_CancelledPipelinesReleasePools(t *testing.T) {
	const sessions, pipelined = 30, 64
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithLimits(envrpc.Limits{MaxPools: sessions, IdleTimeout: -1}))
	var wg sync.WaitGroup
	for k := range sessions {
		wg.Go(func() {
			ctx, cancel := context.WithCancel(testCtx(t))
			defer cancel()
			st, err := e.Client.Session(ctx)
			if err != nil {
				t.Error(err)
				return
			}
			create := &flickv1.SessionRequest{RequestId: 1, Kind: &flickv1.SessionRequest_CreatePool{
				CreatePool: &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 64}}}}
			if err := st.Send(create); err != nil {
				t.Error(err)
				return
			}
			resp, err := st.Recv()
			if err != nil || resp.GetError() != nil {
				t.Errorf("create_pool: %v %v", resp.GetError(), err)
				return
			}
			pid := resp.GetCreatePool().GetSpec().GetPoolId()
			for i := range pipelined {
				seed := uint64(i)
				r := &flickv1.SessionRequest{RequestId: uint64(2 + i), Kind: &flickv1.SessionRequest_Reset_{Reset_: &flickv1.ResetRequest{PoolId: pid, Seed: &seed}}}
				if st.Send(r) != nil {
					break
				}
				if i == pipelined/2 {
					// Read some answers, so that the server is between
					// a Send and the next request when the client goes.
					for range k % 4 {
						_, _ = st.Recv()
					}
				}
			}
			cancel()
		})
	}
	wg.Wait()
	// Every session's pool is closed once its handler ends; then the
	// server takes `sessions` new pools. Poll: the handlers end
	// asynchronously after the cancellations.
	ctx := testCtx(t)
	for {
		var ids []string
		var err error
		for range sessions {
			var resp *flickv1.CreatePoolResponse
			resp, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}})
			if err != nil {
				break
			}
			ids = append(ids, resp.GetSpec().GetPoolId())
		}
		if err == nil {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("the pools of cancelled sessions were never released: only %d of %d new pools fit", len(ids), sessions)
		}
		if status.Code(err) != codes.ResourceExhausted {
			t.Fatalf("CreatePool after the sessions left: %v", err)
		}
		for _, id := range ids {
			if _, err := e.Client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: id}); err != nil {
				t.Fatal(err)
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the pools of cancelled sessions were never released: only %d of %d new pools fit", len(ids), sessions)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// rawCodec sends and receives messages as raw bytes, to put malformed
// protobuf on the wire.
type rawCodec struct{}

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

func (rawCodec) Name() string { return "proto" }

// TestServer_MalformedProtobuf is the regression test of issue 14 item 12:
// bytes that are not a valid message of the method's request type are the
// client's fault, INVALID_ARGUMENT as the proto promises (gRPC's own
// answer is INTERNAL), on unary calls and on a Session; the server goes
// on serving.
func TestServer_MalformedProtobuf(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	raw := grpc.ForceCodecV2(rawCodec{})
	for _, bad := range []struct {
		name  string
		bytes []byte
	}{
		{"a truncated varint", []byte{0x08, 0xff}},
		{"a length past the end", []byte{0x0a, 0x7f, 0x01}},
		{"an invalid wire type", []byte{0x0f}},
		{"field number 0", []byte{0x00, 0x01}},
		{"invalid UTF-8 in a string", []byte{0x0a, 0x02, 0xff, 0xfe}}, // ClosePoolRequest.pool_id
	} {
		for _, method := range []string{"CreatePool", "Reset", "Step", "ClosePool", "ListGames"} {
			if bad.name == "invalid UTF-8 in a string" && method != "ClosePool" {
				continue
			}
			in, out := bad.bytes, []byte(nil)
			err := e.Conn.Invoke(ctx, "/flickarena.v1.EnvService/"+method, &in, &out, raw)
			wantCode(t, method+" with "+bad.name, err, codes.InvalidArgument, "not a valid protobuf flickarena.v1."+method+"Request")
		}
		if bad.name == "invalid UTF-8 in a string" {
			continue // field 1 of a SessionRequest is not a string
		}
		st, err := e.Conn.NewStream(ctx, &flickv1.EnvService_ServiceDesc.Streams[0], "/flickarena.v1.EnvService/Session", raw)
		if err != nil {
			t.Fatal(err)
		}
		in, out := bad.bytes, []byte(nil)
		if err := st.SendMsg(&in); err != nil {
			t.Fatal(err)
		}
		wantCode(t, "Session with "+bad.name, st.RecvMsg(&out), codes.InvalidArgument, "not a valid protobuf flickarena.v1.SessionRequest")
	}
	if _, err := e.Client.ListGames(ctx, &flickv1.ListGamesRequest{}); err != nil {
		t.Errorf("ListGames after the malformed requests: %v", err)
	}
}

// TestServer_ListGamesOptions checks that ListGames lists each game's
// options (issue 14: a client needs them without the Go docs), as the
// Race declares them, and that the listed range is the one enforced.
func TestServer_ListGamesOptions(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	resp, err := e.Client.ListGames(ctx, &flickv1.ListGamesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.GetGames()) != 1 {
		t.Fatalf("ListGames: %v, want Race only", resp)
	}
	type opt struct {
		key      string
		typ      flickv1.OptionType
		min, max float64
		def      string
	}
	var got []opt
	for _, o := range resp.GetGames()[0].GetOptions() {
		got = append(got, opt{o.GetKey(), o.GetType(), o.GetMin(), o.GetMax(), o.GetDefaultValue()})
		if o.GetDoc() == "" {
			t.Errorf("option %s has no doc", o.GetKey())
		}
	}
	want := []opt{
		{"players", flickv1.OptionType_OPTION_TYPE_INT, 2, 5, "2"},
		{"rounds", flickv1.OptionType_OPTION_TYPE_INT, 1, 1000, "5"},
		{"noise", flickv1.OptionType_OPTION_TYPE_FLOAT, 0, 1, "0.1"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Race options\n%v\nwant\n%v", got, want)
	}
	_, err = e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, Options: map[string]string{"players": "6"}}})
	wantCode(t, "players=6", err, codes.InvalidArgument, "config.options", `option players: "6": want an integer from 2 to 5`)
}
