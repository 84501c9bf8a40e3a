package main

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/arena"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// agentServer is an AgentService playing random legal actions, or failing
// as told.
type agentServer struct {
	flickv1.UnimplementedAgentServiceServer
	name  string
	games []string
	fail  codes.Code // Act fails with this code unless OK
	short bool       // Act answers one discrete value too few
}

func (s *agentServer) GetAgentInfo(context.Context, *flickv1.GetAgentInfoRequest) (*flickv1.GetAgentInfoResponse, error) {
	return &flickv1.GetAgentInfoResponse{Name: s.name, Version: "7", Games: s.games}, nil
}

func (s *agentServer) Act(_ context.Context, req *flickv1.ActRequest) (*flickv1.ActResponse, error) {
	if s.fail != codes.OK {
		return nil, status.Error(s.fail, "going down")
	}
	spec := req.GetGame()
	// Check the request as a strict server would.
	switch {
	case !shapeIs(req.GetObs(), 1, int64(spec.GetObsSize())) || len(req.GetObs().GetData()) != 4*int(spec.GetObsSize()):
		return nil, status.Errorf(codes.InvalidArgument, "obs: shape %v", req.GetObs().GetShape())
	case !shapeIs(req.GetActionMask(), 1, int64(spec.GetMaskSize())) || len(req.GetActionMask().GetData()) != int(spec.GetMaskSize()):
		return nil, status.Errorf(codes.InvalidArgument, "action_mask: shape %v", req.GetActionMask().GetShape())
	case !shapeIs(req.GetPlayer(), 1) || !shapeIs(req.GetSeed(), 1) || len(req.GetSeed().GetData()) != 8:
		return nil, status.Error(codes.InvalidArgument, "player or seed")
	}
	rng := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(req.GetSeed().GetData()), 0))
	mask := req.GetActionMask().GetData()
	var disc, cont []byte
	off := 0
	for _, h := range spec.GetHeads() {
		var allowed []int
		for v := range int(h.GetN()) {
			if mask[off+v] == 1 {
				allowed = append(allowed, v)
			}
		}
		off += int(h.GetN())
		disc = binary.LittleEndian.AppendUint32(disc, uint32(allowed[rng.IntN(len(allowed))]))
	}
	for _, d := range spec.GetDims() {
		x := d.GetLow() + float32(rng.Float64())*(d.GetHigh()-d.GetLow())
		cont = binary.LittleEndian.AppendUint32(cont, math.Float32bits(x))
	}
	heads := int64(len(spec.GetHeads()))
	if s.short {
		disc, heads = disc[4:], heads-1
	}
	return &flickv1.ActResponse{
		Discrete:   &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_INT32, Shape: []int64{1, heads}, Data: disc},
		Continuous: &flickv1.Tensor{Dtype: flickv1.DType_DTYPE_FLOAT32, Shape: []int64{1, int64(len(spec.GetDims()))}, Data: cont},
	}, nil
}

// shapeIs reports whether t has the shape want.
func shapeIs(t *flickv1.Tensor, want ...int64) bool {
	return fmt.Sprint(t.GetShape()) == fmt.Sprint(want)
}

// serveAgent serves a on a loopback port for the test and returns its
// address.
func serveAgent(t *testing.T, a *agentServer) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := grpc.NewServer()
	flickv1.RegisterAgentServiceServer(s, a)
	go s.Serve(lis)
	t.Cleanup(s.Stop)
	return lis.Addr().String()
}

func TestRun_RemoteBots(t *testing.T) {
	tests := []struct {
		name  string
		agent *agentServer
		want  arena.Termination // of every game
		// reason is in the reason of every game the remote bot lost.
		reason string
	}{
		{"Plays", &agentServer{name: "netbot", games: []string{"race-v1"}}, arena.TermNormal, ""},
		{"Unavailable", &agentServer{name: "flaky", fail: codes.Unavailable}, arena.TermDisconnect, "going down"},
		{"Internal", &agentServer{name: "buggy", fail: codes.Internal}, arena.TermCrash, "going down"},
		{"ShortAnswer", &agentServer{name: "short", short: true}, arena.TermCrash, "agent response act.discrete: shape [1 1], want [1 2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			addr := serveAgent(t, tc.agent)
			db := filepath.Join(t.TempDir(), "results.db")
			mustRun(t, "run", "--bots", "random,remote="+addr, "--scenarios", "race", "--games", "4", "--db", db)
			games := storedGames(t, db)
			if len(games) != 4 {
				t.Fatalf("%d games stored, want 4", len(games))
			}
			for _, g := range games {
				s := arena.SideX
				if g.Bots[arena.SideY].Name == tc.agent.name {
					s = arena.SideY
				}
				if b := g.Bots[s]; b.Name != tc.agent.name || b.Version != "7" {
					t.Errorf("game %s: bots %+v, want %s version 7", g.Key, g.Bots, tc.agent.name)
				}
				if g.Termination != tc.want {
					t.Errorf("game %s: %v (%s), want %v", g.Key, g.Termination, g.Reason, tc.want)
				}
				if tc.want.IsBotFault() && (g.Result() != arena.WinFor(s.Other()) || !strings.Contains(g.Reason, tc.reason)) {
					t.Errorf("game %s: %v, reason %q; want a loss of %s with %q", g.Key, g.Result(), g.Reason, tc.agent.name, tc.reason)
				}
			}
		})
	}

	addr := serveAgent(t, &agentServer{name: "picky", games: []string{"flickago-v3"}})
	_, _, err := run(t, "run", "--bots", "random,remote="+addr, "--scenarios", "race", "--db", filepath.Join(t.TempDir(), "r.db"))
	if err == nil || !strings.Contains(err.Error(), "remote bot picky at "+addr+" does not play race-v1 (scenario race); it plays flickago-v3") {
		t.Errorf("a bot that does not play the game: err %v", err)
	}
	addr = serveAgent(t, &agentServer{name: "random"})
	_, _, err = run(t, "run", "--bots", "random,remote="+addr, "--scenarios", "race", "--db", filepath.Join(t.TempDir(), "r.db"))
	if err == nil || !strings.Contains(err.Error(), `two bots are named "random" (random and remote=`+addr+")") {
		t.Errorf("two bots with one name: err %v", err)
	}
}
