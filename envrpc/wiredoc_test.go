package envrpc_test

import (
	"encoding/binary"
	"math"
	"strconv"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// The tests of this file check what the .proto promises a client that knows
// only it (issue 37, item 8).

// allGames returns a registry of every game of this module.
func allGames(t *testing.T) *env.Registry {
	t.Helper()
	reg := env.NewRegistry()
	for _, register := range []func(*env.Registry) error{race.Register, flickago.Register, flickemup.Register, fliprando.Register} {
		if err := register(reg); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// TestListGames_RulesDocs checks that every game says, through ListGames, how
// it rewards its seats and what its joint action rules are.
func TestListGames_RulesDocs(t *testing.T) {
	e := envrpctest.NewServer(t, allGames(t))
	games, err := envrpc.ListAllGames(testCtx(t), e.Client)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 4 {
		t.Fatalf("%d games listed", len(games))
	}
	for _, g := range games {
		if len(g.GetRewardDoc()) < 80 || len(g.GetJointRuleDoc()) < 80 {
			t.Errorf("%s: reward doc %q, joint rule doc %q: want a real text each", g.GetId(), g.GetRewardDoc(), g.GetJointRuleDoc())
		}
	}
}

// TestPoolSpec_Resolved checks that a PoolSpec echoes every game option at
// its resolved value, in canonical form, and the effective bins.
func TestPoolSpec_Resolved(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	for _, c := range []struct {
		name     string
		cfg      *flickv1.PoolConfig
		opts     map[string]string
		wantBins int32
	}{
		{"defaults", &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1},
			map[string]string{"players": "2", "rounds": "5", "noise": "0.1"}, 0},
		{"spellings", &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, Options: map[string]string{"players": "03", "noise": "5e-2"}},
			map[string]string{"players": "3", "rounds": "5", "noise": "0.05"}, 0},
		{"multi-discrete default bins", &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE},
			map[string]string{"players": "2", "rounds": "5", "noise": "0.1"}, 11},
		{"multi-discrete 7 bins", &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE, Bins: 7},
			map[string]string{"players": "2", "rounds": "5", "noise": "0.1"}, 7},
	} {
		resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: c.cfg})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := resp.GetSpec().GetConfig()
		if len(got.GetOptions()) != len(c.opts) {
			t.Errorf("%s: options %v, want %v", c.name, got.GetOptions(), c.opts)
		}
		for k, v := range c.opts {
			if got.GetOptions()[k] != v {
				t.Errorf("%s: options %v, want %v", c.name, got.GetOptions(), c.opts)
				break
			}
		}
		if got.GetBins() != c.wantBins {
			t.Errorf("%s: bins %d, want %d", c.name, got.GetBins(), c.wantBins)
		}
		if n := len(resp.GetSpec().GetActionNvec()); c.wantBins != 0 && (n == 0 || resp.GetSpec().GetActionNvec()[n-1] != c.wantBins) {
			t.Errorf("%s: action_nvec %v, want the dims' bins %d last", c.name, resp.GetSpec().GetActionNvec(), c.wantBins)
		}
		if c.cfg.Options != nil && c.cfg.Options["players"] != "03" {
			t.Errorf("%s: the request's options were modified: %v", c.name, c.cfg.Options)
		}
	}
}

