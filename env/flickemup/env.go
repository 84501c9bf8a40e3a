package flickemup

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// ID is the id of the default scenario's env game, [ScenarioID]([DefaultScenario]).
var ID = ScenarioID(DefaultScenario)

// DefaultMaxDecisions is the default decision cap: more than the rules ever need (a cowboy
// turn takes at most 5 decisions and at most 10 cowboys play in each of at most 11 rounds),
// so by default only a scenario of ours with a bug reaches it.
const DefaultMaxDecisions = 1000

// The options of the env factories (see "# Arguments" in the package doc).
const (
	optAngleSD      = "angle_sd"
	optPowerSD      = "power_sd"
	optMaxDecisions = "max_decisions"
	optPlayers      = "players"
	optShaping      = "shaping"
	optRecord       = "record" // replay.RecordOption, by which a recorder asks for trajectories
	optVaryStart    = "vary_start"
	optStartJitter  = "start_jitter"
	optStartTurn    = "start_turn"
	optStartFirst   = "start_initiative"
	optFlick        = env.FlickKey
)

// The values of the option start_initiative.
const (
	// StartInitiativeDrawn draws the first initiative among the legal openers
	// ([Variation].Initiative).
	StartInitiativeDrawn = "drawn"
	// StartInitiativeScenario keeps the scenario's first initiative.
	StartInitiativeScenario = "scenario"
)

// The defaults of the options start_jitter and start_turn, used with vary_start.
const (
	// DefaultStartJitter is the default largest distance of a varied start from the
	// scenario's spot, in cm ([Variation].Jitter).
	DefaultStartJitter = 5
	// DefaultStartTurn is the default largest turn of a varied start's facing, in degrees
	// ([Variation].Turn).
	DefaultStartTurn = 30
)

// The values of the shaping option.
const (
	// ShapingHP rewards each seat, after every decision, with the change of its team's hit
	// points minus the opponents', divided by the larger team's most hit points.
	ShapingHP = "hp"
	// ShapingNone gives no shaping reward.
	ShapingNone = "none"
)

// Config configures an [Env].
type Config struct {
	// Scenario is the name of one of our scenarios ([List]); "" means [DefaultScenario].
	Scenario string
	// Custom, if not nil, is played instead of Scenario: a designer's own file ([ParseFile]).
	// Its env id is ID, or "flickemup/<Custom.Name>-v<Custom.EnvVersion()>" when ID is empty.
	Custom *Scenario
	// ID, if not empty, is the env id of Custom (a served file's [FileID]).
	ID string
	// Options are the engine's options (see [DefaultOptions]); Players 0 means 2. Seed is
	// ignored: each episode's seed is drawn from the generator given to [Env.Reset].
	Options Options
	// MaxDecisions truncates an episode after this many decisions (Env.Step calls), ≥ 1;
	// 0 means [DefaultMaxDecisions].
	MaxDecisions int
	// Shaping is [ShapingHP] or [ShapingNone]; "" means ShapingHP.
	Shaping string
	// Record runs the flicks through a [physics.Tracer], which keeps their trajectories for
	// replays ([Env.Tracer]); it is ignored when Options.Table is set. It changes no outcome.
	Record bool
	// Flick is the form of the native action's flick dims: [env.FlickVelocity] (the zero
	// value) or [env.FlickAim] (see "# Action Space" in the package doc).
	Flick env.FlickFormat
}

// DefaultConfig returns the default showdown with the engine's default options.
func DefaultConfig() Config {
	return Config{Scenario: DefaultScenario, Options: DefaultOptions(), MaxDecisions: DefaultMaxDecisions, Shaping: ShapingHP}
}

// Env is a Flick 'em Up! [Game] behind the [env.Game] contract: one seat per team (seat 0
// the lawmen, seat 1 the outlaws), whatever the number of players, and egocentric
// observations and actions (see the package doc). It also implements [env.Shaper].
type Env struct {
	g    *Game
	c    *coder
	cfg  Config
	dec  int             // decisions taken this episode
	prev [2]int          // each team's hit points before the last Step, for Shaping
	hp   [2]int          // each team's hit points now (after the last Reset or Step)
	tr   *physics.Tracer // the flicks' table when recording, else nil

	legal   []Action // the legal actions of the current decision, while valid
	legalOK bool
	mask    []bool // the mask of the current decision, while legalOK

	checked checkedAction // the last native action Validate found legal, while legalOK

	memo tableMemo // the observation's values that depend on the pieces alone
}

