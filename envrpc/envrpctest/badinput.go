package envrpctest

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// wantErr checks that err has code and that its message contains every
// part.
func wantErr(t *testing.T, what string, err error, code codes.Code, parts ...string) {
	t.Helper()
	st, _ := status.FromError(err)
	if err == nil || st.Code() != code {
		t.Errorf("%s: got %v, want code %v", what, err, code)
		return
	}
	for _, p := range parts {
		if !strings.Contains(st.Message(), p) {
			t.Errorf("%s: message %q does not name %q", what, st.Message(), p)
		}
	}
}

// wantEnvDetail checks that err carries the google.rpc details the .proto
// promises for an illegal action of env j carried by field: a BadRequest
// whose violation's field is field[j], and an ErrorInfo ILLEGAL_ACTION with
// metadata env j and field.
func wantEnvDetail(t *testing.T, what string, err error, field string, j int) {
	t.Helper()
	var path, env, mdField string
	var reason string
	for _, d := range status.Convert(err).Details() {
		switch d := d.(type) {
		case *errdetails.BadRequest:
			if v := d.GetFieldViolations(); len(v) > 0 {
				path = v[0].GetField()
			}
		case *errdetails.ErrorInfo:
			reason, env, mdField = d.GetReason(), d.GetMetadata()["env"], d.GetMetadata()["field"]
		}
	}
	if want := fmt.Sprintf("%s[%d]", field, j); path != want || reason != envrpc.ReasonIllegalAction || env != strconv.Itoa(j) || mdField != field {
		t.Errorf("%s: details: field violation %q, error info %s env %q field %q; want %s, %s env %d field %s",
			what, path, reason, env, mdField, want, envrpc.ReasonIllegalAction, j, field)
	}
}

// twin is a remote pool and an in-process Vector driven in lockstep with
// legal actions; bad requests go to the remote pool only, which must then
// still step exactly like the Vector.
type twin struct {
	s      *suite
	local  *env.Vector
	remote *envrpc.RemoteVector
	bl     *env.Batch
	act    env.Actions
	rng    *rand.Rand
	j      int // a running env, the target of bad actions
}

// newTwin resets both sides and plays a few legal steps.
func (s *suite) newTwin(t *testing.T, c env.Config) *twin {
	t.Helper()
	local, remote := s.pair(t, c, false)
	tw := &twin{s: s, local: local, remote: remote, act: local.Spec().NewActions(local.NumEnvs()), rng: s.rng(5)}
	seed := s.cfg.Seed + 41
	bl, errl := local.Reset(seed)
	br, errr := remote.Reset(seed)
	s.same(t, "Reset", bl, errl, br, errr)
	tw.bl = bl
	for range 3 {
		tw.advance(t)
	}
	return tw
}

// advance steps both sides with legal actions until some env runs, and
// picks the last running env as j; it then draws the next legal actions.
func (tw *twin) advance(t *testing.T) {
	t.Helper()
	for range 1000 {
		var bl, br *env.Batch
		var errl, errr error
		if mask, ended := doneMask(tw.bl); ended && tw.local.Config().Autoreset == env.Disabled {
			bl, errl = tw.local.ResetMask(mask, nil)
			br, errr = tw.remote.ResetMask(mask, nil)
		} else {
			randomActions(tw.local, tw.bl, tw.act, tw.rng)
			bl, errl = tw.local.Step(tw.act)
			br, errr = tw.remote.Step(tw.act)
		}
		tw.s.same(t, "legal step", bl, errl, br, errr)
		if errl != nil {
			t.Fatalf("legal step: %v", errl)
		}
		tw.bl = bl
		tw.j = -1
		for i := range bl.NumEnvs {
			if !bl.Done(i) {
				tw.j = i
			}
		}
		if tw.j >= 0 {
			randomActions(tw.local, tw.bl, tw.act, tw.rng)
			return
		}
	}
	t.Fatal("no env running after 1000 steps")
}

