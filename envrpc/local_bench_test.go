package envrpc_test

import (
	"context"
	"fmt"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// localVector steps a LocalPool as the in-process library's caller does: each Step encodes
// the actions into a StepRequest, serializes it, decodes it as the library does
// (envrpc.UnmarshalRequest) and steps the pool, whose batch is then in the bound buffers.
type localVector struct {
	lp    *envrpc.LocalPool
	spec  *env.Spec
	n     int
	buf   envrpc.Buffers
	batch env.Batch // a view of buf, for the benchmark's action draws
}

// newLocalVector creates a LocalPool of cfg on s, bound to Go buffers.
func newLocalVector(b *testing.B, s *envrpc.Server, cfg *flickv1.PoolConfig) *localVector {
	b.Helper()
	lp, resp, err := s.NewLocalPool(&flickv1.CreatePoolRequest{Config: cfg})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = lp.Close() })
	v := &localVector{lp: lp, spec: envrpc.EnvSpec(resp.GetSpec().GetGame()), n: int(cfg.GetNumEnvs()), buf: lp.NewBuffers()}
	if err := lp.Bind(v.buf); err != nil {
		b.Fatal(err)
	}
	v.batch = env.Batch{NumEnvs: v.n, NumPlayers: v.spec.NumPlayers, ObsSize: v.spec.ObsSize(), MaskSize: v.spec.MaskSize(),
		Obs: v.buf.Obs, Reward: v.buf.Reward, Terminated: v.buf.Terminated, Truncated: v.buf.Truncated,
		CurrentPlayer: v.buf.CurrentPlayer, Mask: v.buf.ActionMask, StateHash: v.buf.StateHash, Episode: v.buf.Episode,
		Illegal: v.buf.Illegal, EpisodeReturn: v.buf.EpisodeReturn, EpisodeLength: v.buf.EpisodeLength}
	return v
}

func (v *localVector) Spec() *env.Spec { return v.spec }

func (v *localVector) Reset(seed uint64) (*env.Batch, error) {
	_, err := v.lp.Reset(context.Background(), &flickv1.ResetRequest{Seed: &seed})
	return &v.batch, err
}

func (v *localVector) Step(a env.Actions) (*env.Batch, error) {
	n, h, d := int64(v.n), int64(len(v.spec.Heads)), int64(len(v.spec.Dims))
	data, err := proto.Marshal(&flickv1.StepRequest{Discrete: envrpctest.Tensor(a.Discrete, n, h), Continuous: envrpctest.Tensor(a.Continuous, n, d)})
	if err != nil {
		return nil, err
	}
	var req flickv1.StepRequest
	if err := envrpc.UnmarshalRequest(data, &req); err != nil {
		return nil, err
	}
	if _, err := v.lp.Step(context.Background(), &req); err != nil {
		return nil, err
	}
	return &v.batch, nil
}

// BenchmarkLocalPool measures env steps per second of the in-process pool (LocalPool, as
// cmd/libflickarena serves it) beside the plain env.Vector, on Flick 'em Up!'s showdown, on
// Flickago and on Race (no physics: there the path's own cost shows), self-play, REPLACE mode, random actions the masks allow, batches of 64 and
// 1,024 envs. Only the time inside Step counts (benchRandom): for the pool that is encoding
// and serializing the request, decoding it and the step, whose batch the games write
// straight into the bound buffers. Both play the same games (seed 1, the same action
// stream), so with a fixed -benchtime Nx their ratio is the in-process path's own cost;
// BenchmarkWire_Showdown gives the gRPC rows of the same showdown workload.
func BenchmarkLocalPool(b *testing.B) {
	reg := env.NewRegistry()
	for _, register := range []func(*env.Registry) error{flickemup.Register, flickago.Register, race.Register} {
		if err := register(reg); err != nil {
			b.Fatal(err)
		}
	}
	s := envrpc.New(reg, envrpc.WithLimits(envrpc.Limits{IdleTimeout: -1}))
	b.Cleanup(func() { _ = s.Close() })
	for _, g := range []struct {
		name string
		id   string
		f    env.Factory
	}{{"flickemup", flickemup.ID, flickemup.Factory}, {"flickago", flickago.ID, flickago.Factory}, {"race", race.ID, race.Factory}} {
		for _, n := range []int{64, 1024} {
			b.Run(fmt.Sprintf("%s/vector/envs=%d", g.name, n), func(b *testing.B) {
				v, err := env.NewVector(g.f, env.Config{NumEnvs: n, Illegal: env.ReplaceIllegal})
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				benchRandom(b, v, n)
			})
			b.Run(fmt.Sprintf("%s/local/envs=%d", g.name, n), func(b *testing.B) {
				cfg := &flickv1.PoolConfig{GameId: g.id, NumEnvs: int32(n), IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE}
				benchRandom(b, newLocalVector(b, s, cfg), n)
			})
		}
	}
}
