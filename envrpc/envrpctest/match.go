package envrpctest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// testInfo checks GetServerInfo, ListGames and the spec CreatePool returns.
func (s *suite) testInfo(t *testing.T) {
	ctx := s.ctx(t)
	g, err := s.f(s.cfg.Options)
	if err != nil {
		t.Fatalf("factory(%v): %v", s.cfg.Options, err)
	}
	want := envrpc.GameSpec(g.Spec())

	info, err := s.client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatalf("GetServerInfo: %v", err)
	}
	if !strings.HasPrefix(info.GetProtocolVersion(), "1.") {
		t.Errorf("protocol version %q, want 1.x", info.GetProtocolVersion())
	}
	if !slices.Contains(info.GetGames(), s.id) {
		t.Errorf("GetServerInfo games %v lack %s", info.GetGames(), s.id)
	}
	if !slices.Contains(info.GetCapabilities(), "session") || !slices.Contains(info.GetOpponents(), "random") {
		t.Errorf("capabilities %v and opponents %v: want session and random", info.GetCapabilities(), info.GetOpponents())
	}
	if l := info.GetLimits(); l.GetMaxEnvsPerPool() < 1 || l.GetMaxPools() < 1 || l.GetMaxMessageBytes() < 1 {
		t.Errorf("limits %v: want positive limits", l)
	}

	games, err := envrpc.ListAllGames(ctx, s.client)
	if err != nil {
		t.Fatalf("ListGames: %v", err)
	}
	found := false
	for _, gi := range games {
		if gi.GetId() == s.id {
			found = true
			if gi.GetSpec().GetId() != s.id || gi.GetError() != "" {
				t.Errorf("ListGames: %s has spec id %q, error %q", s.id, gi.GetSpec().GetId(), gi.GetError())
			}
			var declared env.OptionSpecs
			if d, ok := g.(env.OptionDeclarer); ok {
				declared = d.OptionSpecs()
			}
			if got, want := gi.GetOptions(), envrpc.OptionSpecs(declared); !slices.EqualFunc(got, want, func(a, b *flickv1.OptionSpec) bool { return proto.Equal(a, b) }) {
				t.Errorf("ListGames: %s options\n%v\nwant (declared by the game)\n%v", s.id, got, want)
			}
			if d, ok := g.(env.RulesDocumenter); ok && (gi.GetRewardDoc() != d.RewardDoc() || gi.GetJointRuleDoc() != d.JointRuleDoc()) {
				t.Errorf("ListGames: %s reward doc %q, joint rule doc %q; want the game's %q, %q",
					s.id, gi.GetRewardDoc(), gi.GetJointRuleDoc(), d.RewardDoc(), d.JointRuleDoc())
			}
		}
	}
	if !found {
		t.Errorf("ListGames lacks %s", s.id)
	}

	r := s.remote(t, &flickv1.PoolConfig{GameId: s.id, NumEnvs: int32(s.cfg.NumEnvs), Options: s.cfg.Options}, false)
	spec := r.PoolSpec()
	if !proto.Equal(spec.GetGame(), want) {
		t.Errorf("CreatePool game spec\n%v\nwant (from the factory)\n%v", spec.GetGame(), want)
	}
	c := spec.GetConfig()
	if c.GetAutoresetMode() != flickv1.AutoresetMode_AUTORESET_MODE_NEXT_STEP || c.GetView() != flickv1.View_VIEW_SELF_PLAY ||
		c.GetIllegalMode() != flickv1.IllegalMode_ILLEGAL_MODE_REJECT || c.GetActionFormat() != flickv1.ActionFormat_ACTION_FORMAT_NATIVE {
		t.Errorf("CreatePool with defaults echoed %v: want every default resolved", c)
	}
	if spec.GetPoolId() == "" || c.GetGameId() != s.id || c.GetNumEnvs() != int32(s.cfg.NumEnvs) {
		t.Errorf("CreatePool spec %v: want a pool id, game %s, %d envs", spec, s.id, s.cfg.NumEnvs)
	}
	if d, ok := g.(env.OptionDeclarer); ok {
		if want := d.OptionSpecs().Resolved(s.cfg.Options); !maps.Equal(c.GetOptions(), want) {
			t.Errorf("CreatePool with options %v echoed options %v: want every option resolved, %v", s.cfg.Options, c.GetOptions(), want)
		}
	}
}

// mode is one configuration of the comparison runs.
type mode struct {
	name    string
	cfg     env.Config
	session bool
}

