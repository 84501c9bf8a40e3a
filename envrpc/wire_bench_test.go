package envrpc_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// vector is what the benchmarks step: an env.Vector or an
// envrpc.RemoteVector.
type vector interface {
	Reset(seed uint64) (*env.Batch, error)
	Step(a env.Actions) (*env.Batch, error)
	Spec() *env.Spec
}

// wireSizes are the batch sizes of the wire benchmarks, in envs.
var wireSizes = []int{1, 64, 1024}

// wireClient is one way for the Go client to reach the benchmark server.
type wireClient struct {
	transport string // "unix" or "tcp"
	session   bool   // the Session stream, else unary calls
}

// name returns the sub-benchmark name of c, such as go-unix-session.
func (c wireClient) name() string {
	mode := "unary"
	if c.session {
		mode = "session"
	}
	return "go-" + c.transport + "-" + mode
}

// wireClients are the Go client's configurations, every transport with
// both call modes.
var wireClients = []wireClient{{"unix", true}, {"unix", false}, {"tcp", true}, {"tcp", false}}

// serveWire serves the games of reg on a unix socket and on TCP loopback
// until the benchmark ends and returns the target of each transport.
func serveWire(b *testing.B, reg *env.Registry) map[string]string {
	b.Helper()
	srv := envrpc.New(reg)
	g := envrpc.NewGRPCServer(srv, "")
	b.Cleanup(func() {
		g.Stop()
		_ = srv.Close()
	})
	tcp, err := envrpc.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	sock := filepath.Join(b.TempDir(), "bench.sock")
	unix, err := envrpc.Listen("unix://" + sock)
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = g.Serve(tcp) }()
	go func() { _ = g.Serve(unix) }()
	return map[string]string{"tcp": tcp.Addr().String(), "unix": "unix://" + sock}
}

// remote creates a pool with cfg on target, closed when the benchmark ends.
func remote(b *testing.B, target string, cfg *flickv1.PoolConfig, session bool) *envrpc.RemoteVector {
	b.Helper()
	conn, err := envrpc.Dial(target, "", 0)
	if err != nil {
		b.Fatal(err)
	}
	r, err := envrpc.NewRemoteVector(context.Background(), conn, cfg, session)
	if err != nil {
		conn.Close()
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = r.Close()
		conn.Close()
	})
	return r
}

// BenchmarkWire measures env steps per second of Race (no
// physics: the cost is the Vector's and the wire's own) in process and
// through the wire with the Go client (RemoteVector), over TCP loopback and
// a unix socket, with unary calls and with the Session stream, for batches
// of 1, 64 and 1024 envs. Server and client share the process and its
// cores, as a trainer and its env server share a machine.
func BenchmarkWire(b *testing.B) {
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		b.Fatal(err)
	}
	targets := serveWire(b, reg)
	for _, n := range wireSizes {
		b.Run(fmt.Sprintf("inprocess/envs=%d", n), func(b *testing.B) {
			v, err := env.NewVector(race.Factory, env.Config{NumEnvs: n})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			benchStep(b, v, v.Spec().NewActions(n), n)
		})
		for _, c := range wireClients {
			b.Run(fmt.Sprintf("%s/envs=%d", c.name(), n), func(b *testing.B) {
				r := remote(b, targets[c.transport], &flickv1.PoolConfig{GameId: race.ID, NumEnvs: int32(n)}, c.session)
				benchStep(b, r, r.Spec().NewActions(n), n)
			})
		}
	}
}

// benchStep resets v and steps it with the zero action (Gain, first
// target, power 0: always legal in Race), reporting env steps
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

// BenchmarkWire_Showdown measures env steps per second of a real game,
// flickemup/showdown-v9, in the self-play view: in process (env.Vector) and
// with the Go client (RemoteVector) over a unix socket and TCP loopback,
// unary and Session, for batches of 1, 64 and 1024 envs. Every seat plays
// random values its mask allows (randomActions; the pools replace the
// combinations the game's joint rules forbid by the default action, which
// happens in under 0.1% of the steps). Only the time inside Step counts
// (the "steps/s" metric; ns/op includes choosing the actions, the agent's
// cost): the Step of a remote pool is the whole round trip.
//
// Every configuration plays the same games (seed 1, the same action
// stream), so with a fixed -benchtime Nx they do exactly the same game work
// and their ratio is the cost of the wire. python/benchmarks/bench_wire.py
// runs this benchmark in rounds, interleaved with the Python client's, and
// takes medians (docs/results/performance.md).
func BenchmarkWire_Showdown(b *testing.B) {
	reg := env.NewRegistry()
	if err := flickemup.Register(reg); err != nil {
		b.Fatal(err)
	}
	targets := serveWire(b, reg)
	for _, n := range wireSizes {
		b.Run(fmt.Sprintf("inprocess/envs=%d", n), func(b *testing.B) {
			v, err := env.NewVector(flickemup.Factory, env.Config{NumEnvs: n, Illegal: env.ReplaceIllegal})
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			benchRandom(b, v, n)
		})
		for _, c := range wireClients {
			b.Run(fmt.Sprintf("%s/envs=%d", c.name(), n), func(b *testing.B) {
				cfg := &flickv1.PoolConfig{GameId: flickemup.ID, NumEnvs: int32(n), IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE}
				benchRandom(b, remote(b, targets[c.transport], cfg, c.session), n)
			})
		}
	}
}

// benchRandom resets v with seed 1 and steps it with random actions the
// masks allow, drawn from a fixed stream, reporting env steps per second of
// time inside Step ("steps/s" on the wall clock, and "cpu-steps/s" on the
// process's CPU time, every thread, which other jobs on a shared machine
// disturb less; not on every platform) and the share of actions the pool
// replaced.
func benchRandom(b *testing.B, v vector, n int) {
	spec := v.Spec()
	acts := spec.NewActions(n)
	rng := rand.New(rand.NewPCG(1, 2))
	batch, err := v.Reset(1)
	if err != nil {
		b.Fatal(err)
	}
	var inStep, inStepCPU time.Duration
	steps, replaced := 0, 0
	for b.Loop() {
		randomActions(spec, batch, acts, rng)
		start, startCPU := time.Now(), processCPU()
		batch, err = v.Step(acts)
		inStep += time.Since(start)
		inStepCPU += processCPU() - startCPU
		if err != nil {
			b.Fatal(err)
		}
		steps += n
		for _, ill := range batch.Illegal {
			if ill {
				replaced++
			}
		}
	}
	b.ReportMetric(float64(steps)/inStep.Seconds(), "steps/s")
	if inStepCPU > 0 {
		b.ReportMetric(float64(steps)/inStepCPU.Seconds(), "cpu-steps/s")
	}
	b.ReportMetric(float64(replaced)/float64(steps), "replaced/step")
}
