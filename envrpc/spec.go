package envrpc

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// MaxRewardWeight bounds PoolConfig.illegal_penalty and the magnitude of
// PoolConfig.shaping: a thousand times a win's reward, far above any useful
// weight and far below what would overflow a float32 episode return.
const MaxRewardWeight = 1000

// defaultBins is the number of bins per continuous dim of the MULTI_DISCRETE
// action format when the request leaves it 0: odd, so that the middle of a
// symmetric range is a bin.
const defaultBins = 11

// maxEnvOffset is the largest PoolConfig.env_offset: 2^31-1, so that an
// env's global index fits an int everywhere.
const maxEnvOffset = 1<<31 - 1

// GameSpec returns the wire form of a game's spec.
func GameSpec(s *env.Spec) *flickv1.GameSpec {
	g := &flickv1.GameSpec{
		Id:              s.ID,
		NumPlayers:      int32(s.NumPlayers),
		MaxEpisodeSteps: int32(s.MaxEpisodeSteps),
		ObsSize:         int32(s.ObsSize()),
		MaskSize:        int32(s.MaskSize()),
		BoxSize:         int32(s.BoxSize()),
	}
	for _, f := range s.Obs {
		g.Obs = append(g.Obs, &flickv1.ObsField{Name: f.Name, Size: int32(f.Size), Low: f.Low, High: f.High, Doc: f.Doc})
	}
	for _, h := range s.Heads {
		g.Heads = append(g.Heads, &flickv1.ActionHead{Name: h.Name, N: int32(h.N), Values: slices.Clone(h.Values)})
	}
	for _, d := range s.Dims {
		g.Dims = append(g.Dims, &flickv1.ActionDim{Name: d.Name, Low: d.Low, High: d.High, Unit: d.Unit})
	}
	return g
}

// OptionSpecs returns the wire form of a game's declared options.
func OptionSpecs(specs env.OptionSpecs) []*flickv1.OptionSpec {
	out := make([]*flickv1.OptionSpec, 0, len(specs))
	for _, o := range specs {
		w := &flickv1.OptionSpec{Key: o.Key, DefaultValue: o.Default, Doc: o.Doc, Choices: slices.Clone(o.Choices)}
		switch o.Type {
		case env.OptionInt:
			w.Type = flickv1.OptionType_OPTION_TYPE_INT
		case env.OptionFloat:
			w.Type = flickv1.OptionType_OPTION_TYPE_FLOAT
		case env.OptionBool:
			w.Type = flickv1.OptionType_OPTION_TYPE_BOOL
		case env.OptionString:
			w.Type = flickv1.OptionType_OPTION_TYPE_STRING
		}
		if o.Type == env.OptionInt || o.Type == env.OptionFloat {
			w.Min, w.Max = o.Min, o.Max
		}
		out = append(out, w)
	}
	return out
}

// EnvSpec returns the env.Spec a wire GameSpec describes (the inverse of
// GameSpec), for clients that decode batches and for remote agents.
func EnvSpec(g *flickv1.GameSpec) *env.Spec {
	s := &env.Spec{ID: g.GetId(), NumPlayers: int(g.GetNumPlayers()), MaxEpisodeSteps: int(g.GetMaxEpisodeSteps())}
	for _, f := range g.GetObs() {
		s.Obs = append(s.Obs, env.Field{Name: f.GetName(), Size: int(f.GetSize()), Low: f.GetLow(), High: f.GetHigh(), Doc: f.GetDoc()})
	}
	for _, h := range g.GetHeads() {
		s.Heads = append(s.Heads, env.Head{Name: h.GetName(), N: int(h.GetN()), Values: slices.Clone(h.GetValues())})
	}
	for _, d := range g.GetDims() {
		s.Dims = append(s.Dims, env.Dim{Name: d.GetName(), Low: d.GetLow(), High: d.GetHigh(), Unit: d.GetUnit()})
	}
	return s
}

// poolConfig is a CreatePool request resolved and checked: the env.Config
// of the Vector plus what the wire layer needs.
type poolConfig struct {
	wire       *flickv1.PoolConfig // every default resolved, as echoed in PoolSpec
	env        env.Config
	format     flickv1.ActionFormat
	bins       int
	observeAll bool
	opps       []*callOpponent // the opponents that are ContextPolicies
	// plays lists the pool's opponents that play some games only, checked
	// against the pool's game once it is known.
	plays []namedOpponent
	// teacher is the pool's teacher (PoolConfig.teacher); its name is "" for none.
	teacher namedOpponent
}