// TestStep_NoDims checks that a game without continuous dims (Flip' Rando)
// takes StepRequest.continuous omitted or as [N, 0], and nothing else.
func TestStep_NoDims(t *testing.T) {
	reg := env.NewRegistry()
	if err := fliprando.Register(reg); err != nil {
		t.Fatal(err)
	}
	e := envrpctest.NewServer(t, reg)
	ctx := testCtx(t)
	const n = 2
	resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: fliprando.ID, NumEnvs: n}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	if d := resp.GetSpec().GetGame().GetDims(); len(d) != 0 {
		t.Fatalf("fliprando has dims %v", d)
	}
	reset, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: new(uint64(3))})
	if err != nil {
		t.Fatal(err)
	}
	mask := reset.GetBatch().GetActionMask()
	legal := func(m *flickv1.Tensor) *flickv1.Tensor {
		m0 := int(m.GetShape()[1])
		a := make([]int32, n)
		for i := range n {
			for v := range m0 {
				if m.GetData()[i*m0+v] == 1 {
					a[i] = int32(v)
					break
				}
			}
		}
		return envrpctest.Tensor(a, n, 1)
	}
	for _, c := range []struct {
		name       string
		continuous *flickv1.Tensor
		code       codes.Code
	}{
		{"omitted", nil, codes.OK},
		{"[N, 0]", envrpctest.Tensor([]float32{}, n, 0), codes.OK},
		{"[N, 1]", envrpctest.Tensor([]float32{0, 0}, n, 1), codes.InvalidArgument},
		{"[N]", envrpctest.Tensor([]float32{}, n), codes.InvalidArgument},
	} {
		st, err := e.Client.Step(ctx, &flickv1.StepRequest{PoolId: pid, Discrete: legal(mask), Continuous: c.continuous})
		if status.Code(err) != c.code {
			t.Errorf("continuous %s: %v, want %v", c.name, err, c.code)
		}
		if err == nil {
			mask = st.GetBatch().GetActionMask()
		}
	}
}

// violations returns the BadRequest field violations and the ErrorInfo
// details of err.
func violations(err error) ([]*errdetails.BadRequest_FieldViolation, []*errdetails.ErrorInfo) {
	var fv []*errdetails.BadRequest_FieldViolation
	var infos []*errdetails.ErrorInfo
	for _, d := range status.Convert(err).Details() {
		switch d := d.(type) {
		case *errdetails.BadRequest:
			fv = append(fv, d.GetFieldViolations()...)
		case *errdetails.ErrorInfo:
			infos = append(infos, d)
		}
	}
	return fv, infos
}

// TestStep_ErrorDetails checks that a refused action names its env and
// field in standard google.rpc details, in unary calls and in sessions.
func TestStep_ErrorDetails(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	for _, session := range []bool{false, true} {
		r, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 4}, session)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		if _, err := r.Reset(1); err != nil {
			t.Fatal(err)
		}
		acts := r.Spec().NewActions(4)
		acts.Discrete[2*2] = 9 // env 2's move: out of range
		_, err = r.Step(acts)
		fv, infos := violations(err)
		if status.Code(err) != codes.InvalidArgument || len(fv) != 1 || len(infos) != 1 {
			t.Fatalf("session %v: %v with details %v %v: want INVALID_ARGUMENT with one field violation and one error info", session, err, fv, infos)
		}
		if fv[0].GetField() != "step.discrete[2]" || fv[0].GetDescription() == "" {
			t.Errorf("session %v: field violation %v, want field step.discrete[2]", session, fv[0])
		}
		md := infos[0].GetMetadata()
		if infos[0].GetReason() != envrpc.ReasonIllegalAction || infos[0].GetDomain() != envrpc.ErrorDomain ||
			md["env"] != "2" || md["field"] != "step.discrete" || md["part"] != `discrete[0] "move"` {
			t.Errorf("session %v: error info %v", session, infos[0])
		}

		acts.Discrete[2*2] = 0
		acts.Continuous[3] = float32(math.NaN())
		_, err = r.Step(acts)
		fv, infos = violations(err)
		if len(fv) != 1 || fv[0].GetField() != "step.continuous[3]" || len(infos) != 1 || infos[0].GetMetadata()["env"] != "3" ||
			infos[0].GetMetadata()["part"] != "column 0" {
			t.Errorf("session %v: non-finite value: %v with details %v %v", session, err, fv, infos)
		}

		_, err = r.StepBox(make([]float32, 4*r.Spec().BoxSize()))
		fv, infos = violations(err)
		if status.Code(err) != codes.InvalidArgument || len(fv) != 1 || fv[0].GetField() != "step.box" || len(infos) != 0 {
			t.Errorf("session %v: box on a native pool: %v with details %v %v: want one field violation step.box", session, err, fv, infos)
		}
	}
}

