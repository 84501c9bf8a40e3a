package envrpc_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	"github.com/flickarena/flickarena/internal/catalogue"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// faultyGame is Race with a fault on demand (option "fault"): "step" panics in the game's
// Step at the fourth step of an episode, "spec" panics in OptionSpecs, outside the
// Vector's recovery.
type faultyGame struct {
	env.Game
	fault string
	steps int
}

func (g *faultyGame) Reset(rng *rand.Rand) error { g.steps = 0; return g.Game.Reset(rng) }

func (g *faultyGame) Step(a env.Action) (env.Status, error) {
	if g.steps++; g.fault == "step" && g.steps == 4 {
		panic("faulty game: step " + strconv.Itoa(g.steps))
	}
	return g.Game.Step(a)
}

func (g *faultyGame) OptionSpecs() env.OptionSpecs {
	if g.fault == "spec" {
		panic("faulty game: option specs")
	}
	return g.Game.(env.OptionDeclarer).OptionSpecs()
}

// faultyID is the id of faultyGame in localServer's registry.
const faultyID = "test/faulty-v1"

// localServer serves every game of the catalogue and faultyGame over an in-memory gRPC
// connection, with the random bot and the aimer as opponents and teachers.
func localServer(t *testing.T) *envrpctest.Env {
	t.Helper()
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	err = reg.Register(faultyID, func(o env.Options) (env.Game, error) {
		rest := env.Options{}
		for k, v := range o {
			if k != "fault" {
				rest[k] = v
			}
		}
		g, err := race.Factory(rest)
		if err != nil {
			return nil, err
		}
		return &faultyGame{Game: g, fault: o["fault"]}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	aimer, err := builtin.New("aimer")
	if err != nil {
		t.Fatal(err)
	}
	plays := func(g env.Game) bool {
		id := g.Spec().ID
		return strings.HasPrefix(id, "flickago") || strings.HasPrefix(id, "flickemup")
	}
	return envrpctest.NewServer(t, reg, envrpc.WithOpponentSpec("aimer", envrpc.Opponent{Policy: aimer, Plays: plays, Version: aimer.Version()}))
}

// twinPools are one pool config made twice on one server: through gRPC and in process.
type twinPools struct {
	t      *testing.T
	e      *envrpctest.Env
	cfg    *flickv1.PoolConfig
	wireID string
	local  *envrpc.LocalPool
	buf    envrpc.Buffers
	spec   *env.Spec
	format flickv1.ActionFormat
	bins   int
	n      int
	last   *flickv1.Batch // the wire's last batch
}

// newTwins creates cfg both ways and checks that they answer the same spec.
func newTwins(t *testing.T, e *envrpctest.Env, cfg *flickv1.PoolConfig) *twinPools {
	t.Helper()
	ctx := testCtx(t)
	req := &flickv1.CreatePoolRequest{Config: cfg}
	wresp, werr := e.Client.CreatePool(ctx, req)
	lp, lresp, lerr := e.Server.NewLocalPool(req)
	sameError(t, "create", werr, lerr)
	if werr != nil {
		t.Fatalf("create: %v", werr)
	}
	t.Cleanup(func() { _ = lp.Close() })
	w, l := proto.CloneOf(wresp), proto.CloneOf(lresp)
	if w.GetSpec().GetPoolId() == "" || l.GetSpec().GetPoolId() == "" || w.GetSpec().GetPoolId() == l.GetSpec().GetPoolId() {
		t.Fatalf("pool ids %q and %q", w.GetSpec().GetPoolId(), l.GetSpec().GetPoolId())
	}
	w.Spec.PoolId, l.Spec.PoolId = "", ""
	if !proto.Equal(w, l) {
		t.Fatalf("create: the wire answered\n%v\nthe local pool\n%v", w, l)
	}
	if !proto.Equal(lp.Spec(), lresp.GetSpec()) {
		t.Errorf("Spec() %v, want the created spec", lp.Spec())
	}
	tp := &twinPools{
		t: t, e: e, cfg: cfg, wireID: wresp.GetSpec().GetPoolId(), local: lp, buf: lp.NewBuffers(),
		spec: envrpc.EnvSpec(wresp.GetSpec().GetGame()), format: wresp.GetSpec().GetConfig().GetActionFormat(),
		bins: int(wresp.GetSpec().GetConfig().GetBins()), n: int(cfg.GetNumEnvs()),
	}
	if err := lp.Bind(tp.buf); err != nil {
		t.Fatal(err)
	}
	return tp
}

// reset sends req to both pools and compares the answers.
func (tp *twinPools) reset(where string, req *flickv1.ResetRequest) error {
	ctx := testCtx(tp.t)
	wreq := proto.CloneOf(req)
	wreq.PoolId = tp.wireID
	wresp, werr := tp.e.Client.Reset(ctx, wreq)
	pr, lerr := tp.local.Reset(ctx, req)
	sameError(tp.t, where, werr, lerr)
	if werr == nil {
		tp.last = wresp.GetBatch()
		tp.sameBatch(where, pr)
	}
	return werr
}

// step sends req to both pools and compares the answers.
func (tp *twinPools) step(where string, req *flickv1.StepRequest) error {
	ctx := testCtx(tp.t)
	wreq := proto.CloneOf(req)
	wreq.PoolId = tp.wireID
	wresp, werr := tp.e.Client.Step(ctx, wreq)
	pr, lerr := tp.local.Step(ctx, req)
	sameError(tp.t, where, werr, lerr)
	if werr == nil {
		tp.last = wresp.GetBatch()
		tp.sameBatch(where, pr)
	}
	return werr
}

// batchFields are the Batch message's tensor fields by BufField (field number f+1).
var batchFields = func() []protoreflect.FieldDescriptor {
	fds := (&flickv1.Batch{}).ProtoReflect().Descriptor().Fields()
	out := make([]protoreflect.FieldDescriptor, envrpc.NumBufFields)
	for f := range envrpc.NumBufFields {
		out[f] = fds.ByNumber(protoreflect.FieldNumber(f + 1))
	}
	return out
}()

// sameBatch fails the test unless the local buffers hold, byte for byte, the tensors of the
// wire's last batch, with the same fields present and the layout's shapes.
func (tp *twinPools) sameBatch(where string, pr envrpc.Present) {
	tp.t.Helper()
	b := tp.last.ProtoReflect()
	lay := tp.local.Layout()
	for f := range envrpc.NumBufFields {
		fd := batchFields[f]
		if string(fd.Name()) != f.String() {
			tp.t.Fatalf("field %d is %s in the Batch message, %s in envrpc", f+1, fd.Name(), f)
		}
		has := b.Has(fd)
		if has != pr.Has(f) {
			tp.t.Fatalf("%s: %s: on the wire %v, present locally %v (present %v)", where, f, has, pr.Has(f), pr)
		}
		if !has {
			continue
		}
		tensor := b.Get(fd).Message().Interface().(*flickv1.Tensor)
		shape := make([]int, len(tensor.GetShape()))
		for k, d := range tensor.GetShape() {
			shape[k] = int(d)
		}
		if tensor.GetDtype() != lay[f].DType || !slices.Equal(shape, lay[f].Shape) {
			tp.t.Fatalf("%s: %s: the wire's %v %v, the layout's %v %v", where, f, tensor.GetDtype(), shape, lay[f].DType, lay[f].Shape)
		}
		if got := tp.buf.RawBytes(f); !bytes.Equal(got, tensor.GetData()) {
			tp.t.Fatalf("%s: %s: %d local bytes differ from the wire's %d", where, f, len(got), len(tensor.GetData()))
		}
	}
}

// sameError fails the test unless a and b are both nil or both gRPC statuses of the same
// code, message and details.
func sameError(t *testing.T, where string, a, b error) {
	t.Helper()
	if (a == nil) != (b == nil) {
		t.Fatalf("%s: the wire said %v, the local pool %v", where, a, b)
	}
	if a == nil {
		return
	}
	sa, oka := status.FromError(a)
	sb, okb := status.FromError(b)
	if !oka || !okb {
		t.Fatalf("%s: not statuses: %v, %v", where, a, b)
	}
	if sa.Code() != sb.Code() || sa.Message() != sb.Message() {
		t.Fatalf("%s: the wire said %v: %s; the local pool %v: %s", where, sa.Code(), sa.Message(), sb.Code(), sb.Message())
	}
	da, db := sa.Details(), sb.Details()
	if len(da) != len(db) {
		t.Fatalf("%s: %d details on the wire, %d locally", where, len(da), len(db))
	}
	for k := range da {
		ma, oka := da[k].(proto.Message)
		mb, okb := db[k].(proto.Message)
		if !oka || !okb || !proto.Equal(ma, mb) {
			t.Fatalf("%s: detail %d: the wire's %v, the local %v", where, k, da[k], db[k])
		}
	}
}

// mode of a run of twin pools.
func (tp *twinPools) sameStep() bool {
	return tp.cfg.GetAutoresetMode() == flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP
}

func (tp *twinPools) reject() bool {
	return tp.cfg.GetIllegalMode() != flickv1.IllegalMode_ILLEGAL_MODE_REPLACE
}

// done reports whether env i's episode ended on the last call.
func (tp *twinPools) done(i int) bool { return tp.buf.Terminated[i] || tp.buf.Truncated[i] }

// acting reports whether env i's next action is applied: its episode runs.
func (tp *twinPools) acting(i int) bool {
	return tp.buf.StateHash[i] != 0 && (tp.sameStep() || !tp.done(i))
}

// draw fills env i's row of acts with a random legal action (zero for an env whose action
// is ignored).
func (tp *twinPools) draw(acts env.Actions, i int, rng *rand.Rand) {
	a := acts.At(tp.spec, i)
	clear(a.Discrete)
	clear(a.Continuous)
	if !tp.acting(i) {
		return
	}
	m := tp.spec.MaskSize()
	turn := env.Turn{Spec: tp.spec, Player: int(tp.buf.CurrentPlayer[i]), Obs: tp.buf.Obs[i*tp.spec.ObsSize() : (i+1)*tp.spec.ObsSize()],
		Mask: tp.buf.ActionMask[i*m : (i+1)*m], Game: envrpc.LocalGame(tp.local, i)}
	_ = env.RandomPolicy{}.Act(a, turn, rng) // never fails
}

// request encodes acts in the pool's action format (BOX: random scores, whatever acts say,
// for the pool's masks to decode).
func (tp *twinPools) request(acts env.Actions, rng *rand.Rand) *flickv1.StepRequest {
	n, h, d := int64(tp.n), int64(len(tp.spec.Heads)), int64(len(tp.spec.Dims))
	switch tp.format {
	case flickv1.ActionFormat_ACTION_FORMAT_BOX:
		box := make([]float32, tp.n*tp.spec.BoxSize())
		for k := range box {
			box[k] = float32(rng.Float64()*2 - 1)
		}
		return &flickv1.StepRequest{Box: envrpctest.Tensor(box, n, int64(tp.spec.BoxSize()))}
	case flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE:
		md := make([]int64, tp.n*int(h+d))
		for i := range tp.n {
			if err := tp.spec.EncodeMultiDiscrete(md[i*int(h+d):(i+1)*int(h+d)], acts.At(tp.spec, i), tp.bins); err != nil {
				tp.t.Fatal(err)
			}
		}
		return &flickv1.StepRequest{MultiDiscrete: envrpctest.Tensor(md, n, h+d)}
	}
	return &flickv1.StepRequest{Discrete: envrpctest.Tensor(acts.Discrete, n, h), Continuous: envrpctest.Tensor(acts.Continuous, n, d)}
}

// spoil returns req with env j's action made illegal in a way the pool's format can carry:
// a value the mask forbids or out of range, or a NaN.
func (tp *twinPools) spoil(req *flickv1.StepRequest, acts env.Actions, j int) *flickv1.StepRequest {
	bad := env.Actions{Discrete: slices.Clone(acts.Discrete), Continuous: slices.Clone(acts.Continuous)}
	a := bad.At(tp.spec, j)
	m := tp.spec.MaskSize()
	mask := tp.buf.ActionMask[j*m : (j+1)*m]
	a.Discrete[0] = int32(tp.spec.Heads[0].N) // out of range
	for v := range tp.spec.Heads[0].N {
		if !mask[v] {
			a.Discrete[0] = int32(v) // masked out
			break
		}
	}
	n, h, d := int64(tp.n), int64(len(tp.spec.Heads)), int64(len(tp.spec.Dims))
	switch tp.format {
	case flickv1.ActionFormat_ACTION_FORMAT_BOX:
		box := envrpctest.DecodeFloat32(req.GetBox())
		if d == 0 {
			return &flickv1.StepRequest{Box: envrpctest.Tensor(box[1:], n, int64(tp.spec.BoxSize()))} // a short tensor
		}
		box[(j+1)*tp.spec.BoxSize()-1] = float32(math.NaN())
		return &flickv1.StepRequest{Box: envrpctest.Tensor(box, n, int64(tp.spec.BoxSize()))}
	case flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE:
		md := make([]int64, tp.n*int(h+d))
		for i := range tp.n {
			_ = tp.spec.EncodeMultiDiscrete(md[i*int(h+d):(i+1)*int(h+d)], bad.At(tp.spec, i), tp.bins)
		}
		md[j*int(h+d)] = int64(a.Discrete[0])
		return &flickv1.StepRequest{MultiDiscrete: envrpctest.Tensor(md, n, h+d)}
	}
	if d > 0 && j%2 == 1 {
		a.Discrete[0] = acts.At(tp.spec, j).Discrete[0]
		a.Continuous[0] = float32(math.Inf(1))
	}
	return &flickv1.StepRequest{Discrete: envrpctest.Tensor(bad.Discrete, n, h), Continuous: envrpctest.Tensor(bad.Continuous, n, d)}
}

// refusedEnv returns the env an error's google.rpc.ErrorInfo names, or -1.
func refusedEnv(err error) int {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			if j, err := strconv.Atoi(info.GetMetadata()["env"]); err == nil {
				return j
			}
		}
	}
	return -1
}