// nativeRequest returns the StepRequest of the current legal actions,
// encoded independently of the server's encoder.
func (tw *twin) nativeRequest() *flickv1.StepRequest {
	spec := tw.local.Spec()
	n, h, d := int64(tw.local.NumEnvs()), int64(len(spec.Heads)), int64(len(spec.Dims))
	return &flickv1.StepRequest{
		PoolId:     tw.remote.PoolSpec().GetPoolId(),
		Discrete:   Tensor(slices.Clone(tw.act.Discrete), n, h),
		Continuous: Tensor(slices.Clone(tw.act.Continuous), n, d),
	}
}

// withAction returns the native request of the current actions with env
// j's action changed by mutate.
func (tw *twin) withAction(mutate func(a env.Action)) *flickv1.StepRequest {
	a := env.Actions{Discrete: slices.Clone(tw.act.Discrete), Continuous: slices.Clone(tw.act.Continuous)}
	mutate(a.At(tw.local.Spec(), tw.j))
	spec := tw.local.Spec()
	n, h, d := int64(tw.local.NumEnvs()), int64(len(spec.Heads)), int64(len(spec.Dims))
	return &flickv1.StepRequest{PoolId: tw.remote.PoolSpec().GetPoolId(), Discrete: Tensor(a.Discrete, n, h), Continuous: Tensor(a.Continuous, n, d)}
}

// badCase is one malformed or illegal request and the error it must give.
type badCase struct {
	name  string
	req   func() *flickv1.StepRequest
	code  codes.Code
	parts []string // substrings of the message: the field, the env
}

// testBadInput sends every kind of bad request and checks codes, messages
// and that nothing changed.
func (s *suite) testBadInput(t *testing.T) {
	t.Run("Step", s.testBadStep)
	t.Run("Reset", s.testBadReset)
	t.Run("CreatePool", s.testBadCreate)
	t.Run("Precondition", s.testPrecondition)
	t.Run("ClosePool", func(t *testing.T) {
		_, err := s.client.ClosePool(s.ctx(t), &flickv1.ClosePoolRequest{PoolId: "pool-no-such-pool"})
		wantErr(t, "ClosePool of an unknown pool", err, codes.NotFound, "close_pool.pool_id", "pool-no-such-pool")
	})
}