// modes returns every autoreset mode × view × illegal mode, alternating
// unary calls and sessions.
func modes() []mode {
	var ms []mode
	for _, ar := range []env.Autoreset{env.NextStep, env.SameStep, env.Disabled} {
		for _, view := range []env.View{env.SelfPlay, env.SingleAgent} {
			for _, ill := range []env.IllegalMode{env.RejectIllegal, env.ReplaceIllegal} {
				c := env.Config{Autoreset: ar, View: view, Illegal: ill, MaxEpisodeSteps: episodeLimit}
				if ill == env.ReplaceIllegal {
					c.IllegalPenalty = 0.25
				}
				for _, session := range []bool{false, true} {
					transport := "unary"
					if session {
						transport = "session"
					}
					ms = append(ms, mode{fmt.Sprintf("%v/%v/%v/%s", ar, view, ill, transport), c, session})
				}
			}
		}
	}
	return ms
}

// testMatchesVector drives a remote pool and an in-process Vector with the
// same seed and actions in every mode, and requires equal batches.
func (s *suite) testMatchesVector(t *testing.T) {
	for _, m := range modes() {
		t.Run(m.name, func(t *testing.T) {
			local, remote := s.pair(t, m.cfg, m.session)
			s.compareRun(t, local, remote, m.cfg)
		})
	}
}

// compareRun plays s.cfg.Steps steps on both sides and compares every
// batch. With autoreset Disabled, ended envs are reset with a mask. With
// ReplaceIllegal, every fifth step carries an out-of-range action. It ends
// with a partial reset with new seeds.
func (s *suite) compareRun(t *testing.T, local *env.Vector, remote *envrpc.RemoteVector, c env.Config) {
	t.Helper()
	seed := s.cfg.Seed + 11
	bl, errl := local.Reset(seed)
	br, errr := remote.Reset(seed)
	s.same(t, "Reset", bl, errl, br, errr)
	n := local.NumEnvs()
	act := local.Spec().NewActions(n)
	rng := s.rng(1)
	ended := 0
	for step := 1; step <= s.cfg.Steps; step++ {
		where := fmt.Sprintf("step %d", step)
		if mask, ended := doneMask(bl); ended && c.Autoreset == env.Disabled {
			bl, errl = local.ResetMask(mask, nil)
			br, errr = remote.ResetMask(mask, nil)
			s.same(t, where+" ResetMask", bl, errl, br, errr)
			continue
		}
		randomActions(local, bl, act, rng)
		if c.Illegal == env.ReplaceIllegal && step%5 == 0 && len(local.Spec().Heads) > 0 {
			act.At(local.Spec(), step%n).Discrete[0] = -1
		}
		bl, errl = local.Step(act)
		br, errr = remote.Step(act)
		s.same(t, where, bl, errl, br, errr)
		for i := range n {
			if bl.Done(i) {
				ended++
			}
		}
	}
	if ended == 0 {
		t.Errorf("no episode ended in %d steps with an episode limit of %d", s.cfg.Steps, episodeLimit)
	}
	mask := make([]bool, n)
	seeds := make([]uint64, n)
	for i := range n {
		mask[i], seeds[i] = i%2 == 0, uint64(1000+i)
	}
	bl, errl = local.ResetMask(mask, seeds)
	br, errr = remote.ResetMask(mask, seeds)
	s.same(t, "final ResetMask with seeds", bl, errl, br, errr)
}

// same fails the test unless the local and remote results agree: both
// succeed with equal batches, or both fail.
func (s *suite) same(t *testing.T, where string, bl *env.Batch, errl error, br *env.Batch, errr error) {
	t.Helper()
	switch {
	case errl != nil && errr != nil:
	case errl != nil || errr != nil:
		t.Fatalf("%s: in-process error %v, wire error %v", where, errl, errr)
	default:
		if d := DiffBatch(br, bl); d != "" {
			t.Fatalf("%s: wire vs in-process: %s", where, d)
		}
	}
}

