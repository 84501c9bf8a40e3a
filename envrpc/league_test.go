package envrpc_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// policyFunc adapts a function to env.Policy.
type policyFunc func(dst env.Action, t env.Turn, rng *rand.Rand) error

func (f policyFunc) Act(dst env.Action, t env.Turn, rng *rand.Rand) error { return f(dst, t, rng) }

// passes always passes (Race's default action).
var passes = policyFunc(func(dst env.Action, t env.Turn, _ *rand.Rand) error {
	t.Game.DefaultAction(dst)
	return nil
})

// gains always gains, as the agent of these tests does.
var gains = policyFunc(func(dst env.Action, _ env.Turn, _ *rand.Rand) error {
	clear(dst.Discrete)
	clear(dst.Continuous)
	return nil
})

// leagueServer serves Race with the opponents passer, gainer and
// trio (which plays three-seat games only).
func leagueServer(t *testing.T) *envrpctest.Env {
	return envrpctest.NewServer(t, raceRegistry(t),
		envrpc.WithOpponentSpec("passer", envrpc.Opponent{Policy: passes, Help: "always passes"}),
		envrpc.WithOpponent("gainer", gains),
		envrpc.WithOpponentSpec("trio", envrpc.Opponent{Policy: passes, Plays: func(g env.Game) bool { return g.Spec().NumPlayers == 3 }}))
}

// TestServer_OpponentInfo checks that GetServerInfo lists every opponent
// with its help and the games it plays.
func TestServer_OpponentInfo(t *testing.T) {
	e := leagueServer(t)
	info, err := e.Client.GetServerInfo(testCtx(t), &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"gainer", "passer", "random", "trio"}; !slices.Equal(info.GetOpponents(), want) {
		t.Errorf("opponents %v, want %v", info.GetOpponents(), want)
	}
	var names []string
	for _, o := range info.GetOpponentInfo() {
		names = append(names, o.GetName())
		switch o.GetName() {
		case "passer":
			if o.GetHelp() != "always passes" || len(o.GetGames()) != 0 {
				t.Errorf("passer: %v", o)
			}
		case "trio":
			// With default options Race has two seats: trio plays no listed game.
			if len(o.GetGames()) != 0 {
				t.Errorf("trio plays %v with default options", o.GetGames())
			}
		}
	}
	if !slices.Equal(names, info.GetOpponents()) {
		t.Errorf("opponent_info names %v, want %v", names, info.GetOpponents())
	}
}

// TestServer_OpponentMix checks a single-agent pool with an opponent
// mixture and alternating seats over the wire: it gives, step for step,
// the batches of a local Vector with the same policies, and the agent
// wins exactly the episodes the passer plays.
func TestServer_OpponentMix(t *testing.T) {
	const n, seed, steps = 8, 21, 120
	e := leagueServer(t)
	cfg := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT,
		Options:     map[string]string{"rounds": "3", "noise": "0"},
		OpponentMix: []*flickv1.WeightedOpponent{{Name: "passer", Weight: 2}, {Name: "gainer", Weight: 1}},
		AgentSeat:   flickv1.AgentSeat_AGENT_SEAT_ALTERNATE}
	r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := r.PoolSpec().GetConfig(); got.GetAgentSeat() != flickv1.AgentSeat_AGENT_SEAT_ALTERNATE || len(got.GetOpponentMix()) != 2 || got.GetOpponent() != "" {
		t.Errorf("echoed config %v", got)
	}
	local, err := env.NewVector(race.Factory, env.Config{NumEnvs: n, View: env.SingleAgent, Seat: env.SeatAlternate,
		Options:     env.Options{"rounds": "3", "noise": "0"},
		OpponentMix: []env.WeightedPolicy{{Policy: passes, Weight: 2}, {Policy: gains, Weight: 1}}})
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
	wins, draws, seats := 0, 0, map[int32]int{}
	for step := range steps {
		if d := envrpctest.DiffBatch(got, want); d != "" {
			t.Fatalf("step %d: the remote pool differs from the local Vector:\n%s", step, d)
		}
		if got, err = r.Step(act); err != nil {
			t.Fatal(err)
		}
		if want, err = local.Step(act); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if !got.Done(i) {
				continue
			}
			seat := got.AgentSeat[i]
			seats[seat]++
			switch got.EpisodeReturn[i*got.NumPlayers+int(seat)] {
			case 1:
				wins++
			case 0:
				draws++
			default:
				t.Fatalf("env %d: return %v", i, got.EpisodeReturn[i*got.NumPlayers:(i+1)*got.NumPlayers])
			}
		}
	}
	if wins < draws || draws == 0 || seats[0] == 0 || seats[1] == 0 {
		t.Errorf("%d wins (passer), %d draws (gainer), seats %v: want about 2:1 and both seats", wins, draws, seats)
	}
}