// namedOpponent is a pool's opponent with its name.
type namedOpponent struct {
	name string
	o    Opponent
}

// resolveConfig checks c (the fields a Vector does not check itself) and
// resolves its defaults. Errors name the field.
func (s *Server) resolveConfig(c *flickv1.PoolConfig) (*poolConfig, error) {
	if c == nil {
		return nil, invalidf("config", "missing")
	}
	if c.GetGameId() == "" {
		return nil, invalidf("config.game_id", "empty; ListGames gives the ids")
	}
	n := int(c.GetNumEnvs())
	switch {
	case n < 1:
		return nil, invalidf("config.num_envs", "%d; want at least 1", n)
	case n > s.limits.MaxEnvsPerPool:
		return nil, exhaustedf("config.num_envs", "%d is over the server's limit of %d envs per pool", n, s.limits.MaxEnvsPerPool)
	}
	pc := &poolConfig{env: env.Config{NumEnvs: n, Options: env.Options(c.GetOptions())}}
	w := &flickv1.PoolConfig{
		GameId:          c.GetGameId(),
		NumEnvs:         int32(n),
		Options:         maps.Clone(c.GetOptions()), // resolved once the game is made (resolvedOptions)
		IllegalPenalty:  c.GetIllegalPenalty(),
		Shaping:         c.GetShaping(),
		MaxEpisodeSteps: c.GetMaxEpisodeSteps(),
		ObserveAllSeats: c.GetObserveAllSeats(),
		EnvOffset:       c.GetEnvOffset(),
	}
	pc.wire = w
	if o := c.GetEnvOffset(); o < 0 || o > maxEnvOffset {
		return nil, invalidf("config.env_offset", "%d; want 0 to %d", o, int64(maxEnvOffset))
	}
	pc.env.EnvOffset = int(c.GetEnvOffset())

	switch c.GetAutoresetMode() {
	case flickv1.AutoresetMode_AUTORESET_MODE_UNSPECIFIED, flickv1.AutoresetMode_AUTORESET_MODE_NEXT_STEP:
		pc.env.Autoreset, w.AutoresetMode = env.NextStep, flickv1.AutoresetMode_AUTORESET_MODE_NEXT_STEP
	case flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP:
		pc.env.Autoreset, w.AutoresetMode = env.SameStep, c.GetAutoresetMode()
	case flickv1.AutoresetMode_AUTORESET_MODE_DISABLED:
		pc.env.Autoreset, w.AutoresetMode = env.Disabled, c.GetAutoresetMode()
	default:
		return nil, invalidf("config.autoreset_mode", "unknown value %d", c.GetAutoresetMode())
	}

	switch c.GetView() {
	case flickv1.View_VIEW_UNSPECIFIED, flickv1.View_VIEW_SELF_PLAY:
		pc.env.View, w.View = env.SelfPlay, flickv1.View_VIEW_SELF_PLAY
		switch {
		case c.GetOpponent() != "":
			return nil, invalidf("config.opponent", "%q set, but opponents play only in VIEW_SINGLE_AGENT", c.GetOpponent())
		case len(c.GetOpponentMix()) > 0:
			return nil, invalidf("config.opponent_mix", "set, but opponents play only in VIEW_SINGLE_AGENT")
		case c.GetAgentSeat() != flickv1.AgentSeat_AGENT_SEAT_UNSPECIFIED:
			return nil, invalidf("config.agent_seat", "%v set, but the agent's seat applies only to VIEW_SINGLE_AGENT", c.GetAgentSeat())
		}
	case flickv1.View_VIEW_SINGLE_AGENT:
		pc.env.View, w.View = env.SingleAgent, c.GetView()
		if err := s.resolveOpponents(c, pc); err != nil {
			return nil, err
		}
	default:
		return nil, invalidf("config.view", "unknown value %d", c.GetView())
	}

	switch c.GetIllegalMode() {
	case flickv1.IllegalMode_ILLEGAL_MODE_UNSPECIFIED, flickv1.IllegalMode_ILLEGAL_MODE_REJECT:
		pc.env.Illegal, w.IllegalMode = env.RejectIllegal, flickv1.IllegalMode_ILLEGAL_MODE_REJECT
	case flickv1.IllegalMode_ILLEGAL_MODE_REPLACE:
		pc.env.Illegal, w.IllegalMode = env.ReplaceIllegal, c.GetIllegalMode()
	default:
		return nil, invalidf("config.illegal_mode", "unknown value %d", c.GetIllegalMode())
	}
	if p := c.GetIllegalPenalty(); !(p >= 0 && p <= MaxRewardWeight) {
		return nil, invalidf("config.illegal_penalty", "%v; want 0 to %v", p, MaxRewardWeight)
	}
	pc.env.IllegalPenalty = c.GetIllegalPenalty()
	if w := c.GetShaping(); !(w >= -MaxRewardWeight && w <= MaxRewardWeight) {
		return nil, invalidf("config.shaping", "%v; want -%v to %v", w, MaxRewardWeight, MaxRewardWeight)
	}
	pc.env.Shaping = c.GetShaping()
	pc.env.MaxEpisodeSteps = int(c.GetMaxEpisodeSteps())

	pc.format, pc.bins = c.GetActionFormat(), int(c.GetBins())
	switch pc.format {
	case flickv1.ActionFormat_ACTION_FORMAT_UNSPECIFIED:
		pc.format = flickv1.ActionFormat_ACTION_FORMAT_NATIVE
	case flickv1.ActionFormat_ACTION_FORMAT_NATIVE, flickv1.ActionFormat_ACTION_FORMAT_BOX, flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE:
	default:
		return nil, invalidf("config.action_format", "unknown value %d", c.GetActionFormat())
	}
	if pc.format == flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE {
		if pc.bins == 0 {
			pc.bins = defaultBins
		}
		if pc.bins < 2 || pc.bins > env.MaxBins {
			return nil, invalidf("config.bins", "%d; want 2 to %d", pc.bins, env.MaxBins)
		}
	} else if pc.bins != 0 {
		return nil, invalidf("config.bins", "%d set, but bins apply only to ACTION_FORMAT_MULTI_DISCRETE", pc.bins)
	}
	w.ActionFormat, w.Bins = pc.format, int32(pc.bins)
	pc.observeAll = c.GetObserveAllSeats()
	if name := c.GetTeacher(); name != "" {
		o, ok := s.opponents[name]
		if !ok {
			return nil, invalidf("config.teacher", "unknown bot %q (known: %v)", name, s.opponentNames())
		}
		pc.teacher, w.Teacher = namedOpponent{name, o}, name
	}
	return pc, nil
}