// testFormats checks the BOX and MULTI_DISCRETE action formats against the
// env package's decoders on an in-process Vector.
func (s *suite) testFormats(t *testing.T) {
	c := s.fill(env.Config{Illegal: env.ReplaceIllegal, MaxEpisodeSteps: episodeLimit})
	const bins = 7
	for _, format := range []flickv1.ActionFormat{flickv1.ActionFormat_ACTION_FORMAT_BOX, flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE} {
		t.Run(format.String(), func(t *testing.T) {
			w := s.wire(c)
			w.ActionFormat = format
			if format == flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE {
				w.Bins = bins
			}
			local, remote := s.local(t, c), s.remote(t, w, false)
			spec, n := local.Spec(), local.NumEnvs()
			if format == flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE {
				want := spec.MultiDiscreteNVec(bins)
				got := remote.PoolSpec().GetActionNvec()
				if len(got) != len(want) {
					t.Fatalf("action_nvec %v, want %v", got, want)
				}
				for k := range got {
					if int(got[k]) != want[k] {
						t.Fatalf("action_nvec %v, want %v", got, want)
					}
				}
			}
			seed := s.cfg.Seed + 21
			bl, errl := local.Reset(seed)
			br, errr := remote.Reset(seed)
			s.same(t, "Reset", bl, errl, br, errr)
			rng := s.rng(2)
			act := spec.NewActions(n)
			box := make([]float32, n*spec.BoxSize())
			nvec := spec.MultiDiscreteNVec(bins)
			md := make([]int64, n*len(nvec))
			for step := 1; step <= s.cfg.Steps; step++ {
				where := fmt.Sprintf("step %d", step)
				if format == flickv1.ActionFormat_ACTION_FORMAT_BOX {
					for k := range box {
						box[k] = float32(rng.Float64()*2.4 - 1.2) // beyond [-1, 1] too: clamped
					}
					if err := spec.DecodeBoxBatch(act, box, bl.Mask); err != nil {
						t.Fatalf("%s: DecodeBoxBatch: %v", where, err)
					}
					br, errr = remote.StepBox(box)
				} else {
					for k := range md {
						md[k] = int64(rng.IntN(nvec[k%len(nvec)]))
					}
					if err := spec.DecodeMultiDiscreteBatch(act, md, bins); err != nil {
						t.Fatalf("%s: DecodeMultiDiscreteBatch: %v", where, err)
					}
					br, errr = remote.StepMultiDiscrete(md)
				}
				bl, errl = local.Step(act)
				s.same(t, where, bl, errl, br, errr)
			}
		})
	}
}

// testDeterminism checks that pools with one seed agree, that another seed
// diverges and that a second Reset replays the first.
func (s *suite) testDeterminism(t *testing.T) {
	c := s.fill(env.Config{MaxEpisodeSteps: episodeLimit})
	local := s.local(t, c)
	a := s.remote(t, s.wire(c), false)
	b := s.remote(t, s.wire(c), true)
	other := s.remote(t, s.wire(c), false)
	seed := s.cfg.Seed + 31
	bl, err := local.Reset(seed)
	if err != nil {
		t.Fatalf("Reset: %v", err)
	}
	first, err := a.Reset(seed)
	if err != nil {
		t.Fatalf("Reset: %v", err)
	}
	firstHashes := slices.Clone(first.StateHash)
	if _, err := b.Reset(seed); err != nil {
		t.Fatalf("Reset: %v", err)
	}
	if _, err := other.Reset(seed + 1); err != nil {
		t.Fatalf("Reset: %v", err)
	}
	act := local.Spec().NewActions(local.NumEnvs())
	rng := s.rng(3)
	diverged := false
	for step := 1; step <= s.cfg.Steps; step++ {
		randomActions(local, bl, act, rng)
		if bl, err = local.Step(act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		ba, erra := a.Step(act)
		bb, errb := b.Step(act)
		if erra != nil || errb != nil {
			t.Fatalf("step %d: %v, %v", step, erra, errb)
		}
		if d := DiffBatch(ba, bb); d != "" {
			t.Fatalf("step %d: two pools with seed %d differ: %s", step, seed, d)
		}
		// The other pool gets the same actions; they may be illegal in its
		// states, so it runs in reject mode and may refuse: only its
		// hashes matter.
		if bo, err := other.Step(act); err != nil || !slices.Equal(bo.StateHash, ba.StateHash) {
			diverged = true
			break
		}
	}
	if !diverged {
		t.Errorf("seeds %d and %d gave the same states for %d steps", seed, seed+1, s.cfg.Steps)
	}
	again, err := a.Reset(seed)
	if err != nil {
		t.Fatalf("second Reset: %v", err)
	}
	if !slices.Equal(again.StateHash, firstHashes) {
		t.Errorf("a second Reset(%d) gave hashes %v, the first %v", seed, again.StateHash, firstHashes)
	}
}
