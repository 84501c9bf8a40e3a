package envrpc_test

import (
	"context"
	"fmt"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Example serves Race on a loopback port and drives a pool of 4
// envs through the wire with a RemoteVector, as a trainer would drive an
// env.Vector.
func Example() {
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		panic(err)
	}
	srv := envrpc.New(reg)
	g := envrpc.NewGRPCServer(srv, "")
	l, err := envrpc.Listen("127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go func() { _ = g.Serve(l) }()
	defer func() { srv.Drain(); g.GracefulStop(); srv.Close() }()

	conn, err := envrpc.Dial(l.Addr().String(), "", 0)
	if err != nil {
		panic(err)
	}
	defer conn.Close()
	v, err := envrpc.NewRemoteVector(context.Background(), conn, &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: 4, View: flickv1.View_VIEW_SINGLE_AGENT,
	}, true)
	if err != nil {
		panic(err)
	}
	defer v.Close()

	b, err := v.Reset(42)
	if err != nil {
		panic(err)
	}
	actions := v.Spec().NewActions(v.NumEnvs()) // Gain with power 0: always legal
	for step := 1; !b.Done(0); step++ {
		if b, err = v.Step(actions); err != nil {
			panic(err)
		}
		if b.Done(0) {
			fmt.Printf("env 0: episode over after %d steps, return %v for seat 0\n", step, b.EpisodeReturn[0])
		}
	}
	// Output:
	// env 0: episode over after 5 steps, return 1 for seat 0
}