// NewEnv returns the env of a game with cfg, not yet reset.
func NewEnv(cfg Config) (*Env, error) {
	if cfg.Scenario == "" {
		cfg.Scenario = DefaultScenario
	}
	if cfg.Options.Players == 0 {
		cfg.Options.Players = 2
	}
	if cfg.MaxDecisions == 0 {
		cfg.MaxDecisions = DefaultMaxDecisions
	}
	if cfg.MaxDecisions < 1 {
		return nil, fmt.Errorf("flickemup: max decisions %d: must be at least 1", cfg.MaxDecisions)
	}
	if cfg.Flick != env.FlickVelocity && cfg.Flick != env.FlickAim {
		return nil, fmt.Errorf("flickemup: flick format %v: want velocity or aim", cfg.Flick)
	}
	switch cfg.Shaping {
	case "":
		cfg.Shaping = ShapingHP
	case ShapingHP, ShapingNone:
	default:
		return nil, fmt.Errorf("flickemup: shaping %q: want %q or %q", cfg.Shaping, ShapingHP, ShapingNone)
	}
	var err error
	sc := cfg.Custom
	if sc == nil {
		if sc, err = Load(cfg.Scenario); err != nil {
			return nil, err
		}
	}
	cfg.Scenario = sc.Name
	if err = cfg.Options.Noise.Validate(); err != nil {
		return nil, fmt.Errorf("flickemup: %w", err)
	}
	o := cfg.Options
	var tr *physics.Tracer
	if o.Table == nil && cfg.Record {
		pc := physics.DefaultConfig()
		if o.Physics != nil {
			pc = *o.Physics
		}
		pc.Pieces = Pieces
		pc.Noise = o.Noise
		if tr, err = physics.NewTracer(pc, sc.Table); err != nil {
			return nil, fmt.Errorf("flickemup: %w", err)
		}
		o.Table = tr
	}
	if o.Table == nil {
		// Between flicks the game holds no simulator: it borrows one from a pool shared by
		// every Env of the same physics configuration, which changes no outcome.
		pc := physics.DefaultConfig()
		if o.Physics != nil {
			pc = *o.Physics
		}
		pc.Pieces = Pieces
		pc.Noise = o.Noise
		if o.Table, err = physics.NewPooled(pc); err != nil {
			return nil, fmt.Errorf("flickemup: options: %w", err)
		}
	}
	g, err := New(GameConfig{Scenario: sc, Options: o})
	if err != nil {
		return nil, err
	}
	e := &Env{g: g, cfg: cfg, tr: tr}
	id := cfg.ID
	if cfg.Custom == nil || id == "" {
		id = versionedID(sc.Name, sc.EnvVersion())
	}
	e.c = newCoder(g, id, cfg.MaxDecisions, cfg.Flick)
	e.mask = make([]bool, e.c.spec.MaskSize())
	return e, nil
}

// Factory is the [env.Factory] of [ID], the showdown.
func Factory(opts env.Options) (env.Game, error) { return ScenarioFactory(DefaultScenario)(opts) }

