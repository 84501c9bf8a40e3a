package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// TestMain_BuiltinOpponents checks that every built-in bot is an opponent
// of the server, listed with the games it plays, and that a single-agent
// Flickago pool against a mixture of them, with alternating seats, plays
// in process exactly as a local Vector with the same bots.
func TestMain_BuiltinOpponents(t *testing.T) {
	r := start(t, nil, "--listen", "127.0.0.1:0")
	conn, err := envrpc.Dial(r.addr.String(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := flickv1.NewEnvServiceClient(conn)
	ctx := ctxFor(t)
	info, err := c.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range builtin.Names() {
		if !slices.Contains(info.GetOpponents(), name) {
			t.Errorf("opponents %v lack the built-in %s", info.GetOpponents(), name)
		}
	}
	for _, o := range info.GetOpponentInfo() {
		switch o.GetName() {
		case "random":
			if len(o.GetGames()) != 0 {
				t.Errorf("random plays %v, want every game (empty)", o.GetGames())
			}
		case "aimer", "planner":
			g := o.GetGames()
			if !slices.Contains(g, flickago.ID) || !slices.Contains(g, flickemup.ID) || slices.Contains(g, race.ID) || o.GetHelp() == "" {
				t.Errorf("%s: games %v, help %q", o.GetName(), g, o.GetHelp())
			}
		}
	}

	_, err = c.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1,
		View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "aimer"}})
	if status.Code(err) != codes.InvalidArgument || !contains(status.Convert(err).Message(), "config.opponent", "does not play race-v1") {
		t.Errorf("aimer on Race: %v", err)
	}

	const n, seed, steps = 4, 3, 12
	cfg := &flickv1.PoolConfig{GameId: flickago.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT,
		IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE, AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE,
		OpponentMix: []*flickv1.WeightedOpponent{{Name: "aimer", Weight: 1}, {Name: "random", Weight: 1}}}
	remote, err := envrpc.NewRemoteVector(ctx, conn, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	defer remote.Close()
	aimer, err := builtin.New("aimer")
	if err != nil {
		t.Fatal(err)
	}
	random, err := builtin.New("random")
	if err != nil {
		t.Fatal(err)
	}
	local, err := env.NewVector(flickago.Factory, env.Config{NumEnvs: n, View: env.SingleAgent, Illegal: env.ReplaceIllegal,
		Seat: env.SeatAlternate, OpponentMix: []env.WeightedPolicy{{Policy: aimer, Weight: 1}, {Policy: random, Weight: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	got, err := remote.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := local.Reset(seed)
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int32]bool{}
	act := local.Spec().NewActions(n) // mostly illegal: the pools replace it by the default action
	for step := range steps {
		if d := envrpctest.DiffBatch(got, want); d != "" {
			t.Fatalf("step %d: the server's pool differs from the local Vector:\n%s", step, d)
		}
		for i := range n {
			seats[got.AgentSeat[i]] = true
		}
		if got, err = remote.Step(act); err != nil {
			t.Fatal(err)
		}
		if want, err = local.Step(act); err != nil {
			t.Fatal(err)
		}
	}
	if len(seats) != 2 {
		t.Errorf("the agent played seats %v, want both", seats)
	}
}

// contains reports whether s contains every part.
func contains(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestMain_RemoteOpponentNamedAsBuiltin checks that --opponent refuses a
// built-in bot's name, naming the flag.
func TestMain_RemoteOpponentNamedAsBuiltin(t *testing.T) {
	m := NewMain()
	err := m.ParseFlags([]string{"--opponent", "aimer=127.0.0.1:9"}, io.Discard)
	if err == nil || !contains(err.Error(), "--opponent aimer", "built-in bot") {
		t.Errorf("ParseFlags with a remote aimer: %v", err)
	}
}