// TestServer_OpponentErrors checks that a bad opponent or mixture is
// refused, naming the field.
func TestServer_OpponentErrors(t *testing.T) {
	e := leagueServer(t)
	ctx := testCtx(t)
	single := func(mut func(c *flickv1.PoolConfig)) *flickv1.CreatePoolRequest {
		c := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2, View: flickv1.View_VIEW_SINGLE_AGENT}
		mut(c)
		return &flickv1.CreatePoolRequest{Config: c}
	}
	mix := func(ws ...*flickv1.WeightedOpponent) func(c *flickv1.PoolConfig) {
		return func(c *flickv1.PoolConfig) { c.OpponentMix = ws }
	}
	w := func(name string, weight float64) *flickv1.WeightedOpponent {
		return &flickv1.WeightedOpponent{Name: name, Weight: weight}
	}
	for _, tt := range []struct {
		name  string
		req   *flickv1.CreatePoolRequest
		parts []string
	}{
		{"WrongGame", single(func(c *flickv1.PoolConfig) { c.Opponent = "trio" }), []string{"config.opponent", `"trio" does not play race-v1`}},
		{"WrongGameInMix", single(mix(w("passer", 1), w("trio", 1))), []string{"config.opponent_mix", `"trio" does not play`}},
		{"Unknown", single(mix(w("passer", 1), w("nobody", 1))), []string{"config.opponent_mix[1].name", `unknown opponent "nobody"`}},
		{"Repeated", single(mix(w("passer", 1), w("passer", 2))), []string{"config.opponent_mix[1].name", "repeated"}},
		{"ZeroWeight", single(mix(w("passer", 0))), []string{"config.opponent_mix[0].weight", "finite number > 0"}},
		{"Both", single(func(c *flickv1.PoolConfig) {
			c.Opponent = "passer"
			c.OpponentMix = []*flickv1.WeightedOpponent{w("gainer", 1)}
		}), []string{"config.opponent", "opponent_mix"}},
		{"BadSeat", single(func(c *flickv1.PoolConfig) { c.AgentSeat = 9 }), []string{"config.agent_seat", "unknown value 9"}},
		{"SeatInSelfPlay", &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2, AgentSeat: flickv1.AgentSeat_AGENT_SEAT_RANDOM}}, []string{"config.agent_seat", "VIEW_SINGLE_AGENT"}},
		{"MixInSelfPlay", &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2, OpponentMix: []*flickv1.WeightedOpponent{w("passer", 1)}}}, []string{"config.opponent_mix", "VIEW_SINGLE_AGENT"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.Client.CreatePool(ctx, tt.req)
			wantCode(t, tt.name, err, codes.InvalidArgument, tt.parts...)
		})
	}
	// The same opponent is accepted where it plays.
	ok := single(func(c *flickv1.PoolConfig) { c.Opponent = "trio"; c.Options = map[string]string{"players": "3"} })
	if _, err := e.Client.CreatePool(ctx, ok); err != nil {
		t.Errorf("trio on a three-seat game: %v", err)
	}
}