// envOptions are the options of the env factories (see "# Arguments" in the package doc);
// their defaults are [DefaultConfig]'s.
var envOptions = func() env.OptionSpecs {
	d := DefaultConfig()
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return env.OptionSpecs{
		{Key: optAngleSD, Type: env.OptionFloat, Min: 0, Max: math.Pi, Default: g(d.Options.Noise.AngleSD),
			Doc: "flick direction noise (standard deviation), rad"},
		{Key: optPowerSD, Type: env.OptionFloat, Min: 0, Max: 1, Default: g(d.Options.Noise.PowerSD),
			Doc: "flick speed noise (standard deviation), relative to the speed"},
		{Key: optMaxDecisions, Type: env.OptionInt, Min: 1, Max: 1_000_000, Default: strconv.Itoa(d.MaxDecisions),
			Doc: "decisions (Step calls) before the episode is truncated"},
		{Key: optPlayers, Type: env.OptionInt, Min: 2, Max: 10, Default: strconv.Itoa(d.Options.Players),
			Doc: "players at the table: who takes turns, not the seats (always 2 teams)"},
		{Key: optShaping, Type: env.OptionString, Choices: []string{ShapingHP, ShapingNone}, Default: d.Shaping,
			Doc: "shaping reward: hp (hit points change, see the package doc) or none"},
		{Key: optRecord, Type: env.OptionBool, Default: strconv.FormatBool(d.Record),
			Doc: "keep each flick's trajectory for replays: the same game, slower"},
		{Key: optVaryStart, Type: env.OptionBool, Default: "false",
			Doc: "vary the opening by the episode's seed: cowboys jittered (start_jitter, start_turn) and the first initiative drawn"},
		{Key: optStartJitter, Type: env.OptionFloat, Min: 0, Max: MaxJitter, Default: g(DefaultStartJitter),
			Doc: "with vary_start=true (else ignored): the largest distance of a cowboy's start from its scenario spot, cm"},
		{Key: optStartTurn, Type: env.OptionFloat, Min: 0, Max: 180, Default: g(DefaultStartTurn),
			Doc: "with vary_start=true (else ignored): the largest turn of a cowboy's starting facing either way, degrees"},
		{Key: optStartFirst, Type: env.OptionString, Choices: []string{StartInitiativeDrawn, StartInitiativeScenario}, Default: StartInitiativeDrawn,
			Doc: "with vary_start=true (else ignored): the first initiative drawn among the legal openers, or the scenario's"},
		env.FlickOptionSpec(),
	}
}()

// ScenarioFactory returns the [env.Factory] of our scenario name, registered as ID(name). It
// parses the options angle_sd, power_sd, max_decisions, players, shaping, record, vary_start,
// start_jitter, start_turn, start_initiative and flick, checked against their declared specs
// ([Env.OptionSpecs]); the last three apply only with vary_start=true.
func ScenarioFactory(name string) env.Factory {
	return configFactory(func(cfg *Config) { cfg.Scenario = name })
}

// configFactory returns an [env.Factory] of the default configuration, set up by set, with
// the env options applied.
func configFactory(set func(*Config)) env.Factory {
	return func(opts env.Options) (env.Game, error) {
		v, err := envOptions.Parse(opts)
		if err != nil {
			return nil, fmt.Errorf("flickemup: %w", err)
		}
		cfg := DefaultConfig()
		set(&cfg)
		cfg.Options.Noise.AngleSD = v.Float(optAngleSD)
		cfg.Options.Noise.PowerSD = v.Float(optPowerSD)
		cfg.MaxDecisions = v.Int(optMaxDecisions)
		cfg.Options.Players = v.Int(optPlayers)
		cfg.Shaping = v.String(optShaping)
		cfg.Record = v.Bool(optRecord)
		cfg.Options.Vary = variation(v)
		if cfg.Flick, err = env.ParseFlickFormat(v.String(optFlick)); err != nil {
			return nil, fmt.Errorf("flickemup: %w", err)
		}
		e, err := NewEnv(cfg)
		if err != nil {
			// A nil interface, not a nil *Env inside one.
			return nil, err
		}
		return e, nil
	}
}

// variation returns the [Variation] that the options vary_start, start_jitter, start_turn and
// start_initiative ask for, parsed in v: none without vary_start.
func variation(v env.OptionValues) Variation {
	if !v.Bool(optVaryStart) {
		return Variation{}
	}
	return Variation{Jitter: v.Float(optStartJitter), Turn: v.Float(optStartTurn) * math.Pi / 180,
		Initiative: v.String(optStartFirst) == StartInitiativeDrawn}
}

// ContentDigest returns the SHA-256 of the scenario file the game plays, its version line
// left out, in hex ([Scenario].Digest): an edited file is another scenario
// (arena.ContentDigester).
func (e *Env) ContentDigest() string { return e.g.lay.sc.Digest }

// OptionSpecs implements [env.OptionDeclarer]: the options of the env factories.
func (e *Env) OptionSpecs() env.OptionSpecs { return envOptions }