// run plays steps steps of random legal actions on the twins, comparing every answer, with
// refused actions now and then (REJECT pools: every error compared; REPLACE pools:
// replaced), reset with the mask of the ended envs when autoreset is disabled, and a new
// seed now and then.
func (tp *twinPools) run(steps int, seed uint64) {
	t := tp.t
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	if err := tp.reset("reset", &flickv1.ResetRequest{Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	acts := tp.spec.NewActions(tp.n)
	disabled := tp.cfg.GetAutoresetMode() == flickv1.AutoresetMode_AUTORESET_MODE_DISABLED
	refused, illegal := 0, 0
	for step := range steps {
		where := fmt.Sprintf("step %d", step)
		if disabled {
			mask := make([]bool, tp.n)
			ended := false
			for i := range mask {
				mask[i] = tp.done(i)
				ended = ended || mask[i]
			}
			if ended {
				req := &flickv1.ResetRequest{Mask: envrpctest.Tensor(mask, int64(tp.n))}
				if step%2 == 0 {
					seeds := make([]uint64, tp.n)
					for i := range seeds {
						seeds[i] = rng.Uint64()
					}
					req.Seeds = envrpctest.Tensor(seeds, int64(tp.n))
				}
				if err := tp.reset(where+" partial reset", req); err != nil {
					t.Fatal(err)
				}
			}
		}
		if step == steps/2 {
			s := seed + 1
			if err := tp.reset(where+" reseed", &flickv1.ResetRequest{Seed: &s}); err != nil {
				t.Fatal(err)
			}
		}
		for i := range tp.n {
			tp.draw(acts, i, rng)
		}
		req := tp.request(acts, rng)
		if step%5 == 2 {
			for j := range tp.n {
				if tp.acting(j) {
					err := tp.step(where+" spoilt", tp.spoil(req, acts, j))
					switch {
					case err != nil:
						refused++
					case tp.reject():
						t.Fatalf("%s: a spoilt action of env %d was accepted", where, j)
					default:
						illegal++
						req = nil // the pools stepped
					}
					break
				}
			}
			if req == nil {
				continue
			}
		}
		for try := 0; ; try++ {
			err := tp.step(where, req)
			if err == nil {
				break
			}
			// A combination the game's joint rules forbid, of BOX scores or MULTI_DISCRETE
			// bins: both pools refused it alike; draw that env again.
			j := refusedEnv(err)
			if j < 0 || try == 20 || status.Code(err) != codes.InvalidArgument {
				t.Fatalf("%s: %v", where, err)
			}
			refused++
			tp.draw(acts, j, rng)
			req = tp.request(acts, rng)
		}
	}
	if refused+illegal == 0 {
		t.Errorf("no spoilt action in %d steps", steps)
	}
}

// localGames lists the configurations of TestLocalPool_MatchesWire: every game of the
// catalogue at its defaults, then each family's variants.
func localGames(reg []string) []*flickv1.PoolConfig {
	var out []*flickv1.PoolConfig
	for _, id := range reg {
		if id == faultyID {
			continue
		}
		out = append(out, &flickv1.PoolConfig{GameId: id, NumEnvs: 3})
	}
	const (
		showdown = "flickemup/showdown-v9"
		flickago = "flickago-v3"
	)
	short := map[string]map[string]string{ // options that end episodes within a run
		showdown: {"max_decisions": "15"}, flickago: {"max_turns": "6"}, "fliprando-v1": nil, "race-v1": {"rounds": "3"},
	}
	single := func(c *flickv1.PoolConfig) *flickv1.PoolConfig {
		c.View = flickv1.View_VIEW_SINGLE_AGENT
		return c
	}
	for _, id := range []string{"race-v1", flickago, showdown, "fliprando-v1"} {
		o := short[id]
		out = append(out,
			&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP,
				IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE, IllegalPenalty: 0.25, ObserveAllSeats: true},
			&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_DISABLED},
			single(&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP,
				AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE, Teacher: "random", ObserveAllSeats: true}),
			single(&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, AgentSeat: flickv1.AgentSeat_AGENT_SEAT_RANDOM,
				OpponentMix: []*flickv1.WeightedOpponent{{Name: "random", Weight: 1}}, IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE}),
			&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_BOX,
				IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE},
			&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_BOX},
			&flickv1.PoolConfig{GameId: id, NumEnvs: 4, Options: o, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE, Bins: 5},
			&flickv1.PoolConfig{GameId: id, NumEnvs: 3, Options: o, EnvOffset: 7, MaxEpisodeSteps: 5, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP},
		)
	}
	for _, id := range []string{flickago, showdown} {
		aim := map[string]string{"flick": "aim"}
		for k, v := range short[id] {
			aim[k] = v
		}
		out = append(out,
			&flickv1.PoolConfig{GameId: id, NumEnvs: 3, Options: aim},
			single(&flickv1.PoolConfig{GameId: id, NumEnvs: 3, Options: aim, Opponent: "aimer", Teacher: "aimer",
				AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP, ActionFormat: flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE}),
		)
	}
	return out
}

