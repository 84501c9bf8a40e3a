package envrpc

import (
	"bytes"
	"context"
	"math"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// clock is a settable time source.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// newTestServer returns a Server of Race, closed at the end.
func newTestServer(t *testing.T, opts ...Option) *Server {
	t.Helper()
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	s := New(reg, opts...)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestServer_ExpireIdle(t *testing.T) {
	c := &clock{now: time.Unix(1000, 0)}
	// A long timeout and a fake clock: the reaper goroutine never expires
	// anything on its own during the test; expireIdle is driven by hand.
	s := newTestServer(t, withClock(c.Now), WithLimits(Limits{IdleTimeout: time.Hour}))
	ctx := context.Background()
	newPool := func() string {
		resp, err := s.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2}})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetSpec().GetPoolId()
	}
	idle, busy, used := newPool(), newPool(), newPool()
	c.Add(50 * time.Minute)
	seed := uint64(1)
	if _, err := s.Reset(ctx, &flickv1.ResetRequest{PoolId: used, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	c.Add(20 * time.Minute) // idle and busy: 70 min; used: 20 min
	// A call in flight holds the pool's lock: the reaper leaves it alone.
	s.mu.Lock()
	bp := s.pools[busy]
	s.mu.Unlock()
	bp.mu.Lock()
	s.expireIdle(c.Now())
	bp.mu.Unlock()

	for _, tc := range []struct {
		id   string
		want codes.Code
	}{{idle, codes.NotFound}, {busy, codes.OK}, {used, codes.OK}} {
		_, err := s.Reset(ctx, &flickv1.ResetRequest{PoolId: tc.id, Seed: &seed})
		if status.Code(err) != tc.want {
			t.Errorf("pool %s after expiry: %v, want %v", tc.id, err, tc.want)
		}
	}
	// The expired pool's envs no longer count against the limits.
	s.mu.Lock()
	envs, pools := s.envs, len(s.pools)
	s.mu.Unlock()
	if envs != 4 || pools != 2 {
		t.Errorf("after expiry: %d envs in %d pools, want 4 in 2", envs, pools)
	}
}

func TestServer_ReaperRuns(t *testing.T) {
	s := newTestServer(t, WithLimits(Limits{IdleTimeout: time.Millisecond}))
	ctx := context.Background()
	resp, err := s.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetSpec().GetPoolId()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		_, open := s.pools[id]
		s.mu.Unlock()
		if !open {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("pool still open 10 s after its 1 ms idle timeout")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTensor_Endianness checks the element-by-element path that big-endian
// hosts take against the raw-memory path.
func TestTensor_Endianness(t *testing.T) {
	if !littleEndian {
		t.Skip("the raw path is the little-endian one")
	}
	f := []float32{1.5, float32(math.Inf(-1)), -0, 3e-40}
	i := []int32{-1, 0, 1 << 30}
	l := []int64{-1, 1 << 40}
	u := []uint64{math.MaxUint64, 7}
	b := []bool{true, false, true}
	raw := [][]byte{appendLE(nil, f), appendLE(nil, i), appendLE(nil, l), appendLE(nil, u), appendLE(nil, b)}
	littleEndian = false
	defer func() { littleEndian = true }()
	slow := [][]byte{appendLE(nil, f), appendLE(nil, i), appendLE(nil, l), appendLE(nil, u), appendLE(nil, b)}
	for k := range raw {
		if !bytes.Equal(raw[k], slow[k]) {
			t.Errorf("type %d: raw %x, element by element %x", k, raw[k], slow[k])
		}
	}
	f2, i2, l2, u2, b2 := make([]float32, len(f)), make([]int32, len(i)), make([]int64, len(l)), make([]uint64, len(u)), make([]bool, len(b))
	decodeLE(f2, raw[0])
	decodeLE(i2, raw[1])
	decodeLE(l2, raw[2])
	decodeLE(u2, raw[3])
	decodeLE(b2, raw[4])
	if !slices.Equal(f2, f) || !slices.Equal(i2, i) || !slices.Equal(l2, l) || !slices.Equal(u2, u) || !slices.Equal(b2, b) {
		t.Errorf("element-by-element decode: %v %v %v %v %v", f2, i2, l2, u2, b2)
	}
}

func TestListen(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "env.sock")
	l, err := Listen("unix://" + sock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Listen("unix://" + sock); err == nil {
		t.Error("a second Listen on a live socket succeeded")
	}
	// A socket file left by a dead server is replaced.
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	_ = l.Close()
	if _, err := os.Stat(sock); err != nil {
		t.Fatalf("the stale socket is gone already: %v", err)
	}
	l, err = Listen("unix:" + sock)
	if err != nil {
		t.Fatalf("Listen over a stale socket: %v", err)
	}
	_ = l.Close()
	// A regular file is never removed.
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Listen("unix://" + file); err == nil {
		t.Error("Listen over a regular file succeeded")
	}
	l, err = Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_ = l.Close()
}

// TestLimits_Check is a regression test of issue 14 item 9: negative limits
// were silently replaced by defaults, and a message limit over 2^31 was
// advertised as a negative number. They are refused, naming the field.
func TestLimits_Check(t *testing.T) {
	for _, c := range []struct {
		l    Limits
		want string // "" for valid
	}{
		{Limits{}, ""},
		{DefaultLimits(), ""},
		{Limits{MaxEnvsPerPool: MaxEnvsCap, MaxEnvs: MaxEnvsCap, MaxPools: MaxPoolsCap, MaxMessageBytes: MaxMessageBytesCap, IdleTimeout: -1}, ""},
		{Limits{MaxEnvsPerPool: -1}, "MaxEnvsPerPool -1"},
		{Limits{MaxEnvs: -5}, "MaxEnvs -5"},
		{Limits{MaxPools: -1}, "MaxPools -1"},
		{Limits{MaxPools: MaxPoolsCap + 1}, "MaxPools 65537"},
		{Limits{MaxEnvsPerPool: MaxEnvsCap + 1}, "MaxEnvsPerPool"},
		{Limits{MaxMessageBytes: -1}, "MaxMessageBytes -1"},
		{Limits{MaxMessageBytes: 3_000_000_000}, "MaxMessageBytes 3000000000: want 1024 to 1073741824"},
		{Limits{MaxMessageBytes: 100}, "MaxMessageBytes 100"},
	} {
		err := c.l.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Check(%+v) = %v, want nil", c.l, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Check(%+v) = %v, want an error containing %q", c.l, err, c.want)
		}
		if err == nil {
			if p := c.l.withDefaults().proto(); p.GetMaxMessageBytes() <= 0 || p.GetMaxEnvsPerPool() <= 0 || p.GetMaxPools() <= 0 {
				t.Errorf("limits %+v advertised as %v", c.l, p)
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("WithLimits accepted a negative limit")
		}
	}()
	WithLimits(Limits{MaxPools: -1})
}

// TestEnvServiceInputs checks the request types whose decoding errors the
// codec notes: every EnvService request, and no AgentService one (its
// handlers would never take the note).
func TestEnvServiceInputs(t *testing.T) {
	for _, m := range []proto.Message{&flickv1.GetServerInfoRequest{}, &flickv1.ListGamesRequest{}, &flickv1.CreatePoolRequest{},
		&flickv1.ResetRequest{}, &flickv1.StepRequest{}, &flickv1.ClosePoolRequest{}, &flickv1.SessionRequest{}} {
		if !envServiceInputs[m.ProtoReflect().Descriptor().FullName()] {
			t.Errorf("%T is not an EnvService input", m)
		}
	}
	if len(envServiceInputs) != 7 {
		t.Errorf("%d EnvService inputs, want 7", len(envServiceInputs))
	}
	if envServiceInputs[(&flickv1.ActRequest{}).ProtoReflect().Descriptor().FullName()] {
		t.Error("ActRequest counted as an EnvService input")
	}
}