// Register adds one env game per scenario of ours to r, as ID(name): flickemup/showdown-vN
// (the default), flickemup/bank-job-vN, and so on, each N the version its file declares.
// Programs call it explicitly; the package has no init side effects.
func Register(r *env.Registry) error {
	for _, in := range List() {
		if err := r.Register(ScenarioID(in.Name), ScenarioFactory(in.Name)); err != nil {
			return fmt.Errorf("flickemup: %w", err)
		}
	}
	return nil
}

// Engine returns the rules engine, for bots that read the state or plan on clones
// ([Game.Clone]). The caller must not change it: Apply, Reset and the like break the Env.
func (e *Env) Engine() *Game { return e.g }

// Pieces returns the catalogue of the game's pieces ([Pieces]), whose shapes a replay lists.
func (e *Env) Pieces() *physics.Catalogue { return Pieces }

// Tracer returns the table that keeps the flicks' trajectories (option record), or nil: the
// hook through which a replay recorder records them.
func (e *Env) Tracer() *physics.Tracer { return e.tr }

// DescribeAction describes native action a for the decision now, in the table's frame
// ("shoot left v=(12,250)"): the label of a replay's step.
func (e *Env) DescribeAction(a env.Action) string { return e.decode(a).String() }

// Config returns the Env's configuration.
func (e *Env) Config() Config { return e.cfg }

// Spec implements env.Game.
func (e *Env) Spec() *env.Spec { return &e.c.spec }

// Reset implements env.Game: it restarts the scenario with a seed drawn from rng; the engine's
// own stream, so seeded, then draws every flick's noise and every face-down token.
func (e *Env) Reset(rng *rand.Rand) error {
	e.g.Reset(rng)
	e.dec = 0
	e.hp = e.g.HitPointsByTeam()
	e.prev = e.hp
	e.legalOK = false
	e.checked.forget()
	return nil
}

// team returns the team whose decision it is, or, once the game is over, the team that
// decided last.
func (e *Env) team() Team {
	if e.g.team == Outlaws {
		return Outlaws
	}
	return Lawmen
}

// CurrentPlayer implements env.Game: seat 0 for the lawmen, 1 for the outlaws.
func (e *Env) CurrentPlayer() int { return int(e.team()) }

// legalNow returns the legal actions and the mask of the current decision, computed once per
// state.
func (e *Env) legalNow() ([]Action, []bool) {
	if !e.legalOK {
		e.legal = e.g.Legal(e.legal[:0])
		e.c.mask(e.mask, e.legal, e.g.phase, e.g.actorFull())
		e.legalOK = true
	}
	return e.legal, e.mask
}

// Mask implements env.Game: the kinds of the legal actions, and per head the values legal
// actions that use the head take (a head none uses allows 0 only).
func (e *Env) Mask(dst []bool) {
	_, m := e.legalNow()
	copy(dst, m)
}

// Validate implements env.Game: the engine's verdict on the decoded action. Heads the
// action's kind does not use are ignored. Within their bounds the continuous values are
// finite, hence legal, so an action whose discrete part is one of the legal actions (listed
// once per state for the mask) is legal without a second Check; any other gets the engine's
// Check, for its reason.
func (e *Env) Validate(a env.Action) error {
	act := e.decode(a)
	key := act
	key.Velocity, key.Facing = physics.Vec{}, 0
	legal, _ := e.legalNow()
	for _, l := range legal {
		if l == key && act.Velocity.Finite() && finite(act.Facing) {
			e.checked.keep(a, act)
			return nil
		}
	}
	if err := e.g.Check(act); err != nil {
		return &env.ActionError{Env: -1, Field: "action", Reason: err.Error()}
	}
	return nil
}

// DefaultAction implements env.Game: end the turn when the played cowboy may; leave a
// revealed token where it lay; flick the waiting second bullet with zero velocity; else
// (choosing a cowboy) the first legal choice. Unused heads take their first allowed value,
// the dims 0.
func (e *Env) DefaultAction(dst env.Action) {
	legal, _ := e.legalNow()
	a := Action{Kind: ActEndTurn}
	switch e.g.phase {
	case PhaseReveal:
		a = Action{Kind: ActLeave}
	case PhaseSecondShot:
		a = Action{Kind: ActShoot}
	case PhaseSelect:
		if len(legal) > 0 {
			a = legal[0]
		}
	}
	e.encode(a, dst)
}

