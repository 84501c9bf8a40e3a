package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// running is a Main serving in the background.
type running struct {
	addr   net.Addr
	log    *syncBuffer
	cancel context.CancelFunc
	done   chan error
}

// start parses args, runs Main until stop (or the test's end) and returns
// once it serves.
func start(t *testing.T, reg *env.Registry, args ...string) *running {
	t.Helper()
	m := NewMain()
	if err := m.ParseFlags(args, io.Discard); err != nil {
		t.Fatalf("ParseFlags(%q): %v", args, err)
	}
	ready := make(chan net.Addr, 1)
	r := &running{log: &syncBuffer{}, done: make(chan error, 1)}
	m.Registry, m.Stderr, m.Ready = reg, r.log, ready
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { r.done <- m.Run(ctx) }()
	select {
	case r.addr = <-ready:
	case err := <-r.done:
		t.Fatalf("Run: %v\n%s", err, r.log)
	case <-time.After(10 * time.Second):
		t.Fatalf("not serving after 10 s\n%s", r.log)
	}
	t.Cleanup(func() { r.stop(t) })
	return r
}

// stop sends the shutdown (SIGTERM's effect) and waits for Run.
func (r *running) stop(t *testing.T) error {
	t.Helper()
	r.cancel()
	select {
	case err := <-r.done:
		r.done <- err // for a second stop
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("Run did not return 30 s after the shutdown\n%s", r.log)
		return nil
	}
}

// dial connects to r with token.
func (r *running) dial(t *testing.T, target, token string) flickv1.EnvServiceClient {
	t.Helper()
	conn, err := envrpc.Dial(target, token, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return flickv1.NewEnvServiceClient(conn)
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestMain_TCP(t *testing.T) {
	r := start(t, nil, "--listen", "127.0.0.1:0", "--log-format", "json")
	ctx := ctxFor(t)
	conn, err := envrpc.Dial(r.addr.String(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := flickv1.NewEnvServiceClient(conn)
	info, err := c.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if g := info.GetGames(); len(g) == 0 || g[len(g)-1] != race.ID {
		t.Errorf("games %v, want the catalogue's (sorted: race last)", g)
	}
	h, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil || h.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health: %v, %v", h, err)
	}
	resp, err := c.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetSpec().GetPoolId()
	if _, err := c.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: id}); err != nil {
		t.Fatal(err)
	}
	if err := r.stop(t); err != nil {
		t.Fatalf("Run after shutdown: %v", err)
	}
	log := r.log.String()
	for _, want := range []string{
		`"msg":"serving"`,
		`"msg":"pool created","pool":"` + id + `","game":"race-v1","num_envs":2`,
		`"msg":"pool closed","pool":"` + id + `","game":"race-v1","reason":"client"`,
		`"msg":"stopped"`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %s:\n%s", want, log)
		}
	}
}

func TestMain_UnixToken(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "env.sock")
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte("t0ken\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := start(t, nil, "--listen", "unix://"+sock, "--token-file", tokenFile)
	ctx := ctxFor(t)
	for _, c := range []struct {
		token string
		want  codes.Code
	}{{"", codes.Unauthenticated}, {"wrong", codes.Unauthenticated}, {"t0ken", codes.OK}} {
		_, err := r.dial(t, "unix://"+sock, c.token).GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
		if status.Code(err) != c.want {
			t.Errorf("token %q: %v, want %v", c.token, err, c.want)
		}
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left behind after shutdown: %v", err)
	}
}

// slow is a Race env whose Step waits for release once started is
// signalled, so that a call is in flight during the shutdown.
type slow struct {
	*race.Env
	started chan<- struct{}
	release <-chan struct{}
}

func (s *slow) Step(a env.Action) (env.Status, error) {
	s.started <- struct{}{}
	<-s.release
	return s.Env.Step(a)
}

func TestMain_GracefulShutdown(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	reg := env.NewRegistry()
	err := reg.Register("slow/race-v1", func(opts env.Options) (env.Game, error) {
		g, err := race.Factory(opts)
		if err != nil {
			return nil, err
		}
		return &slow{Env: g.(*race.Env), started: started, release: release}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := start(t, reg, "--listen", "127.0.0.1:0")
	ctx := ctxFor(t)
	c := r.dial(t, r.addr.String(), "")
	resp, err := c.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "slow/race-v1", NumEnvs: 1}})
	if err != nil {
		t.Fatal(err)
	}
	pool := resp.GetSpec().GetPoolId()
	seed := uint64(1)
	if _, err := c.Reset(ctx, &flickv1.ResetRequest{PoolId: pool, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	stepped := make(chan error, 1)
	go func() {
		_, err := c.Step(ctx, &flickv1.StepRequest{
			PoolId:     pool,
			Discrete:   &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_INT32, Shape: []int64{1, 2}, Data: make([]byte, 8)},
			Continuous: &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_FLOAT32, Shape: []int64{1, 1}, Data: make([]byte, 4)},
		})
		stepped <- err
	}()
	<-started // the Step is in flight
	stopped := make(chan error, 1)
	go func() { stopped <- r.stop(t) }()
	for !strings.Contains(r.log.String(), "shutting down") {
		time.Sleep(time.Millisecond)
	}
	select {
	case err := <-stopped:
		t.Fatalf("Run returned (%v) while a call was in flight", err)
	default:
	}
	close(release)
	if err := <-stepped; err != nil {
		t.Errorf("the in-flight Step failed: %v", err)
	}
	if err := <-stopped; err != nil {
		t.Errorf("Run: %v", err)
	}
	if log := r.log.String(); !strings.Contains(log, "pool="+pool+" game=slow/race-v1 reason=shutdown") {
		t.Errorf("no shutdown close record for %s:\n%s", pool, log)
	}
}