// resolvedOptions returns the options a PoolSpec echoes for a pool created
// from the request's options asked with the game options opts (asked
// without the server's own watch option) and made game g: every option g
// declares at its value in canonical form, defaults included, and watch as
// "true" or "false" if it was asked. A game that declares none gets opts
// as they are.
func resolvedOptions(asked, opts env.Options, g env.Game) map[string]string {
	out := maps.Clone(opts)
	if d, ok := g.(env.OptionDeclarer); ok {
		out = d.OptionSpecs().Resolved(opts)
	}
	if v, ok := asked[WatchOption]; ok {
		on, _ := strconv.ParseBool(v) // checked by watchOptions
		if out == nil {
			out = env.Options{}
		}
		out[WatchOption] = strconv.FormatBool(on)
	}
	return out
}

// resolveOpponents sets the opponent or the mixture of a single-agent pool
// and the agent's seat.
func (s *Server) resolveOpponents(c *flickv1.PoolConfig, pc *poolConfig) error {
	w := pc.wire
	lookup := func(name, field string) (env.Policy, error) {
		o, ok := s.opponents[name]
		if !ok {
			return nil, invalidf(field, "unknown opponent %q (known: %v)", name, s.opponentNames())
		}
		if o.Plays != nil {
			pc.plays = append(pc.plays, namedOpponent{name, o})
		}
		if cp, ok := o.Policy.(ContextPolicy); ok {
			co := &callOpponent{policy: cp, ctx: context.Background()}
			pc.opps = append(pc.opps, co)
			pc.env.Workers = min(pc.env.NumEnvs, remoteWorkers)
			return co, nil
		}
		return o.Policy, nil
	}
	if mix := c.GetOpponentMix(); len(mix) > 0 {
		if c.GetOpponent() != "" {
			return invalidf("config.opponent", "%q set together with opponent_mix; set one", c.GetOpponent())
		}
		seen := map[string]bool{}
		for k, m := range mix {
			field := fmt.Sprintf("config.opponent_mix[%d]", k)
			if seen[m.GetName()] {
				return invalidf(field+".name", "%q repeated", m.GetName())
			}
			seen[m.GetName()] = true
			if wt := m.GetWeight(); !(wt > 0) || math.IsInf(wt, 0) {
				return invalidf(field+".weight", "%v; want a finite number > 0", wt)
			}
			p, err := lookup(m.GetName(), field+".name")
			if err != nil {
				return err
			}
			pc.env.OpponentMix = append(pc.env.OpponentMix, env.WeightedPolicy{Policy: p, Weight: m.GetWeight()})
			w.OpponentMix = append(w.OpponentMix, &flickv1.WeightedOpponent{Name: m.GetName(), Weight: m.GetWeight()})
		}
	} else {
		name := c.GetOpponent()
		if name == "" {
			name = "random"
		}
		p, err := lookup(name, "config.opponent")
		if err != nil {
			return err
		}
		pc.env.Opponent, w.Opponent = p, name
	}
	switch c.GetAgentSeat() {
	case flickv1.AgentSeat_AGENT_SEAT_UNSPECIFIED, flickv1.AgentSeat_AGENT_SEAT_ZERO:
		pc.env.Seat, w.AgentSeat = env.SeatZero, flickv1.AgentSeat_AGENT_SEAT_ZERO
	case flickv1.AgentSeat_AGENT_SEAT_ALTERNATE:
		pc.env.Seat, w.AgentSeat = env.SeatAlternate, c.GetAgentSeat()
	case flickv1.AgentSeat_AGENT_SEAT_RANDOM:
		pc.env.Seat, w.AgentSeat = env.SeatRandom, c.GetAgentSeat()
	default:
		return invalidf("config.agent_seat", "unknown value %d", c.GetAgentSeat())
	}
	return nil
}