// Step implements env.Game. An action Validate has just found legal (the Vector checks
// every action before its step) is applied as decoded then, without a second check.
func (e *Env) Step(a env.Action) (env.Status, error) {
	e.prev = e.hp
	var err error
	if act, ok := e.checked.lookup(a); ok && e.legalOK {
		e.legalOK = false
		err = e.g.apply(act)
	} else {
		e.legalOK = false
		err = e.g.Apply(e.decode(a))
	}
	e.checked.forget()
	e.hp = e.g.HitPointsByTeam()
	if err != nil {
		return env.Running, err
	}
	e.dec++
	switch {
	case e.g.Over():
		return env.Terminated, nil
	case e.dec >= e.cfg.MaxDecisions:
		return env.Truncated, nil
	}
	return env.Running, nil
}

// Outcome implements env.Game: +1 for the winning team, -1 for the other, 0 each for a draw.
func (e *Env) Outcome(dst []float32) {
	switch w := e.g.Result().Winner; w {
	case Lawmen, Outlaws:
		dst[w], dst[w.Other()] = 1, -1
	default:
		dst[0], dst[1] = 0, 0
	}
}

// EndReason says, in words, why the episode's game ended ("the outlaws delivered 3 gold
// sacks to the saloon"), or "" while it runs. The arena records it with each game
// (env.Ender).
func (e *Env) EndReason() string { return e.g.Result().Reason }

// EndKind implements env.Ender: the reason without its figures ("noon: the lawmen have
// more hit points"), or "" while the game runs.
func (e *Env) EndKind() string { return e.g.Result().Kind }

// SeatNames implements env.SeatNamer: seat 0 is the lawmen, seat 1 the outlaws.
func (e *Env) SeatNames() []string { return seatNames }

// Scores implements env.Scorer: each seat's (team's) hit points in play.
func (e *Env) Scores(dst []float64) []float64 {
	hp := e.g.HitPointsByTeam()
	return append(dst, float64(hp[Lawmen]), float64(hp[Outlaws]))
}

// seatNames are the teams' names, by seat.
var seatNames = []string{Lawmen.String(), Outlaws.String()}

// Shaping implements env.Shaper: with shaping "hp", each seat's change over the last step of
// its team's hit points minus the opponents', divided by the larger team's most hit points
// (so that wiping out a full-strength opponent without loss earns about +1); with "none", 0.
func (e *Env) Shaping(dst []float32) {
	if e.cfg.Shaping == ShapingNone {
		clear(dst)
		return
	}
	now := e.hp
	d := float32((now[0]-now[1])-(e.prev[0]-e.prev[1])) / float32(max(e.c.startHP[0], e.c.startHP[1], 1))
	dst[0], dst[1] = d, -d
}

// Observe implements env.Game; see "# Observation Space" in the package doc.
func (e *Env) Observe(dst []float32, player int) {
	t := Lawmen
	if player == 1 {
		t = Outlaws
	}
	e.c.observe(dst, e.g, t, e.dec, &e.memo)
}

// Hash implements env.Game: the decision count and every field of the position that
// [Game.Hash] covers, in its order, one 64-bit word at a time, folded by a multiply-rotate
// chain and finished by an [env.Hasher]. A Vector hashes every step: this costs a fraction of
// Game.Hash, which builds and scans a byte buffer.
func (e *Env) Hash() uint64 {
	w := words{sum: uint64(e.dec)}
	e.g.hashWords(&w)
	var h env.Hasher
	h.Uint64(w.sum)
	return h.Sum()
}

// words folds 64-bit words into a running sum: fast, deterministic on every platform, and
// any single changed word changes the sum (the fold is invertible in the sum).
type words struct{ sum uint64 }

// fold returns sum with x folded in. The chain of folds is as long as the words, one
// multiplication after another, so hashWords keeps its running sum in a local variable (a
// register) rather than in a words it would store and load again at every word.
func fold(sum, x uint64) uint64 { return bits.RotateLeft64((sum^x)*0x9e3779b97f4a7c15, 29) }

