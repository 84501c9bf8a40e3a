package envrpc_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/dummy"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// vector is what the benchmark steps: an env.Vector or an
// envrpc.RemoteVector.
type vector interface {
	Reset(seed uint64) (*env.Batch, error)
	Step(a env.Actions) (*env.Batch, error)
}

// BenchmarkWire measures env steps per second of the dummy game (no
// physics: the cost is the Vector's and the wire's own) in process and
// through the wire with the Go client (RemoteVector), over TCP loopback and
// a unix socket, with unary calls and with the Session stream, for batches
// of 1, 64 and 1024 envs. Server and client share the process and its
// cores, as a trainer and its env server share a machine.
func BenchmarkWire(b *testing.B) {
	reg := env.NewRegistry()
	if err := dummy.Register(reg); err != nil {
		b.Fatal(err)
	}
	srv := envrpc.New(reg)
	g := envrpc.NewGRPCServer(srv, "")
	defer srv.Close()
	defer g.Stop()
	targets := map[string]string{}
	tcp, err := envrpc.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	targets["tcp"] = tcp.Addr().String()
	sock := filepath.Join(b.TempDir(), "bench.sock")
	unix, err := envrpc.Listen("unix://" + sock)
	if err != nil {
		b.Fatal(err)
	}
	targets["unix"] = "unix://" + sock
	go func() { _ = g.Serve(tcp) }()
	go func() { _ = g.Serve(unix) }()

	for _, n := range []int{1, 64, 1024} {
		b.Run(fmt.Sprintf("inprocess/envs=%d", n), func(b *testing.B) {
			v, err := env.NewVector(dummy.Factory, env.Config{NumEnvs: n})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			benchStep(b, v, v.Spec().NewActions(n), n)
		})
		for _, transport := range []string{"tcp", "unix"} {
			for _, session := range []bool{false, true} {
				mode := "unary"
				if session {
					mode = "session"
				}
				b.Run(fmt.Sprintf("go-%s-%s/envs=%d", transport, mode, n), func(b *testing.B) {
					conn, err := envrpc.Dial(targets[transport], "", 0)
					if err != nil {
						b.Fatal(err)
					}
					defer conn.Close()
					r, err := envrpc.NewRemoteVector(context.Background(), conn, &flickv1.PoolConfig{GameId: dummy.ID, NumEnvs: int32(n)}, session)
					if err != nil {
						b.Fatal(err)
					}
					defer r.Close()
					benchStep(b, r, r.Spec().NewActions(n), n)
				})
			}
		}
	}
}

// benchStep resets v and steps it with the zero action (Gain, first
// target, power 0: always legal in the dummy game), reporting env steps
// per second.
func benchStep(b *testing.B, v vector, a env.Actions, n int) {
	if _, err := v.Reset(1); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := v.Step(a); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(n)/b.Elapsed().Seconds(), "steps/s")
}

// costly is the dummy game with extra work in every Step, standing for a
// game whose step costs something (a Flick 'em Up! flick is about 250 µs of
// physics): the work is a chain of state hashes, so it cannot be optimised
// away and changes nothing.
type costly struct {
	*dummy.Game
	rounds int
	sink   uint64
}

func (c *costly) Step(a env.Action) (env.Status, error) {
	h := c.Game.Hash()
	for range c.rounds {
		var x env.Hasher
		x.Uint64(h)
		h = x.Sum()
	}
	c.sink = h
	return c.Game.Step(a)
}

// BenchmarkWire_CostlyGame measures the wire's share when a step costs
// about 10 µs of game work (rounds of hashing; 40 times cheaper than a
// flick): in process, and the Go client over a unix socket and TCP.
func BenchmarkWire_CostlyGame(b *testing.B) {
	const rounds = 2000 // about 10 µs on the reference machine; see the reported ns/step
	factory := func(opts env.Options) (env.Game, error) {
		g, err := dummy.Factory(opts)
		if err != nil {
			return nil, err
		}
		return &costly{Game: g.(*dummy.Game), rounds: rounds}, nil
	}
	reg := env.NewRegistry()
	if err := reg.Register("costly/race-v1", factory); err != nil {
		b.Fatal(err)
	}
	srv := envrpc.New(reg)
	g := envrpc.NewGRPCServer(srv, "")
	defer srv.Close()
	defer g.Stop()
	sock := filepath.Join(b.TempDir(), "bench.sock")
	unix, err := envrpc.Listen("unix://" + sock)
	if err != nil {
		b.Fatal(err)
	}
	tcp, err := envrpc.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = g.Serve(unix) }()
	go func() { _ = g.Serve(tcp) }()
	for _, n := range []int{64, 1024} {
		b.Run(fmt.Sprintf("inprocess/envs=%d", n), func(b *testing.B) {
			v, err := env.NewVector(factory, env.Config{NumEnvs: n})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			benchStep(b, v, v.Spec().NewActions(n), n)
		})
		for _, c := range []struct {
			name, target string
			session      bool
		}{{"go-unix-session", "unix://" + sock, true}, {"go-tcp-unary", tcp.Addr().String(), false}} {
			b.Run(fmt.Sprintf("%s/envs=%d", c.name, n), func(b *testing.B) {
				conn, err := envrpc.Dial(c.target, "", 0)
				if err != nil {
					b.Fatal(err)
				}
				defer conn.Close()
				r, err := envrpc.NewRemoteVector(context.Background(), conn, &flickv1.PoolConfig{GameId: "costly/race-v1", NumEnvs: int32(n)}, c.session)
				if err != nil {
					b.Fatal(err)
				}
				defer r.Close()
				benchStep(b, r, r.Spec().NewActions(n), n)
			})
		}
	}
}