// checkPlays refuses an opponent or the teacher of pc that does not play
// game g (the pool's probe game).
func (s *Server) checkPlays(pc *poolConfig, g env.Game) error {
	for _, no := range pc.plays {
		if !no.o.Plays(g) {
			field := "config.opponent"
			if len(pc.env.OpponentMix) > 0 {
				field = "config.opponent_mix"
			}
			return invalidf(field, "opponent %q does not play %s (it plays %v)", no.name, g.Spec().ID, s.gamesOf(no.o))
		}
	}
	if t := pc.teacher; t.name != "" && t.o.Plays != nil && !t.o.Plays(g) {
		return invalidf("config.teacher", "bot %q does not play %s (it plays %v)", t.name, g.Spec().ID, s.gamesOf(t.o))
	}
	return nil
}

// batchBytes bounds the encoded size of the largest message of a pool of n
// envs of spec: the Step response (or request, if larger), tensor headers
// included.
func batchBytes(s *env.Spec, n int, pc *poolConfig) int {
	p, o, m := s.NumPlayers, s.ObsSize(), s.MaskSize()
	row := 4*o + 4*p + 1 + 1 + 4 + m + 8 + 8 + 1 + 4*p + 4
	if pc.env.Autoreset == env.SameStep {
		row += 4*o + 8
	}
	if pc.observeAll {
		row += 4 * p * o
	}
	if pc.env.View == env.SingleAgent {
		row += 4 // agent_seat
	}
	if pc.teacher.name != "" {
		row += 4*len(s.Heads) + 4*len(s.Dims) // teacher_discrete, teacher_continuous
	}
	req := max(4*len(s.Heads)+4*len(s.Dims), 4*s.BoxSize(), 8*(len(s.Heads)+len(s.Dims)))
	const overhead = 1024 // field tags, shapes, dtypes, ids
	return max(row, req)*n + overhead
}