// testBadStep checks every bad StepRequest against a twin.
func (s *suite) testBadStep(t *testing.T) {
	tw := s.newTwin(t, env.Config{MaxEpisodeSteps: episodeLimit})
	spec := tw.local.Spec()
	n := int64(tw.local.NumEnvs())
	var cases []badCase
	add := func(name string, code codes.Code, req func() *flickv1.StepRequest, parts ...string) {
		cases = append(cases, badCase{name, req, code, parts})
	}
	pool := tw.remote.PoolSpec().GetPoolId()
	envName := func() string { return fmt.Sprintf("env %d", tw.j) }

	if len(spec.Heads) > 0 {
		add("discrete as float32", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Discrete.Dtype = flickv1.DType_DTYPE_FLOAT32
			return r
		}, "step.discrete", "dtype")
		add("discrete with one env too many", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Discrete.Shape[0] = n + 1
			return r
		}, "step.discrete", "shape")
		add("discrete one byte short", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Discrete.Data = r.Discrete.Data[:len(r.Discrete.Data)-1]
			return r
		}, "step.discrete", "bytes")
		add("discrete missing", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Discrete = nil
			return r
		}, "step.discrete", "missing")
		for h, hd := range spec.Heads {
			add(fmt.Sprintf("head %s = N", hd.Name), codes.InvalidArgument, func() *flickv1.StepRequest {
				return tw.withAction(func(a env.Action) { a.Discrete[h] = int32(hd.N) })
			}, "step.discrete", hd.Name)
			add(fmt.Sprintf("head %s = -1", hd.Name), codes.InvalidArgument, func() *flickv1.StepRequest {
				return tw.withAction(func(a env.Action) { a.Discrete[h] = -1 })
			}, "step.discrete", hd.Name)
		}
	}
	if len(spec.Dims) > 0 {
		add("continuous missing", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Continuous = nil
			return r
		}, "step.continuous", "missing")
		add("continuous as int32", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Continuous.Dtype = flickv1.DType_DTYPE_INT32
			return r
		}, "step.continuous", "dtype")
		add("continuous flat", codes.InvalidArgument, func() *flickv1.StepRequest {
			r := tw.nativeRequest()
			r.Continuous.Shape = []int64{n * int64(len(spec.Dims))}
			return r
		}, "step.continuous", "shape")
		for _, x := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
			add(fmt.Sprintf("continuous %v", x), codes.InvalidArgument, func() *flickv1.StepRequest {
				return tw.withAction(func(a env.Action) { a.Continuous[0] = x })
			}, "step.continuous", "finite")
		}
		for d, dm := range spec.Dims {
			above := dm.High + (dm.High-dm.Low)/2
			if !finiteF(above) {
				above = math.MaxFloat32
			}
			add(fmt.Sprintf("dim %s above its bound", dm.Name), codes.InvalidArgument, func() *flickv1.StepRequest {
				return tw.withAction(func(a env.Action) { a.Continuous[d] = above })
			}, "step.continuous", dm.Name)
		}
	}
	add("box on a native pool", codes.InvalidArgument, func() *flickv1.StepRequest {
		r := tw.nativeRequest()
		r.Box = Tensor(make([]float32, int(n)*spec.BoxSize()), n, int64(spec.BoxSize()))
		return r
	}, "step.box", "format")
	add("unknown pool", codes.NotFound, func() *flickv1.StepRequest {
		r := tw.nativeRequest()
		r.PoolId = pool + "-x"
		return r
	}, "step.pool_id", pool+"-x")
	add("no pool id", codes.InvalidArgument, func() *flickv1.StepRequest {
		r := tw.nativeRequest()
		r.PoolId = ""
		return r
	}, "step.pool_id")

	ctx := s.ctx(t)
	for _, c := range cases {
		_, err := s.client.Step(ctx, c.req())
		wantErr(t, c.name, err, c.code, c.parts...)
		tw.advance(t) // and compares: nothing changed on the remote side
	}

	// Range errors name the env: the target env is the last running one.
	for h, hd := range spec.Heads {
		_, err := s.client.Step(ctx, tw.withAction(func(a env.Action) { a.Discrete[h] = int32(hd.N) }))
		wantErr(t, "out-of-range head", err, codes.InvalidArgument, envName())
		wantEnvDetail(t, "out-of-range head", err, "step.discrete", tw.j)
		tw.advance(t)
	}
	// A value the mask refuses, and a combination the game's joint rules
	// refuse, if the current states offer one.
	for try := 0; try < 20; try++ {
		if masked, ok := maskedOut(spec, tw.bl.MaskAt(tw.j)); ok {
			_, err := s.client.Step(ctx, tw.withAction(func(a env.Action) { a.Discrete[masked.head] = int32(masked.value) }))
			wantErr(t, fmt.Sprintf("head %d value %d masked out", masked.head, masked.value), err, codes.InvalidArgument, "step.discrete", envName())
			wantEnvDetail(t, "masked-out value", err, "step.discrete", tw.j)
			tw.advance(t)
			break
		}
		tw.advance(t)
	}
	if joint, ok := s.jointIllegal(tw); ok {
		_, err := s.client.Step(ctx, tw.withAction(func(a env.Action) { a.CopyFrom(joint) }))
		wantErr(t, fmt.Sprintf("jointly illegal action %v", joint), err, codes.InvalidArgument, envName())
		tw.advance(t)
	}
}

// masked is a head value the mask refuses.
type masked struct{ head, value int }

