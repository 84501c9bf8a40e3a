package race

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/flickarena/flickarena/env"
)

// ID is the versioned id the game registers under. Bump the version on any
// change of dynamics, observations or rewards.
const ID = "race-v1"

// The values of the "move" head. A game names its discrete values once,
// here, and uses the names everywhere (rules, masks, docs).
const (
	Gain   = iota // add the gain of the power to your score
	Double        // add twice the gain; once per game
	Steal         // take one point from the target
	Pass          // do nothing: the no-op, the DefaultAction
	numMoves
)

// Config holds the game's arguments. A game parses its env.Options into a
// typed Config once, in its factory, and never looks at strings again.
type Config struct {
	// Players is the number of seats, 2 to 5; default 2.
	Players int
	// Rounds is the number of turns each player takes, ≥ 1; default 5.
	Rounds int
	// Noise is the half-width of the uniform execution noise added to each
	// gain, in points, in [0, 1]; default 0.1. It stands for the
	// imprecision of a human flick.
	Noise float64
}

// DefaultConfig returns the default arguments.
func DefaultConfig() Config { return Config{Players: 2, Rounds: 5, Noise: 0.1} }

// Env serves a [Game] through the env.Game contract (spec, mask, observations, rewards). It
// implements env.Game and env.Shaper.
//
// Its only state is the engine's; cfg and spec are constant.
type Env struct {
	cfg   Config
	spec  env.Spec
	g     *Game
	seats []string // the seats' names ([Env.SeatNames])
}

// optionSpecs are the options of [Factory] (see "# Arguments" in the
// package doc); their defaults are [DefaultConfig]'s.
var optionSpecs = func() env.OptionSpecs {
	d := DefaultConfig()
	return env.OptionSpecs{
		{Key: "players", Type: env.OptionInt, Min: 2, Max: 5, Default: strconv.Itoa(d.Players), Doc: "players, one seat each"},
		{Key: "rounds", Type: env.OptionInt, Min: 1, Max: 1000, Default: strconv.Itoa(d.Rounds), Doc: "turns per player"},
		{Key: "noise", Type: env.OptionFloat, Min: 0, Max: 1, Default: strconv.FormatFloat(d.Noise, 'g', -1, 64),
			Doc: "half-width of the uniform noise on each gain, points"},
	}
}()

// Factory is the env.Factory of the game: it parses the options
// "players", "rounds" and "noise" (see the package doc), checked against
// their declared specs ([Env.OptionSpecs]).
func Factory(opts env.Options) (env.Game, error) {
	// Unknown options are refused: a typo must not silently give a default
	// game.
	v, err := optionSpecs.Parse(opts)
	if err != nil {
		return nil, fmt.Errorf("race: %w", err)
	}
	g, err := NewEnv(Config{Players: v.Int("players"), Rounds: v.Int("rounds"), Noise: v.Float("noise")})
	if err != nil {
		// Return a nil interface, not a nil *Game inside an interface.
		return nil, err
	}
	return g, nil
}

// OptionSpecs implements [env.OptionDeclarer]: the options of [Factory].
func (e *Env) OptionSpecs() env.OptionSpecs { return optionSpecs }

// Register adds the game to r under [ID]. Programs call it explicitly
// (no init side effects).
func Register(r *env.Registry) error { return r.Register(ID, Factory) }

// NewEnv returns a game with cfg, not yet reset.
func NewEnv(cfg Config) (*Env, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return &Env{cfg: cfg, spec: newSpec(cfg), g: g, seats: env.DefaultSeatNames(cfg.Players)}, nil
}

// newSpec builds the spec: it depends on the options (the number of
// players sizes the observation and the target head), so it is built per
// game, once.
func newSpec(cfg Config) env.Spec {
	p := cfg.Players
	return env.Spec{
		ID:         ID,
		NumPlayers: p,
		// Observations are from the observer's seat: index 0 of every
		// per-seat field is the observer, index k the seat k places after
		// it. Then one network serves every seat (self-play).
		Obs: []env.Field{
			{Name: "score", Size: p, Low: 0, High: 1, Doc: "score per seat from the observer, divided by the maximum possible score"},
			{Name: "double", Size: p, Low: 0, High: 1, Doc: "1 if the seat can still play Double"},
			{Name: "to_move", Size: p, Low: 0, High: 1, Doc: "one-hot: the seat to move"},
			{Name: "sweet", Size: 1, Low: -1, High: 1, Doc: "the sweet-spot power of this episode"},
			{Name: "progress", Size: 1, Low: 0, High: 1, Doc: "turns played / total turns"},
		},
		Heads: []env.Head{
			{Name: "move", N: numMoves, Values: []string{"gain", "double", "steal", "pass"}},
			// The target is relative too: value k is the seat k+1 places
			// after the mover, so a player never targets itself.
			{Name: "target", N: p - 1},
		},
		Dims: []env.Dim{
			{Name: "power", Low: -1, High: 1},
		},
		// The game always ends after Players*Rounds turns: no limit needed.
		MaxEpisodeSteps: 0,
	}
}

