package flickago

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// ID is the versioned id the game registers under. Any change of the rules, the board, the
// observation or the rewards bumps the version.
const ID = "flickago-v3"

// The options of [Factory] (see "# Arguments" in the package doc).
const (
	optAngleSD     = "angle_sd"
	optPowerSD     = "power_sd"
	optFirstPlayer = "first_player"
	optMaxTurns    = "max_turns"
	optFlick       = env.FlickKey
	optRecord      = "record" // replay.RecordOption, by which a recorder asks for trajectories
)

// Env is a [Game] behind the [env.Game] contract: it owns the game and translates actions,
// masks and observations, all egocentric (see the package doc). It also implements
// [env.Shaper].
type Env struct {
	g    *Game
	spec env.Spec
	lay  layout
	tr   *physics.Tracer // the flicks' table when recording (option record), else nil
	buf  []Action        // scratch for Legal
	// before is the score margin of each seat before the last Step, for Shaping.
	before [NumPlayers]int
}

// optionSpecs are the options of [Factory] (see "# Arguments" in the package doc); their
// defaults are [DefaultConfig]'s.
var optionSpecs = func() env.OptionSpecs {
	d := DefaultConfig()
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return env.OptionSpecs{
		{Key: optAngleSD, Type: env.OptionFloat, Min: 0, Max: math.Pi, Default: g(d.Physics.Noise.AngleSD),
			Doc: "execution noise of the flick direction (standard deviation), rad"},
		{Key: optPowerSD, Type: env.OptionFloat, Min: 0, Max: 1, Default: g(d.Physics.Noise.PowerSD),
			Doc: "execution noise of the flick speed (standard deviation), relative to the speed"},
		{Key: optFirstPlayer, Type: env.OptionInt, Min: -1, Max: 1, Default: strconv.Itoa(d.FirstPlayer),
			Doc: "the seat that starts, or -1 to draw it at each reset"},
		{Key: optMaxTurns, Type: env.OptionInt, Min: 1, Max: 1_000_000, Default: strconv.Itoa(d.MaxTurns),
			Doc: "flicks before the episode is truncated"},
		env.FlickOptionSpec(),
		{Key: optRecord, Type: env.OptionBool, Default: "false",
			Doc: "keep each flick's trajectory for replays: the same game, slower"},
	}
}()