// hashWords folds into w the fields of the position that Game.Hash (hash.go) covers, in the
// same order; TestEnv_HashFollowsTheEngine keeps the two in step.
func (g *Game) hashWords(w *words) {
	s := w.sum
	for _, x := range [...]int{g.hour, g.round, int(g.phase), int(g.team), g.player, g.next[0], g.next[1],
		int(g.lastTeam), g.actor, g.actionsLeft, g.moves, g.pending, g.waiting, g.ignore[0], g.ignore[1],
		g.initiative, int(g.result.Winner), g.turns} {
		s = fold(s, uint64(x))
	}
	s = fold(s, uint64(b2u(g.forced))|uint64(b2u(g.result.Over))<<1)
	for i := range g.cowboys {
		c := &g.cowboys[i]
		s = fold(s, uint64(b2u(c.present))|uint64(b2u(c.alive))<<1|uint64(b2u(c.played))<<2|uint64(c.hat)<<8)
		for _, x := range [...]int{c.hp, c.max, c.inside, c.inv[0], c.inv[1]} {
			s = fold(s, uint64(x))
		}
		s = fold(s, math.Float64bits(c.facing))
	}
	for i := range g.tokens {
		t := &g.tokens[i]
		s = fold(s, uint64(b2u(t.faceUp))|uint64(b2u(t.poisoned))<<1|uint64(t.kind)<<8|uint64(t.place)<<16)
		s = fold(s, uint64(t.until))
		s = fold(s, uint64(t.index))
		s = fold(s, math.Float64bits(t.pos.X))
		s = fold(s, math.Float64bits(t.pos.Y))
	}
	for i := range g.st.Pieces {
		p := &g.st.Pieces[i]
		s = fold(s, uint64(p.Kind)|uint64(b2u(p.Fallen))<<8|uint64(b2u(p.Off))<<9|uint64(b2u(p.Static))<<10)
		s = fold(s, math.Float64bits(p.Pos.X))
		s = fold(s, math.Float64bits(p.Pos.Y))
		s = fold(s, math.Float64bits(p.Angle))
	}
	w.sum = s
}

// b2u converts a bool to 0 or 1.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// MarshalJSON implements env.Game: the engine's [View].
func (e *Env) MarshalJSON() ([]byte, error) { return json.Marshal(e.g.View()) }

// EncodeAction writes engine action a, for the team deciding now, into dst (sized for the
// Spec): the kind and the heads a uses, the velocity and facing turned into the team's frame
// and clipped to the dims' bounds; heads a does not use take the first value the mask allows,
// so that an encoded legal action passes env.Spec.Check. It is the inverse of DecodeAction.
// An action illegal now is refused with the engine's *[IllegalActionError] (see
// [Game.Check]), which wraps env.ErrIllegalAction, and dst is left alone.
func (e *Env) EncodeAction(dst env.Action, a Action) error {
	if err := e.g.Check(a); err != nil {
		return err
	}
	e.encode(a, dst)
	return nil
}

// encode is EncodeAction without the check.
func (e *Env) encode(a Action, dst env.Action) {
	_, m := e.legalNow()
	e.c.encodeDiscrete(dst.Discrete, a, e.g.phase, e.g.actorFull(), m)
	e.c.encodeContinuous(dst.Continuous, e.g, a, e.team())
}

// DecodeAction returns the engine action of native action src for the decision now: the
// fields its kind uses, the velocity and facing turned back from the deciding team's frame;
// the other fields are zero. An action illegal now is refused with the error of
// [Env.Validate], which wraps env.ErrIllegalAction.
func (e *Env) DecodeAction(src env.Action) (Action, error) {
	if err := e.Validate(src); err != nil {
		return Action{}, err
	}
	return e.decode(src), nil
}

// decode is DecodeAction without the check.
func (e *Env) decode(src env.Action) Action {
	return e.c.decode(src, e.g, e.g.phase, e.team(), e.g.actorFull())
}

// Interface checks.
var (
	_ env.Game            = (*Env)(nil)
	_ env.Shaper          = (*Env)(nil)
	_ env.RulesDocumenter = (*Env)(nil)
)