// Spec implements env.Game. It returns a pointer to the game's own spec,
// which never changes.
func (e *Env) Spec() *env.Spec { return &e.spec }

// Engine returns the rules engine, for bots that read the state or plan on clones. The
// caller must not change it.
func (e *Env) Engine() *Game { return e.g }

// Reset implements env.Game: it deals the engine with rng (see [Game.Reset]).
func (e *Env) Reset(rng *rand.Rand) error {
	e.g.Reset(rng)
	return nil
}

// CurrentPlayer implements env.Game: the engine's [Game.Current].
func (e *Env) CurrentPlayer() int { return e.g.Current() }

// target returns the absolute seat of relative target value k for the mover.
func (e *Env) target(k int32) int { return (e.g.current + 1 + int(k)) % e.cfg.Players }

// Mask implements env.Game. Gain and Pass are always legal; Double needs
// the mover's token; Steal needs some other seat with at least one point.
// Every target is allowed by the mask (the factorised mask cannot say
// "this target only for Steal"); Validate checks the pair.
func (e *Env) Mask(dst []bool) {
	canSteal := false
	for k := range e.cfg.Players - 1 {
		canSteal = canSteal || e.g.scores[e.target(int32(k))] >= 1
	}
	dst[Gain], dst[Double], dst[Steal], dst[Pass] = true, e.g.doubles[e.g.current], canSteal, true
	for k := range e.cfg.Players - 1 {
		dst[numMoves+k] = true
	}
}

// Validate implements env.Game: the engine's verdict on the decoded action (the joint rule
// is that Steal needs a target with at least one point). Ranges and the mask were checked
// by the caller.
func (e *Env) Validate(a env.Action) error {
	if a.Discrete[0] == Steal && e.g.scores[e.target(a.Discrete[1])] < 1 {
		return &env.ActionError{Env: -1, Field: `discrete[1] "target"`, Reason: "steal from a seat with less than one point"}
	}
	return nil
}

// DefaultAction implements env.Game: Pass, the no-op.
func (e *Env) DefaultAction(dst env.Action) {
	dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = Pass, 0, 0
}

// decode returns the engine action of native action a for the mover.
func (e *Env) decode(a env.Action) Action {
	return Action{Move: int(a.Discrete[0]), Target: e.target(a.Discrete[1]), Power: float64(a.Continuous[0])}
}

// DecodeAction returns the engine action of native action src for the seat to move, or an
// error wrapping env.ErrIllegalAction that names the field at fault.
func (e *Env) DecodeAction(src env.Action) (Action, error) {
	mask := make([]bool, e.spec.MaskSize())
	e.Mask(mask)
	if err := e.spec.Check(src, mask); err != nil {
		return Action{}, err
	}
	if err := e.Validate(src); err != nil {
		return Action{}, err
	}
	return e.decode(src), nil
}

// EncodeAction writes engine action a of the seat to move into dst (sized for the Spec):
// the inverse of DecodeAction. Heads a does not use are 0. An action illegal now is refused
// with the engine's error (see [Game.Check]) and dst is left alone.
func (e *Env) EncodeAction(dst env.Action, a Action) error {
	if err := e.g.Check(a); err != nil {
		return err
	}
	dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = int32(a.Move), 0, 0
	switch a.Move {
	case Gain, Double:
		dst.Continuous[0] = float32(a.Power)
	case Steal:
		dst.Discrete[1] = int32((a.Target - e.g.current - 1 + 2*e.cfg.Players) % e.cfg.Players)
	}
	return nil
}