// uint64s decodes a uint64 tensor.
func uint64s(t *flickv1.Tensor) []uint64 {
	out := make([]uint64, len(t.GetData())/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(t.GetData()[8*i:])
	}
	return out
}

// TestAgentSeat_AlternateFormula checks the .proto's formula of
// AGENT_SEAT_ALTERNATE, computed from the pool seed alone: seat (e + k mod
// P) mod P, k = EnvKey(s, env_offset + i) by SplitMix64.
func TestAgentSeat_AlternateFormula(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	const n, players, offset, seed = 6, 3, 5, 12345
	resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: n, Options: map[string]string{"players": strconv.Itoa(players), "rounds": "1"},
		View: flickv1.View_VIEW_SINGLE_AGENT, AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE, EnvOffset: offset,
	}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	const g = 0x9e3779b97f4a7c15
	mix := func(z uint64) uint64 {
		z += g
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	b, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: new(uint64(seed))})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int32]bool{}
	for step := 0; step < 40; step++ {
		batch := b.GetBatch()
		seats := envrpctest.DecodeInt32(batch.GetAgentSeat())
		eps := uint64s(batch.GetEpisode())
		ended := batch.GetTerminated().GetData()
		for i := range n {
			if ended[i] == 1 {
				continue // NEXT_STEP: the row is the ended episode's
			}
			k := mix(mix(seed) + uint64(offset+i)*g)
			if want := int32((eps[i] + k%players) % players); seats[i] != want {
				t.Fatalf("step %d env %d episode %d: agent seat %d, want %d by the .proto's formula", step, i, eps[i], seats[i], want)
			}
			seen[seats[i]] = true
		}
		// Gain, the first value of the first head, is always legal.
		st, err := e.Client.Step(ctx, &flickv1.StepRequest{PoolId: pid,
			Discrete:   envrpctest.Tensor(make([]int32, 2*n), n, 2),
			Continuous: envrpctest.Tensor(make([]float32, n), n, 1)})
		if err != nil {
			t.Fatal(err)
		}
		b = &flickv1.ResetResponse{Batch: st.GetBatch()}
	}
	if len(seen) != players {
		t.Errorf("seats seen %v, want all %d", seen, players)
	}
}

// TestEpisodeLength_AgentSteps checks that episode_length counts the
// agent's Steps in VIEW_SINGLE_AGENT: a game of rounds turns per seat lasts
// rounds agent steps, the opponents' turns uncounted.
func TestEpisodeLength_AgentSteps(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	const n, rounds = 3, 4
	resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: n, Options: map[string]string{"players": "3", "rounds": strconv.Itoa(rounds)},
		View: flickv1.View_VIEW_SINGLE_AGENT, AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE,
	}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	if _, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: new(uint64(1))}); err != nil {
		t.Fatal(err)
	}
	for step := 1; step <= rounds; step++ {
		st, err := e.Client.Step(ctx, &flickv1.StepRequest{PoolId: pid,
			Discrete:   envrpctest.Tensor(make([]int32, 2*n), n, 2),
			Continuous: envrpctest.Tensor(make([]float32, n), n, 1)})
		if err != nil {
			t.Fatal(err)
		}
		term := st.GetBatch().GetTerminated().GetData()
		lens := envrpctest.DecodeInt32(st.GetBatch().GetEpisodeLength())
		for i := range n {
			if (term[i] == 1) != (step == rounds) || (step == rounds && lens[i] != rounds) {
				t.Errorf("step %d env %d: terminated %v, episode_length %d; want the end after %d agent steps", step, i, term[i], lens[i], rounds)
			}
		}
	}
}
