package envrpc_test

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Modes of a moody agent.
const (
	playRandom  int32 = iota // a random legal move drawn from the request's seed
	playIllegal              // move 99, out of range
	playHang                 // no answer until the call's context ends or the test ends
	playBarrier              // no answer until `need` calls are in flight at once
)

// moody is a fake AgentService that plays as its mode says.
type moody struct {
	flickv1.UnimplementedAgentServiceServer
	mode    atomic.Int32
	release chan struct{} // closed by stop: hanging calls return
	stopped sync.Once

	need     int           // playBarrier: calls in flight before any answer
	mu       sync.Mutex    // guards inFlight
	inFlight int           // playBarrier
	full     chan struct{} // closed once need calls were in flight at once
}

func newMoody(mode int32) *moody {
	m := &moody{release: make(chan struct{}), full: make(chan struct{})}
	m.mode.Store(mode)
	return m
}

// stop ends every hanging call, now and later. Tests register it after
// the server's cleanup, so that it runs first: a server waiting for the
// bot could not stop.
func (m *moody) stop() { m.stopped.Do(func() { close(m.release) }) }

func (m *moody) Act(ctx context.Context, req *flickv1.ActRequest) (*flickv1.ActResponse, error) {
	spec := envrpc.EnvSpec(req.GetGame())
	switch m.mode.Load() {
	case playHang:
		select {
		case <-ctx.Done():
			return nil, status.FromContextError(ctx.Err()).Err()
		case <-m.release:
			return nil, status.Error(codes.Unavailable, "test over")
		}
	case playBarrier:
		m.mu.Lock()
		m.inFlight++
		if m.inFlight == m.need {
			close(m.full)
		}
		m.mu.Unlock()
		select {
		case <-m.full:
		case <-ctx.Done():
			return nil, status.FromContextError(ctx.Err()).Err()
		}
	}
	seed := binary.LittleEndian.Uint64(req.GetSeed().GetData())
	rng := rand.New(rand.NewPCG(seed, 7))
	mask := req.GetActionMask().GetData()
	disc := make([]int32, len(spec.Heads))
	for h, hd := range spec.Heads {
		var allowed []int32
		for v := range hd.N {
			if mask[spec.MaskOffset(h)+v] != 0 {
				allowed = append(allowed, int32(v))
			}
		}
		disc[h] = allowed[rng.IntN(len(allowed))]
	}
	disc[0] = []int32{0, 3}[rng.IntN(2)] // gain or pass: always legal in Race
	if m.mode.Load() == playIllegal {
		disc[0] = 99
	}
	cont := make([]float32, len(spec.Dims))
	for d, dm := range spec.Dims {
		cont[d] = dm.Low + rng.Float32()*(dm.High-dm.Low)
	}
	return &flickv1.ActResponse{
		Discrete:   envrpctest.Tensor(disc, 1, int64(len(disc))),
		Continuous: envrpctest.Tensor(cont, 1, int64(len(cont))),
	}, nil
}

// singleAgent returns a pool config of n Race envs against opponent "bot".
func singleAgent(n int32) *flickv1.PoolConfig {
	return &flickv1.PoolConfig{GameId: race.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "bot"}
}

// opponentMoves returns how many of n Race envs reset with seed start
// with seat 1, so that the opponent plays during the Reset.
func opponentMoves(t *testing.T, n int, seed uint64) int {
	t.Helper()
	v, err := env.NewVector(race.Factory, env.Config{NumEnvs: n})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b, err := v.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for _, p := range b.CurrentPlayer {
		if p != 0 {
			k++
		}
	}
	return k
}

// TestOpponent_IllegalIsTheServersFault is a regression test of issue 14
// item 6: the remote opponent's illegal action came back as
// INVALID_ARGUMENT "env -1", blaming the client. It is INTERNAL, naming the
// opponent and the env, on unary calls and in a Session.
func TestOpponent_IllegalIsTheServersFault(t *testing.T) {
	const n, seed = 8, 3
	if opponentMoves(t, n, seed) == 0 {
		t.Fatal("no env starts with the opponent: pick another seed")
	}
	bot := newMoody(playIllegal)
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("bot", envrpc.NewAgentPolicy(serveAgent(t, bot), 5*time.Second)))
	t.Cleanup(bot.stop)
	for _, session := range []bool{false, true} {
		r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, singleAgent(n), session)
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Reset(seed)
		wantCode(t, "an illegal opponent move", err, codes.Internal, "reset: env ", `opponent "bot" failed`, "seat 1", "illegal action", `"move"`)
		if strings.Contains(status.Convert(err).Message(), "env -1") {
			t.Errorf("the error still says env -1: %v", err)
		}
		_ = r.Close()
	}
}