// maskedOut returns a value of some head that mask refuses.
func maskedOut(spec *env.Spec, mask []bool) (masked, bool) {
	for h, hd := range spec.Heads {
		off := spec.MaskOffset(h)
		if v := slices.Index(mask[off:off+hd.N], false); v >= 0 {
			return masked{h, v}, true
		}
	}
	return masked{}, false
}

// jointIllegal searches for an action the mask allows but env j's game
// refuses.
func (s *suite) jointIllegal(tw *twin) (env.Action, bool) {
	spec := tw.local.Spec()
	mask := tw.bl.MaskAt(tw.j)
	g := tw.local.Game(tw.j)
	rng := s.rng(9)
	a := spec.NewAction()
	for range 1000 {
		for h, hd := range spec.Heads {
			off := spec.MaskOffset(h)
			var allowed []int32
			for v := range hd.N {
				if mask[off+v] {
					allowed = append(allowed, int32(v))
				}
			}
			a.Discrete[h] = allowed[rng.IntN(len(allowed))]
		}
		for d, dm := range spec.Dims {
			a.Continuous[d] = dm.Low + float32(rng.Float64())*(dm.High-dm.Low)
		}
		if g.Validate(a) != nil {
			return a, true
		}
	}
	return env.Action{}, false
}

// testBadReset checks every bad ResetRequest against a twin.
func (s *suite) testBadReset(t *testing.T) {
	tw := s.newTwin(t, env.Config{MaxEpisodeSteps: episodeLimit})
	n := int64(tw.local.NumEnvs())
	pool := tw.remote.PoolSpec().GetPoolId()
	mask := make([]bool, n)
	mask[0] = true
	seed := uint64(7)
	badBool := Tensor(mask, n)
	badBool.Data[0] = 2
	cases := []struct {
		name  string
		req   *flickv1.ResetRequest
		code  codes.Code
		parts []string
	}{
		{"mask with one env too many", &flickv1.ResetRequest{PoolId: pool, Mask: Tensor(append(slices.Clone(mask), true), n+1)}, codes.InvalidArgument, []string{"reset.mask", "shape"}},
		{"mask as int32", &flickv1.ResetRequest{PoolId: pool, Mask: Tensor(make([]int32, n), n)}, codes.InvalidArgument, []string{"reset.mask", "dtype"}},
		{"mask byte 2", &flickv1.ResetRequest{PoolId: pool, Mask: badBool}, codes.InvalidArgument, []string{"reset.mask", "0 or 1"}},
		{"seeds as int64", &flickv1.ResetRequest{PoolId: pool, Seeds: Tensor(make([]int64, n), n)}, codes.InvalidArgument, []string{"reset.seeds", "dtype"}},
		{"seeds too few", &flickv1.ResetRequest{PoolId: pool, Seeds: Tensor(make([]uint64, n-1), n-1)}, codes.InvalidArgument, []string{"reset.seeds", "shape"}},
		{"seed with a mask", &flickv1.ResetRequest{PoolId: pool, Seed: &seed, Mask: Tensor(mask, n)}, codes.InvalidArgument, []string{"reset.seed"}},
		{"unknown pool", &flickv1.ResetRequest{PoolId: pool + "-x"}, codes.NotFound, []string{"reset.pool_id", pool + "-x"}},
	}
	ctx := s.ctx(t)
	for _, c := range cases {
		_, err := s.client.Reset(ctx, c.req)
		wantErr(t, c.name, err, c.code, c.parts...)
		tw.advance(t)
	}
}