func TestMain_ParseFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"--listen", "unix:///tmp/x.sock", "--max-pools", "3", "--idle-timeout", "0"}, true},
		{[]string{"--opponent", "bot=127.0.0.1:9"}, true},
		{[]string{"--opponent", "bot"}, false},
		{[]string{"--log-format", "xml"}, false},
		{[]string{"--max-pools", "many"}, false},
		{[]string{"extra"}, false},
		{[]string{"--opponent-timeout", "0s"}, false},
		// Issue 14 item 9: limits out of range are refused, not replaced.
		{[]string{"--max-message-bytes", "3000000000"}, false},
		{[]string{"--max-message-bytes", "-1"}, false},
		{[]string{"--max-message-bytes", "1073741824"}, true},
		{[]string{"--max-pools", "-1"}, false},
		{[]string{"--max-pools", "0"}, false},
		{[]string{"--max-envs", "-5"}, false},
		{[]string{"--max-envs-per-pool", "100000000"}, false},
		{[]string{"--idle-timeout", "-1m"}, false},
		{[]string{"--opponent-timeout", "11m"}, false},
		{[]string{"--opponent-timeout", "2s"}, true},
		// Issue 35 item 7: the CPU budget of one call.
		{[]string{"--max-call-cpu", "-1s"}, false},
		{[]string{"--max-call-cpu", "0"}, true},
		{[]string{"--max-call-cpu", "30s"}, true},
	} {
		m := NewMain()
		err := m.ParseFlags(c.args, io.Discard)
		if (err == nil) != c.ok {
			t.Errorf("ParseFlags(%q) = %v, want ok %v", c.args, err, c.ok)
		}
		if c.ok && c.args[0] == "--listen" && (m.Listen != "unix:///tmp/x.sock" || m.Limits.MaxPools != 3 || m.Limits.IdleTimeout >= 0) {
			t.Errorf("ParseFlags(%q) = %+v", c.args, m)
		}
		if c.ok && c.args[0] == "--max-call-cpu" && (c.args[1] == "0") != (m.Limits.MaxCallCPU < 0) {
			t.Errorf("ParseFlags(%q): MaxCallCPU %v, want no bound (negative) for 0 only", c.args, m.Limits.MaxCallCPU)
		}
		if c.ok && c.args[0] == "--opponent" && m.Opponents["bot"] != "127.0.0.1:9" {
			t.Errorf("ParseFlags(%q): opponents %v", c.args, m.Opponents)
		}
	}
	t.Setenv("FLICKARENA_TOKEN", "from-env")
	m := NewMain()
	if err := m.ParseFlags(nil, io.Discard); err != nil || m.Token != "from-env" {
		t.Errorf("token from $FLICKARENA_TOKEN: %q, %v", m.Token, err)
	}
}

// TestMain_TokenFileRefusesNoToken is the regression test of issue 14 item
// 2: an empty or blank --token-file used to turn authentication off, even
// with --token given. Asking for a token and getting none must refuse to
// start, naming the flag.
func TestMain_TokenFileRefusesNoToken(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty, blank, good := file("empty", ""), file("blank", " \n\t\n"), file("good", "s3cret\n")
	two, huge := file("two", "a b\n"), file("huge", strings.Repeat("x", 5000))
	t.Setenv("FLICKARENA_TOKEN", "")
	for _, c := range []struct {
		args []string
		want string // error part; "" for success
	}{
		{[]string{"--token-file", empty}, "empty or blank"},
		{[]string{"--token-file", blank}, "empty or blank"},
		{[]string{"--token", "x", "--token-file", blank}, "both set"},
		{[]string{"--token", "x", "--token-file", good}, "both set"},
		{[]string{"--token-file", filepath.Join(dir, "missing")}, "--token-file"},
		{[]string{"--token-file", two}, "white space inside"},
		{[]string{"--token-file", huge}, "over 4096 bytes"},
		{[]string{"--token", "   "}, "--token: blank"},
		{[]string{"--token", " x"}, "white space"},
		{[]string{"--token-file", good}, ""},
	} {
		m := NewMain()
		err := m.ParseFlags(c.args, io.Discard)
		switch {
		case c.want == "" && (err != nil || m.Token != "s3cret"):
			t.Errorf("ParseFlags(%q) = %v, token %q; want token s3cret", c.args, err, m.Token)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("ParseFlags(%q) = %v (a token of %d bytes); want an error containing %q", c.args, err, len(m.Token), c.want)
		}
	}
	t.Setenv("FLICKARENA_TOKEN", " \t")
	if err := NewMain().ParseFlags(nil, io.Discard); err == nil || !strings.Contains(err.Error(), "FLICKARENA_TOKEN") {
		t.Errorf("a blank $FLICKARENA_TOKEN: %v, want an error naming it", err)
	}
}