// TestOpponent_HonoursTheClientsDeadline is a regression test of issue 14
// item 6: a silent opponent held Reset for its own timeout, env after env,
// whatever the client's deadline. The call ends with the client's
// deadline, naming the opponent, and the pool is free for the next call,
// whose envs start over.
func TestOpponent_HonoursTheClientsDeadline(t *testing.T) {
	const n, seed = 8, 3
	if opponentMoves(t, n, seed) == 0 {
		t.Fatal("no env starts with the opponent: pick another seed")
	}
	bot := newMoody(playHang)
	// The bot's own bound is far away: only the client's deadline can end
	// the call.
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("bot", envrpc.NewAgentPolicy(serveAgent(t, bot), time.Hour)))
	t.Cleanup(bot.stop)
	resp, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: singleAgent(n)})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		s := uint64(seed)
		_, err := e.Server.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: &s})
		done <- err
	}()
	select {
	case err := <-done:
		wantCode(t, "Reset past the client's deadline", err, codes.DeadlineExceeded, `opponent "bot"`)
	case <-time.After(20 * time.Second): // a hang detector, not a timing
		t.Fatal("Reset still waits for the silent opponent long after the client's deadline")
	}
	bot.mode.Store(playRandom)
	s := uint64(seed)
	b, err := e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Seed: &s})
	if err != nil {
		t.Fatalf("Reset once the opponent plays again: %v", err)
	}
	for i, p := range envrpctest.DecodeInt32(b.GetBatch().GetCurrentPlayer()) {
		if p != 0 {
			t.Errorf("env %d waits for seat %d after Reset in the single-agent view", i, p)
		}
	}
}

// TestOpponent_EnvsWaitTogether is a regression test of issue 14 item 6:
// the envs of a pool waited for a remote opponent one after another (as
// many at once as the machine had cores). Every env whose opponent must
// move calls it at once: the bot answers no call before all of them are in
// flight.
func TestOpponent_EnvsWaitTogether(t *testing.T) {
	const n, seed = 32, 3
	bot := newMoody(playBarrier)
	bot.need = opponentMoves(t, n, seed)
	if bot.need < 8 {
		t.Fatalf("only %d envs start with the opponent: pick another seed", bot.need)
	}
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("bot", envrpc.NewAgentPolicy(serveAgent(t, bot), 5*time.Second)))
	t.Cleanup(bot.stop)
	r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, singleAgent(n), true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Reset(seed); err != nil {
		t.Fatalf("Reset with %d envs waiting for the opponent: %v", bot.need, err)
	}
}

// TestOpponent_Deterministic checks that the concurrent calls to a remote
// opponent change no result: a pool served over the wire (its envs calling
// the bot concurrently) and a local Vector of one worker playing the same
// bot give the same trajectories, state hash for state hash.
func TestOpponent_Deterministic(t *testing.T) {
	const n, seed, steps = 16, 11, 40
	bot := newMoody(playRandom)
	policy := envrpc.NewAgentPolicy(serveAgent(t, bot), 5*time.Second)
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("bot", policy))
	t.Cleanup(bot.stop)
	r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, singleAgent(n), true)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	local, err := env.NewVector(race.Factory, env.Config{NumEnvs: n, View: env.SingleAgent, Opponent: policy, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	got, err := r.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := local.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	act := r.Spec().NewActions(n)
	rng := rand.New(rand.NewPCG(seed, 1))
	for step := range steps {
		if d := envrpctest.DiffBatch(got, want); d != "" {
			t.Fatalf("step %d: the remote pool differs from the local Vector:\n%s", step, d)
		}
		for i := range n {
			act.Discrete[2*i] = []int32{0, 3}[rng.IntN(2)]
			act.Continuous[i] = rng.Float32()*2 - 1
		}
		if got, err = r.Step(act); err != nil {
			t.Fatal(err)
		}
		if want, err = local.Step(act); err != nil {
			t.Fatal(err)
		}
	}
}
