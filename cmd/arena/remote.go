package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// infoTimeout bounds the GetAgentInfo handshake with a remote bot.
const infoTimeout = 10 * time.Second

// remoteBot is a bot served by an AgentService at an address: an arena.Bot
// (and arena.ContextActor) whose every decision is one Act call with one
// position. It is safe for concurrent use, as a gRPC connection is.
type remoteBot struct {
	addr    string
	conn    *grpc.ClientConn
	client  flickv1.AgentServiceClient
	name    string
	version string
	games   []string // the game ids it plays; empty means any
}

// dialRemote connects to the AgentService at addr (HOST:PORT, or any gRPC
// target such as unix:///path) and asks the bot its name, version and
// games. Close the bot when done.
func dialRemote(ctx context.Context, addr string) (*remoteBot, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, fmt.Errorf("remote bot at %s: %w", addr, err)
	}
	b := &remoteBot{addr: addr, conn: conn, client: flickv1.NewAgentServiceClient(conn)}
	ictx, cancel := context.WithTimeout(ctx, infoTimeout)
	defer cancel()
	info, err := b.client.GetAgentInfo(ictx, &flickv1.GetAgentInfoRequest{})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("remote bot at %s: no answer to GetAgentInfo: %w", addr, err)
	}
	b.name, b.version, b.games = info.GetName(), info.GetVersion(), info.GetGames()
	if b.name == "" {
		conn.Close()
		return nil, fmt.Errorf("remote bot at %s: it gave no name", addr)
	}
	if b.version == "" {
		b.version = "unversioned"
	}
	return b, nil
}

// Name returns the name the bot gave.
func (b *remoteBot) Name() string { return b.name }

// Version returns the version the bot gave.
func (b *remoteBot) Version() string { return b.version }

// Close closes the connection.
func (b *remoteBot) Close() error { return b.conn.Close() }

// plays reports whether the bot says it plays game id.
func (b *remoteBot) plays(id string) bool { return len(b.games) == 0 || slices.Contains(b.games, id) }

// Act implements env.Policy, without a deadline of its own.
func (b *remoteBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.ActContext(context.Background(), dst, t, rng)
}

// ActContext implements arena.ContextActor: one Act call with the position
// t, seeded from rng. A lost connection wraps arena.ErrDisconnected and an
// expired deadline context.DeadlineExceeded; a malformed answer is an
// error (the bot's crash).
func (b *remoteBot) ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error {
	req := &flickv1.ActRequest{
		Game:       wireSpec(t.Spec),
		Player:     &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_INT32, Shape: []int64{1}, Data: binary.LittleEndian.AppendUint32(nil, uint32(t.Player))},
		Obs:        float32Tensor(t.Obs),
		ActionMask: boolTensor(t.Mask),
		Seed:       &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_UINT64, Shape: []int64{1}, Data: binary.LittleEndian.AppendUint64(nil, rng.Uint64())},
	}
	resp, err := b.client.Act(ctx, req)
	if err != nil {
		switch status.Code(err) {
		case codes.Unavailable:
			return fmt.Errorf("%s: %w: %v", b.addr, arena.ErrDisconnected, err)
		case codes.DeadlineExceeded:
			return fmt.Errorf("%s: %w", b.addr, context.DeadlineExceeded)
		}
		return fmt.Errorf("%s: %w", b.addr, err)
	}
	heads, dims := len(t.Spec.Heads), len(t.Spec.Dims)
	if err := checkTensor(resp.GetDiscrete(), "discrete", flickv1.DType_DTYPE_INT32, heads); err != nil {
		return fmt.Errorf("%s: malformed answer: %w", b.addr, err)
	}
	if err := checkTensor(resp.GetContinuous(), "continuous", flickv1.DType_DTYPE_FLOAT32, dims); err != nil {
		return fmt.Errorf("%s: malformed answer: %w", b.addr, err)
	}
	for h := range heads {
		dst.Discrete[h] = int32(binary.LittleEndian.Uint32(resp.GetDiscrete().GetData()[4*h:]))
	}
	for d := range dims {
		dst.Continuous[d] = math.Float32frombits(binary.LittleEndian.Uint32(resp.GetContinuous().GetData()[4*d:]))
	}
	return nil
}

// checkTensor checks that t holds one row of width 4-byte elements of
// dtype; a missing tensor is accepted for width 0.
func checkTensor(t *flickv1.Tensor, field string, dtype flickv1.DType, width int) error {
	if t == nil && width == 0 {
		return nil
	}
	switch {
	case t == nil:
		return fmt.Errorf("%s: missing", field)
	case t.GetDtype() != dtype:
		return fmt.Errorf("%s: dtype %v, want %v", field, t.GetDtype(), dtype)
	case !slices.Equal(t.GetShape(), []int64{1, int64(width)}):
		return fmt.Errorf("%s: shape %v, want [1 %d]", field, t.GetShape(), width)
	case len(t.GetData()) != 4*width:
		return fmt.Errorf("%s: %d bytes, want %d", field, len(t.GetData()), 4*width)
	}
	return nil
}

// float32Tensor encodes x as a [1, len(x)] float32 tensor.
func float32Tensor(x []float32) *flickv1.Tensor {
	data := make([]byte, 0, 4*len(x))
	for _, v := range x {
		data = binary.LittleEndian.AppendUint32(data, math.Float32bits(v))
	}
	return &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_FLOAT32, Shape: []int64{1, int64(len(x))}, Data: data}
}

// boolTensor encodes x as a [1, len(x)] bool tensor, one byte per value.
func boolTensor(x []bool) *flickv1.Tensor {
	data := make([]byte, len(x))
	for i, v := range x {
		if v {
			data[i] = 1
		}
	}
	return &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_BOOL, Shape: []int64{1, int64(len(x))}, Data: data}
}

// wireSpec returns the wire form of a game's spec.
// TODO(issue 7): use envrpc's conversion once that package is committed.
func wireSpec(s *env.Spec) *flickv1.GameSpec {
	g := &flickv1.GameSpec{
		Id:              s.ID,
		NumPlayers:      int32(s.NumPlayers),
		MaxEpisodeSteps: int32(s.MaxEpisodeSteps),
		ObsSize:         int32(s.ObsSize()),
		MaskSize:        int32(s.MaskSize()),
		BoxSize:         int32(s.BoxSize()),
	}
	for _, f := range s.Obs {
		g.Obs = append(g.Obs, &flickv1.ObsField{Name: f.Name, Size: int32(f.Size), Low: f.Low, High: f.High, Doc: f.Doc})
	}
	for _, h := range s.Heads {
		g.Heads = append(g.Heads, &flickv1.ActionHead{Name: h.Name, N: int32(h.N), Values: h.Values})
	}
	for _, d := range s.Dims {
		g.Dims = append(g.Dims, &flickv1.ActionDim{Name: d.Name, Low: d.Low, High: d.High, Unit: d.Unit})
	}
	return g
}

// checkRemoteGames fails if a remote bot does not play the game of one of
// the scenarios.
func checkRemoteGames(bots []arena.Player, setups map[string]arena.EnvScenario) error {
	ids := make([]string, 0, len(setups))
	for id := range setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, p := range bots {
		rb, ok := p.(*remoteBot)
		if !ok {
			continue
		}
		for _, id := range ids {
			if g := setups[id].Game; !rb.plays(g) {
				errs = append(errs, fmt.Errorf("remote bot %s at %s does not play %s (scenario %s); it plays %s",
					rb.name, rb.addr, g, id, strings.Join(rb.games, ", ")))
			}
		}
	}
	return errors.Join(errs...)
}
