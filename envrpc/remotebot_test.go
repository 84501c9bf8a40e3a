package envrpc_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"strings"
	"testing"

	"google.golang.org/grpc"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// infoAgent answers GetAgentInfo with its fields and nothing else.
type infoAgent struct {
	flickv1.UnimplementedAgentServiceServer
	name, version string
	games         []string
}

func (a *infoAgent) GetAgentInfo(context.Context, *flickv1.GetAgentInfoRequest) (*flickv1.GetAgentInfoResponse, error) {
	return &flickv1.GetAgentInfoResponse{Name: a.name, Version: a.version, Games: a.games}, nil
}

// serveTCP serves a on a local TCP port and returns its address and the server.
func serveTCP(t *testing.T, a flickv1.AgentServiceServer) (string, *grpc.Server) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer()
	flickv1.RegisterAgentServiceServer(g, a)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	return lis.Addr().String(), g
}

func TestDialRemoteBot(t *testing.T) {
	ctx := context.Background()
	addr, srv := serveTCP(t, &infoAgent{name: "netbot", games: []string{race.ID}})
	b, err := envrpc.DialRemoteBot(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Name() != "netbot" || b.Version() != "unversioned" || b.Addr() != addr || !b.Plays(race.ID) || b.Plays("flickago-v1") {
		t.Errorf("bot %s %s at %s, games %v", b.Name(), b.Version(), b.Addr(), b.Games())
	}

	// A lost connection is a disconnection.
	srv.Stop()
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	obs, mask := make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
	g.Mask(mask)
	err = b.ActContext(ctx, spec.NewAction(), env.Turn{Spec: spec, Player: g.CurrentPlayer(), Obs: obs, Mask: mask, Game: g},
		rand.New(rand.NewPCG(1, 2)))
	if !errors.Is(err, env.ErrDisconnected) {
		t.Errorf("Act on a stopped server: %v, want env.ErrDisconnected", err)
	}

	for name, a := range map[string]*infoAgent{
		"no name":        {version: "1"},
		"too many games": {name: "greedy", games: make([]string, envrpc.MaxRemoteGames+1)},
		"bad game id":    {name: "odd", games: []string{"race\x00v1"}},
	} {
		addr, _ := serveTCP(t, a)
		if b, err := envrpc.DialRemoteBot(ctx, addr); err == nil || !strings.Contains(err.Error(), addr) {
			t.Errorf("%s: bot %v, err %v; want a refusal naming the address", name, b, err)
		}
	}
	if _, err := envrpc.DialRemoteBot(ctx, "127.0.0.1:1"); err == nil {
		t.Error("a bot at a closed port was dialled")
	}
}