// TestLocalPool_MatchesWire proves the in-process pool and the gRPC server one path: for
// every game of the catalogue and the variants that matter (flick=aim; the NATIVE, BOX and
// MULTI_DISCRETE formats; self-play and single-agent views with opponents; all three
// autoreset modes with partial resets; observe_all_seats; a teacher; illegal actions
// rejected and replaced), the same requests made through LocalPool and through a real
// gRPC server give the same pool spec, byte-for-byte equal arrays with the same fields
// present for every call, and equal errors (code, message, details) for every refused
// action.
func TestLocalPool_MatchesWire(t *testing.T) {
	e := localServer(t)
	steps := 200
	if testing.Short() {
		steps = 40
	}
	games, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for k, cfg := range localGames(games.IDs()) {
		name := fmt.Sprintf("%d/%s/%v/%v/%v", k, cfg.GetGameId(), cfg.GetView(), cfg.GetAutoresetMode(), cfg.GetActionFormat())
		t.Run(name, func(t *testing.T) {
			newTwins(t, e, cfg).run(steps, uint64(k)+1)
		})
	}
}

// TestLocalPool_Errors checks the local pool's own errors beside the wire's: refused
// creations alike, a Reset before Bind, a bind of the wrong lengths or of a field the pool
// lacks (nothing changes), a pool id that is not the pool's, a game fault and a panic
// outside the games alike, and a closed pool (Close idempotent) refused as the wire
// refuses an unknown pool.
func TestLocalPool_Errors(t *testing.T) {
	e := localServer(t)
	ctx := testCtx(t)
	for _, cfg := range []*flickv1.PoolConfig{
		nil,
		{GameId: "nope-v1", NumEnvs: 1},
		{GameId: "race-v1", NumEnvs: 0},
		{GameId: "race-v1", NumEnvs: 1, Options: map[string]string{"rounds": "x"}},
		{GameId: "race-v1", NumEnvs: 1, Opponent: "random"},
		{GameId: "race-v1", NumEnvs: 1, View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "aimer"},
		{GameId: "race-v1", NumEnvs: 1 << 20},
		{GameId: faultyID, NumEnvs: 1, Options: map[string]string{"fault": "spec"}},
	} {
		req := &flickv1.CreatePoolRequest{Config: cfg}
		_, werr := e.Client.CreatePool(ctx, req)
		_, _, lerr := e.Server.NewLocalPool(req)
		if werr == nil {
			t.Fatalf("create %v: accepted", cfg)
		}
		sameError(t, fmt.Sprintf("create %v", cfg), werr, lerr)
	}

	lp, _, err := e.Server.NewLocalPool(&flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "race-v1", NumEnvs: 2}})
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if _, err := lp.Reset(ctx, &flickv1.ResetRequest{Seed: &seed}); status.Code(err) != codes.FailedPrecondition || !strings.Contains(err.Error(), "Bind") {
		t.Errorf("reset before bind: %v", err)
	}
	buf := lp.NewBuffers()
	for name, mutate := range map[string]func(b *envrpc.Buffers){
		"bind.obs":          func(b *envrpc.Buffers) { b.Obs = b.Obs[1:] },
		"bind.action_mask":  func(b *envrpc.Buffers) { b.ActionMask = append(b.ActionMask, true) },
		"bind.final_obs":    func(b *envrpc.Buffers) { b.FinalObs = make([]float32, len(b.Obs)) },
		"bind.agent_seat":   func(b *envrpc.Buffers) { b.AgentSeat = make([]int32, 2) },
		"bind.episode":      func(b *envrpc.Buffers) { b.Episode = nil },
		"bind.obs_all_seat": func(b *envrpc.Buffers) { b.ObsAllSeats = make([]float32, 1) },
	} {
		b := buf
		mutate(&b)
		if err := lp.Bind(b); status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := lp.Reset(ctx, &flickv1.ResetRequest{Seed: &seed}); status.Code(err) != codes.FailedPrecondition {
		t.Errorf("reset after refused binds: %v", err)
	}
	if err := lp.Bind(buf); err != nil {
		t.Fatal(err)
	}
	pr, err := lp.Reset(ctx, &flickv1.ResetRequest{Seed: &seed})
	if err != nil || pr.String() != "obs|reward|terminated|truncated|current_player|action_mask|state_hash|episode|illegal|episode_return|episode_length" {
		t.Fatalf("reset: %v, present %v", err, pr)
	}
	if buf.StateHash[0] == 0 || buf.StateHash[1] == 0 || !slices.Contains(buf.ActionMask, true) {
		t.Errorf("the bound memory was not written: hashes %v, mask %v", buf.StateHash, buf.ActionMask)
	}
	_, err = lp.Step(ctx, &flickv1.StepRequest{PoolId: "pool-other"})
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "step.pool_id") {
		t.Errorf("another pool's id: %v", err)
	}

	// A game that panics in its Step: the Vector's fault, an Internal error alike.
	tp := newTwins(t, e, &flickv1.PoolConfig{GameId: faultyID, NumEnvs: 2, Options: map[string]string{"fault": "step"}})
	if err := tp.reset("reset", &flickv1.ResetRequest{Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	faulted := false
	acts := tp.spec.NewActions(2)
	for step := range 6 {
		err := tp.step(fmt.Sprintf("faulty step %d", step), tp.request(acts, nil))
		if err != nil {
			faulted = true
			if status.Code(err) != codes.Internal || !strings.Contains(err.Error(), "faulty game: step 4") {
				t.Errorf("fault: %v", err)
			}
		}
	}
	if !faulted {
		t.Error("the faulty game never faulted")
	}

	if err := lp.Close(); err != nil {
		t.Fatal(err)
	}
	if err := lp.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
	_, lerr := lp.Step(ctx, &flickv1.StepRequest{})
	id := lp.Spec().GetPoolId()
	_, werr := e.Client.Step(ctx, &flickv1.StepRequest{PoolId: id})
	sameError(t, "closed", werr, lerr)
	if status.Code(lerr) != codes.NotFound {
		t.Errorf("closed: %v", lerr)
	}
	if err := lp.Bind(buf); status.Code(err) != codes.NotFound {
		t.Errorf("bind after close: %v", err)
	}
}
