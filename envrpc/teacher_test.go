package envrpc_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// teacherServer serves Flickago and Race with the built-in aimer and planner-lite
// (Flickago only) as opponents and teachers, plus opts.
func teacherServer(t *testing.T, opts ...envrpc.Option) *envrpctest.Env {
	t.Helper()
	reg := raceRegistry(t)
	if err := flickago.Register(reg); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"aimer", "planner-lite"} {
		bot, err := builtin.New(name)
		if err != nil {
			t.Fatal(err)
		}
		plays := func(g env.Game) bool { return g.Spec().ID == flickago.ID }
		opts = append(opts, envrpc.WithOpponentSpec(name, envrpc.Opponent{Policy: bot, Plays: plays, Version: bot.Version()}))
	}
	return envrpctest.NewServer(t, reg, opts...)
}

// teacherAction returns the native StepRequest that plays the teacher's advice of b.
func teacherAction(pid string, b *flickv1.Batch) *flickv1.StepRequest {
	return &flickv1.StepRequest{PoolId: pid, Discrete: b.GetTeacherDiscrete(), Continuous: b.GetTeacherContinuous()}
}

// TestTeacher_ChangesNoTrajectory: a Flickago pool whose agent plays its teacher's advice
// (the aimer, against the aimer, REJECT mode: the server would refuse an illegal advice)
// and a pool without a teacher given the same actions go through the same states, bit for
// bit (observations, rewards, state hashes), so the teacher draws nothing from the game's
// or the opponent's streams; and a second teacher pool gets the same advice.
func TestTeacher_ChangesNoTrajectory(t *testing.T) {
	const n, steps = 4, 30
	e := teacherServer(t)
	ctx := testCtx(t)
	newPool := func(teacher string) string {
		resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
			GameId: flickago.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "aimer",
			AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE, Teacher: teacher}})
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.GetSpec().GetConfig().GetTeacher(); got != teacher {
			t.Fatalf("PoolSpec teacher %q, want %q", got, teacher)
		}
		return resp.GetSpec().GetPoolId()
	}
	with, again, without := newPool("aimer"), newPool("aimer"), newPool("")
	seed := uint64(8)
	reset := func(pid string) *flickv1.Batch {
		r, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: &seed})
		if err != nil {
			t.Fatal(err)
		}
		return r.GetBatch()
	}
	bw, ba, bo := reset(with), reset(again), reset(without)
	ended := 0
	for step := range steps {
		same := func(name string, a, b *flickv1.Tensor) {
			if !bytes.Equal(a.GetData(), b.GetData()) {
				t.Fatalf("step %d: %s differs with the teacher", step, name)
			}
		}
		same("state_hash", bw.GetStateHash(), bo.GetStateHash())
		same("obs", bw.GetObs(), bo.GetObs())
		same("reward", bw.GetReward(), bo.GetReward())
		same("teacher_discrete of a second pool", bw.GetTeacherDiscrete(), ba.GetTeacherDiscrete())
		same("teacher_continuous of a second pool", bw.GetTeacherContinuous(), ba.GetTeacherContinuous())
		if bo.GetTeacherDiscrete() != nil {
			t.Fatal("a pool without a teacher sends teacher_discrete")
		}
		if got := bw.GetTeacherDiscrete().GetShape(); len(got) != 2 || got[0] != n {
			t.Fatalf("teacher_discrete shape %v, want [%d, heads]", got, n)
		}
		act := teacherAction(with, bw)
		step := func(pid string) *flickv1.Batch {
			req := teacherAction(pid, bw)
			req.Discrete, req.Continuous = act.Discrete, act.Continuous
			r, err := e.Client.Step(ctx, req)
			if err != nil {
				t.Fatalf("step %d, pool %s: %v", step, pid, err)
			}
			return r.GetBatch()
		}
		bw, ba, bo = step(with), step(again), step(without)
		for _, d := range bw.GetTerminated().GetData() {
			ended += int(d)
		}
	}
	t.Logf("%d episodes ended in %d steps of %d envs", ended, steps, n)
}