// testBadCreate checks every bad CreatePoolRequest.
func (s *suite) testBadCreate(t *testing.T) {
	ctx := s.ctx(t)
	info, err := s.client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatalf("GetServerInfo: %v", err)
	}
	base := func() *flickv1.PoolConfig {
		return &flickv1.PoolConfig{GameId: s.id, NumEnvs: int32(s.cfg.NumEnvs), Options: s.cfg.Options}
	}
	nan := float32(math.NaN())
	cases := []struct {
		name   string
		mutate func(c *flickv1.PoolConfig)
		code   codes.Code
		field  string
	}{
		{"unknown game", func(c *flickv1.PoolConfig) { c.GameId = "nosuchgame/none-v1" }, codes.NotFound, "config.game_id"},
		{"no game", func(c *flickv1.PoolConfig) { c.GameId = "" }, codes.InvalidArgument, "config.game_id"},
		{"no envs", func(c *flickv1.PoolConfig) { c.NumEnvs = 0 }, codes.InvalidArgument, "config.num_envs"},
		{"negative envs", func(c *flickv1.PoolConfig) { c.NumEnvs = -3 }, codes.InvalidArgument, "config.num_envs"},
		{"envs over the limit", func(c *flickv1.PoolConfig) { c.NumEnvs = info.GetLimits().GetMaxEnvsPerPool() + 1 }, codes.ResourceExhausted, "config.num_envs"},
		{"unknown option", func(c *flickv1.PoolConfig) {
			c.Options = map[string]string{"no_such_option_xyz": "1"}
			for k, v := range s.cfg.Options {
				c.Options[k] = v
			}
		}, codes.InvalidArgument, "config.options"},
		{"autoreset mode 99", func(c *flickv1.PoolConfig) { c.AutoresetMode = 99 }, codes.InvalidArgument, "config.autoreset_mode"},
		{"view 99", func(c *flickv1.PoolConfig) { c.View = 99 }, codes.InvalidArgument, "config.view"},
		{"illegal mode 99", func(c *flickv1.PoolConfig) { c.IllegalMode = 99 }, codes.InvalidArgument, "config.illegal_mode"},
		{"action format 99", func(c *flickv1.PoolConfig) { c.ActionFormat = 99 }, codes.InvalidArgument, "config.action_format"},
		{"opponent in self-play", func(c *flickv1.PoolConfig) { c.Opponent = "random" }, codes.InvalidArgument, "config.opponent"},
		{"unknown opponent", func(c *flickv1.PoolConfig) {
			c.View, c.Opponent = flickv1.View_VIEW_SINGLE_AGENT, "nosuchbot"
		}, codes.InvalidArgument, "config.opponent"},
		{"bins without multi-discrete", func(c *flickv1.PoolConfig) { c.Bins = 5 }, codes.InvalidArgument, "config.bins"},
		{"one bin", func(c *flickv1.PoolConfig) {
			c.ActionFormat, c.Bins = flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE, 1
		}, codes.InvalidArgument, "config.bins"},
		{"NaN penalty", func(c *flickv1.PoolConfig) { c.IllegalPenalty = nan }, codes.InvalidArgument, "config.illegal_penalty"},
		{"negative penalty", func(c *flickv1.PoolConfig) { c.IllegalPenalty = -1 }, codes.InvalidArgument, "config.illegal_penalty"},
		{"NaN shaping", func(c *flickv1.PoolConfig) { c.Shaping = nan }, codes.InvalidArgument, "config.shaping"},
		{"penalty 3e38", func(c *flickv1.PoolConfig) { c.IllegalPenalty = 3e38 }, codes.InvalidArgument, "config.illegal_penalty"},
		{"shaping 3e38", func(c *flickv1.PoolConfig) { c.Shaping = 3e38 }, codes.InvalidArgument, "config.shaping"},
		{"shaping -3e38", func(c *flickv1.PoolConfig) { c.Shaping = -3e38 }, codes.InvalidArgument, "config.shaping"},
	}
	for _, c := range cases {
		cfg := base()
		c.mutate(cfg)
		resp, err := s.client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: cfg})
		wantErr(t, c.name, err, c.code, c.field)
		if err == nil {
			_, _ = s.client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: resp.GetSpec().GetPoolId()})
		}
	}
	_, err = s.client.CreatePool(ctx, &flickv1.CreatePoolRequest{})
	wantErr(t, "no config", err, codes.InvalidArgument, "config")
	s.testOptionRanges(t, base)
}