// Step implements env.Game: the engine applies the decoded action.
func (e *Env) Step(a env.Action) (env.Status, error) {
	if err := e.g.Apply(e.decode(a)); err != nil {
		return env.Running, err
	}
	if e.g.Over() {
		return env.Terminated, nil
	}
	return env.Running, nil
}

// Outcome implements env.Game: +1 for the only best score, 0 for a seat
// tied for best, -1 for the others.
func (e *Env) Outcome(dst []float32) {
	best := math.Inf(-1)
	for _, s := range e.g.scores {
		best = max(best, s)
	}
	winners := 0
	for _, s := range e.g.scores {
		if s == best {
			winners++
		}
	}
	for i, s := range e.g.scores {
		switch {
		case s < best:
			dst[i] = -1
		case winners == 1:
			dst[i] = 1
		default:
			dst[i] = 0
		}
	}
}

// Shaping implements env.Shaper: each seat's score change of the last
// move, divided by the maximum possible score.
func (e *Env) Shaping(dst []float32) {
	for i, d := range e.g.delta {
		dst[i] = float32(d / e.maxScore())
	}
}

// maxScore is an upper bound of any score: every own turn gains at most
// 2+Noise, or twice that once, or steals 1.
func (e *Env) maxScore() float64 { return float64(e.cfg.Rounds+1) * (2 + e.cfg.Noise) }

// Observe implements env.Game; see the Spec's fields.
func (e *Env) Observe(dst []float32, player int) {
	p := e.cfg.Players
	g := e.g
	for k := range p {
		seat := (player + k) % p
		dst[k] = float32(g.scores[seat] / e.maxScore())
		dst[p+k] = b2f(g.doubles[seat])
		dst[2*p+k] = b2f(seat == g.current)
	}
	dst[3*p] = float32(g.sweet)
	dst[3*p+1] = float32(g.turn) / float32(p*e.cfg.Rounds)
}

// b2f converts a bool to 0 or 1.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Hash implements env.Game: the engine's [Game.Hash].
func (e *Env) Hash() uint64 { return e.g.Hash() }

// view is the JSON layout of the state; see the package doc.
type view struct {
	Game    string    `json:"game"`
	Turn    int       `json:"turn"`
	Turns   int       `json:"turns"`
	Current int       `json:"current"`
	Sweet   float64   `json:"sweet"`
	Scores  []float64 `json:"scores"`
	Doubles []bool    `json:"doubles"`
	Over    bool      `json:"over"`
}

// MarshalJSON implements env.Game.
func (e *Env) MarshalJSON() ([]byte, error) {
	g := e.g
	return json.Marshal(view{
		Game: ID, Turn: g.turn, Turns: e.cfg.Players * e.cfg.Rounds, Current: g.current,
		Sweet: g.sweet, Scores: g.scores, Doubles: g.doubles, Over: g.Over(),
	})
}

// RewardDoc implements env.RulesDocumenter (see the package doc, "Rewards").
func (e *Env) RewardDoc() string {
	return "2 to 5 seats. Outcome, on the step that ends the game (after players x rounds turns): +1 to the only seat " +
		"with the best score, 0 to each seat tied for best, -1 to every other seat. Shaping: each seat's score change " +
		"over the step, in units of the maximum possible score ((rounds+1) x (2+noise) points)."
}

// JointRuleDoc implements env.RulesDocumenter (see the package doc, "Action Space").
func (e *Env) JointRuleDoc() string {
	return "Heads: move (gain, double, steal, pass) and target (value k: the seat k+1 places after the mover); the " +
		"dim power. target counts for steal only, power for gain and double only; an unused head or dim is ignored. " +
		"Joint rule, which the factorised mask cannot say: steal needs a target with at least one point (the mask " +
		"allows steal when some other seat has one, and every target)."
}

// Interface checks: the compiler proves that *Env is an env.Game and implements the
// optional hooks of env (the viewer's and the replay's are checked by the tests, which may
// import replay).
var (
	_ env.Game           = (*Env)(nil)
	_ env.Shaper         = (*Env)(nil)
	_ env.Scorer         = (*Env)(nil)
	_ env.SeatNamer      = (*Env)(nil)
	_ env.Ender          = (*Env)(nil)
	_ env.OptionDeclarer = (*Env)(nil)
)

// The documentation of the rewards and the joint rule, for the wire.
var _ env.RulesDocumenter = (*Env)(nil)