// TestTeacher_Refused: an unknown teacher, and one that does not play the pool's game, are
// INVALID_ARGUMENT naming config.teacher.
func TestTeacher_Refused(t *testing.T) {
	e := teacherServer(t)
	for _, c := range []struct {
		teacher string
		want    string
	}{
		{"nobody", `unknown bot "nobody"`},
		{"aimer", "does not play " + race.ID},
	} {
		_, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
			GameId: race.ID, NumEnvs: 1, View: flickv1.View_VIEW_SINGLE_AGENT, Teacher: c.teacher}})
		wantCode(t, "teacher "+c.teacher, err, codes.InvalidArgument, "config.teacher", c.want)
	}
}

// TestTeacher_SelfPlayAndEndedRows: in VIEW_SELF_PLAY the teacher advises the seat to move
// (a random teacher's advice is legal for it: REJECT mode takes it), and a row whose episode
// ended (NEXT_STEP) gets no advice.
func TestTeacher_SelfPlayAndEndedRows(t *testing.T) {
	const n = 8
	e := teacherServer(t)
	ctx := testCtx(t)
	resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: n, Teacher: "random"}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	h, d := len(resp.GetSpec().GetGame().GetHeads()), len(resp.GetSpec().GetGame().GetDims())
	seed := uint64(2)
	r, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: pid, Seed: &seed})
	if err != nil {
		t.Fatal(err)
	}
	b, ended := r.GetBatch(), 0
	for range 200 {
		s, err := e.Client.Step(ctx, teacherAction(pid, b))
		if err != nil {
			t.Fatal(err)
		}
		b = s.GetBatch()
		disc, cont := envrpctest.DecodeInt32(b.GetTeacherDiscrete()), envrpctest.DecodeFloat32(b.GetTeacherContinuous())
		for i, term := range b.GetTerminated().GetData() {
			if term == 0 && b.GetTruncated().GetData()[i] == 0 {
				continue
			}
			ended++
			for _, x := range disc[i*h : (i+1)*h] {
				if x != 0 {
					t.Fatalf("env %d ended, but its advice is %v", i, disc[i*h:(i+1)*h])
				}
			}
			for _, x := range cont[i*d : (i+1)*d] {
				if x != 0 {
					t.Fatalf("env %d ended, but its advice is %v", i, cont[i*d:(i+1)*d])
				}
			}
		}
	}
	if ended == 0 {
		t.Fatal("no episode ended in 200 steps")
	}
}

// failingBot fails every decision.
type failingBot struct{}

func (failingBot) Act(env.Action, env.Turn, *rand.Rand) error { return errors.New("no idea") }

// TestTeacher_FaultIsTheServers: a teacher that fails is INTERNAL naming the teacher and the
// env; the batch is lost, so the pool then refuses Step until a Reset of every env.
func TestTeacher_FaultIsTheServers(t *testing.T) {
	const n = 3
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("dunce", failingBot{}))
	resp, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT, Teacher: "dunce"}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	seed := uint64(1)
	_, err = e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Seed: &seed})
	wantCode(t, "Reset with a failing teacher", err, codes.Internal, `teacher "dunce" failed`, "env 0", "no idea")
	err = stepAll(testCtx(t), e, pid, n)
	wantCode(t, "Step after", err, codes.FailedPrecondition, "interrupted", "Reset every env")
}

// TestTeacher_HonoursTheClientsDeadline: a slow teacher is cut short by the Step's
// deadline as opponents are (issue 35's interruption rules): DeadlineExceeded, the teacher
// stops being asked soon after, and the pool refuses Step until a Reset of every env.
func TestTeacher_HonoursTheClientsDeadline(t *testing.T) {
	bot := &slowBot{}
	const n = 80
	e := envrpctest.NewServer(t, raceRegistry(t), envrpc.WithOpponent("bot", bot))
	resp, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: n, View: flickv1.View_VIEW_SINGLE_AGENT, Teacher: "bot"}})
	if err != nil {
		t.Fatal(err)
	}
	pid := resp.GetSpec().GetPoolId()
	seed := uint64(3)
	if _, err := e.Client.Reset(testCtx(t), &flickv1.ResetRequest{PoolId: pid, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	bot.calls.Store(0)
	bot.slow.Store(true)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	err = stepAll(ctx, e, pid, n)
	atEnd := bot.calls.Load()
	wantCode(t, "Step past its deadline", err, codes.DeadlineExceeded)
	checkStopped(t, bot, e, pid, n, atEnd)
}