// Factory is the [env.Factory] of flickago-v3: it parses the options angle_sd, power_sd,
// first_player, max_turns, flick and record, checked against their declared specs
// ([Env.OptionSpecs]).
func Factory(opts env.Options) (env.Game, error) {
	v, err := optionSpecs.Parse(opts)
	if err != nil {
		return nil, fmt.Errorf("flickago: %w", err)
	}
	cfg := DefaultConfig()
	cfg.Physics.Noise.AngleSD = v.Float(optAngleSD)
	cfg.Physics.Noise.PowerSD = v.Float(optPowerSD)
	cfg.FirstPlayer = v.Int(optFirstPlayer)
	cfg.MaxTurns = v.Int(optMaxTurns)
	f, err := env.ParseFlickFormat(v.String(optFlick))
	if err != nil {
		return nil, fmt.Errorf("flickago: %w", err)
	}
	e, err := NewEnvFormat(cfg, f)
	if err != nil {
		return nil, err
	}
	if v.Bool(optRecord) {
		if err := e.record(); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// record runs the game's flicks through a [physics.Tracer] on the board's table, which keeps
// their trajectories for a replay recorder ([Env.Tracer]). It changes no outcome: the tracer
// simulates with the game's own physics configuration (sampling frames changes nothing).
func (e *Env) record() error {
	tr, err := physics.NewTracer(e.g.cfg.Physics, e.g.board.Table())
	if err != nil {
		return fmt.Errorf("flickago: record: %w", err)
	}
	e.g.sim, e.tr = tr, tr
	return nil
}

// Tracer returns the table that keeps the flicks' trajectories (option record), or nil: the
// replay recorder's hook (replay.Traceable). Trajectories are in table coordinates, the
// board shifted by its margin ([Board.Table]).
func (e *Env) Tracer() *physics.Tracer { return e.tr }

// OptionSpecs implements [env.OptionDeclarer]: the options of [Factory].
func (e *Env) OptionSpecs() env.OptionSpecs { return optionSpecs }

// Register adds flickago-v3 to r. Programs call it explicitly; the package has no init side
// effects.
func Register(r *env.Registry) error { return r.Register(ID, Factory) }

// NewEnv returns the env of a game with cfg, not yet reset, its flicks given as velocities
// ([env.FlickVelocity]).
func NewEnv(cfg Config) (*Env, error) { return NewEnvFormat(cfg, env.FlickVelocity) }

// NewEnvFormat returns the env of a game with cfg, not yet reset, its flicks given in format
// f (see "# Action Space" in the package doc).
func NewEnvFormat(cfg Config, f env.FlickFormat) (*Env, error) {
	if f != env.FlickVelocity && f != env.FlickAim {
		return nil, fmt.Errorf("flickago: flick format %v: want velocity or aim", f)
	}
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	e := &Env{g: g, lay: newLayout(g, f)}
	e.spec = e.lay.spec()
	return e, nil
}

// Engine returns the game, for bots that read the state or plan on clones. The caller must not
// change it.
func (e *Env) Engine() *Game { return e.g }

// Spec implements env.Game.
func (e *Env) Spec() *env.Spec { return &e.spec }

// Reset implements env.Game: it resets the game with rng, which then draws the first player
// (unless the first_player option fixes it) and every flick's execution noise.
func (e *Env) Reset(rng *rand.Rand) error {
	e.g.Reset(rng)
	e.before = [NumPlayers]int{}
	return nil
}

// CurrentPlayer implements env.Game.
func (e *Env) CurrentPlayer() int { return e.g.Current() }

// Mask implements env.Game: the values of each head that appear in at least one legal
// action. A head the phase does not use allows only 0.
func (e *Env) Mask(dst []bool) {
	clear(dst)
	e.buf = e.g.Legal(e.buf[:0])
	p := e.g.Current()
	var tmp [3]int32
	a := env.Action{Discrete: tmp[:]}
	for _, la := range e.buf {
		e.lay.encodeDiscrete(a, p, la)
		off := 0
		for h, hd := range e.spec.Heads {
			dst[off+int(a.Discrete[h])] = true
			off += hd.N
		}
	}
}

// Validate implements env.Game: it checks the game's rules for the decoded action and names
// the head at fault.
func (e *Env) Validate(a env.Action) error {
	p := e.g.Current()
	if err := e.lay.checkUnused(a, e.g.Phase()); err != nil {
		return err
	}
	if err := e.g.Check(e.lay.decode(a, e.g, p, e.g.Phase())); err != nil {
		return e.lay.actionError(err)
	}
	return nil
}

// DefaultAction implements env.Game: the first legal action (see [Game.Legal]) with a zero
// velocity, the nearest thing to a pass that Flickago has.
func (e *Env) DefaultAction(dst env.Action) {
	e.buf = e.g.Legal(e.buf[:0])
	clear(dst.Discrete)
	clear(dst.Continuous)
	if len(e.buf) > 0 {
		e.lay.encode(dst, e.g, e.g.Current(), e.buf[0])
	}
}

// Step implements env.Game.
func (e *Env) Step(a env.Action) (env.Status, error) {
	e.before = e.margins()
	if err := e.g.Apply(e.lay.decode(a, e.g, e.g.Current(), e.g.Phase()), nil); err != nil {
		return env.Running, err
	}
	switch {
	case !e.g.Over():
		return env.Running, nil
	case e.g.Truncated():
		return env.Truncated, nil
	}
	return env.Terminated, nil
}

// Outcome implements env.Game: +1 for the higher score, -1 for the lower, 0 each for a draw.
func (e *Env) Outcome(dst []float32) {
	switch w := e.g.Winner(); w {
	case White, Black:
		dst[w], dst[1-w] = 1, -1
	default:
		dst[0], dst[1] = 0, 0
	}
}

// margins returns each seat's score minus the opponent's.
func (e *Env) margins() [NumPlayers]int {
	s := e.g.Points()
	return [NumPlayers]int{s[0] - s[1], s[1] - s[0]}
}

// Shaping implements env.Shaper: each seat's change of its score margin (own points minus
// the opponent's) over the last step, in tens of points.
func (e *Env) Shaping(dst []float32) {
	now := e.margins()
	for p := range dst {
		dst[p] = float32(now[p]-e.before[p]) / 10
	}
}

// Observe implements env.Game; see "# Observation Space" in the package doc.
func (e *Env) Observe(dst []float32, player int) { e.lay.observe(dst, e.g, player) }

// Pieces returns the catalogue of the game's pieces ([Pieces]), whose shapes a replay lists.
func (e *Env) Pieces() *physics.Catalogue { return Pieces }

// Hash implements env.Game.
func (e *Env) Hash() uint64 { return e.g.Hash() }

// MarshalJSON implements env.Game: the game's view (see [Game.MarshalJSON]).
func (e *Env) MarshalJSON() ([]byte, error) { return e.g.MarshalJSON() }

// EncodeAction writes the native action of engine action a by the current player into dst
// (sized for the Spec): the inverse of DecodeAction. Bots that reason with [Action] use it.
// An action illegal now is refused with the engine's error (see [Game.Check]), which wraps
// env.ErrIllegalAction, and dst is left alone.
func (e *Env) EncodeAction(dst env.Action, a Action) error {
	if err := e.g.Check(a); err != nil {
		return err
	}
	e.lay.encode(dst, e.g, e.g.Current(), a)
	return nil
}

// DecodeAction returns the engine action of native action src by the current player in the
// current phase, or the error of [Env.Validate] (naming the head at fault, wrapping
// env.ErrIllegalAction) if src is not legal now.
func (e *Env) DecodeAction(src env.Action) (Action, error) {
	if err := e.Validate(src); err != nil {
		return Action{}, err
	}
	return e.lay.decode(src, e.g, e.g.Current(), e.g.Phase()), nil
}

// Interface checks.
var (
	_ env.Game            = (*Env)(nil)
	_ env.Shaper          = (*Env)(nil)
	_ env.RulesDocumenter = (*Env)(nil)
)