// testOptionRanges checks that the server enforces the option ranges
// ListGames lists: each option's default is accepted, and a value just out
// of its range (or of its type, or of its choices) is refused naming
// config.options and the key.
func (s *suite) testOptionRanges(t *testing.T, base func() *flickv1.PoolConfig) {
	ctx := s.ctx(t)
	games, err := envrpc.ListAllGames(ctx, s.client)
	if err != nil {
		t.Fatalf("ListGames: %v", err)
	}
	for _, gi := range games {
		if gi.GetId() != s.id {
			continue
		}
		for _, o := range gi.GetOptions() {
			with := func(v string) *flickv1.PoolConfig {
				c := base()
				c.Options = maps.Clone(c.Options)
				if c.Options == nil {
					c.Options = map[string]string{}
				}
				c.Options[o.GetKey()] = v
				return c
			}
			resp, err := s.client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: with(o.GetDefaultValue())})
			if err != nil {
				t.Errorf("option %s at its listed default %q: %v", o.GetKey(), o.GetDefaultValue(), err)
			} else {
				_, _ = s.client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: resp.GetSpec().GetPoolId()})
			}
			var bad []string
			switch o.GetType() {
			case flickv1.OptionType_OPTION_TYPE_INT:
				bad = []string{fmt.Sprint(int64(o.GetMin()) - 1), fmt.Sprint(int64(o.GetMax()) + 1), "1.5", "x"}
			case flickv1.OptionType_OPTION_TYPE_FLOAT:
				bad = []string{fmt.Sprint(o.GetMin() - 1), fmt.Sprint(o.GetMax() + 1), "1e308", "NaN", "Inf", "x"}
			case flickv1.OptionType_OPTION_TYPE_BOOL:
				bad = []string{"maybe"}
			case flickv1.OptionType_OPTION_TYPE_STRING:
				if len(o.GetChoices()) > 0 {
					bad = []string{"no-such-choice"}
				}
			default:
				t.Errorf("option %s: type %v", o.GetKey(), o.GetType())
			}
			for _, v := range bad {
				resp, err := s.client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: with(v)})
				wantErr(t, fmt.Sprintf("option %s=%s", o.GetKey(), v), err, codes.InvalidArgument, "config.options", o.GetKey())
				if err == nil {
					_, _ = s.client.ClosePool(ctx, &flickv1.ClosePoolRequest{PoolId: resp.GetSpec().GetPoolId()})
				}
			}
		}
	}
}

// testPrecondition checks stepping envs that must be reset first.
func (s *suite) testPrecondition(t *testing.T) {
	t.Run("NotReset", func(t *testing.T) {
		local, remote := s.pair(t, env.Config{}, false)
		_, err := remote.Step(local.Spec().NewActions(local.NumEnvs()))
		wantErr(t, "Step before Reset", err, codes.FailedPrecondition, "env 0", "Reset")
	})
	t.Run("EpisodeOver", func(t *testing.T) {
		local, remote := s.pair(t, env.Config{Autoreset: env.Disabled, MaxEpisodeSteps: 1}, false)
		seed := s.cfg.Seed + 51
		bl, errl := local.Reset(seed)
		br, errr := remote.Reset(seed)
		s.same(t, "Reset", bl, errl, br, errr)
		act := local.Spec().NewActions(local.NumEnvs())
		randomActions(local, bl, act, s.rng(6))
		bl, errl = local.Step(act)
		br, errr = remote.Step(act)
		s.same(t, "first step", bl, errl, br, errr)
		// With a limit of one step, every env has ended.
		_, err := remote.Step(act)
		wantErr(t, "Step with ended envs (autoreset disabled)", err, codes.FailedPrecondition, "env 0", "episode over")
		bl, errl = local.ResetMask(nil, nil)
		br, errr = remote.ResetMask(nil, nil)
		s.same(t, "ResetMask after the refusal", bl, errl, br, errr)
	})
}

// finiteF reports whether x is finite.
func finiteF(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }
