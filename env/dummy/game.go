package dummy

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
const ID = "dummy/race-v1"

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

// Game is one game of Race. It implements env.Game and env.Shaper.
//
// Every field below is part of the state (and of Hash) except cfg, spec
// (constant) and rng (the Vector's generator for the current episode).
type Game struct {
	cfg  Config
	spec env.Spec
	rng  *rand.Rand // the episode's generator, given by Reset

	scores  []float64 // per seat, points, ≥ 0
	doubles []bool    // per seat: the Double move is still available
	delta   []float64 // per seat: score change of the last Step (for Shaping)
	sweet   float64   // the power that gains most, in [-1, 1], drawn at Reset
	current int       // seat to move
	turn    int       // turns played, 0..Players*Rounds
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
// their declared specs ([Game.OptionSpecs]).
func Factory(opts env.Options) (env.Game, error) {
	// Unknown options are refused: a typo must not silently give a default
	// game.
	v, err := optionSpecs.Parse(opts)
	if err != nil {
		return nil, fmt.Errorf("dummy: %w", err)
	}
	g, err := New(Config{Players: v.Int("players"), Rounds: v.Int("rounds"), Noise: v.Float("noise")})
	if err != nil {
		// Return a nil interface, not a nil *Game inside an interface.
		return nil, err
	}
	return g, nil
}

// OptionSpecs implements [env.OptionDeclarer]: the options of [Factory].
func (g *Game) OptionSpecs() env.OptionSpecs { return optionSpecs }

// Register adds the game to r under [ID]. Programs call it explicitly
// (no init side effects).
func Register(r *env.Registry) error { return r.Register(ID, Factory) }

// New returns a game with cfg, not yet reset.
func New(cfg Config) (*Game, error) {
	if cfg.Players < 2 || cfg.Players > 5 {
		return nil, fmt.Errorf("dummy: players %d outside [2, 5]", cfg.Players)
	}
	if cfg.Rounds < 1 || cfg.Rounds > 1000 {
		return nil, fmt.Errorf("dummy: rounds %d outside [1, 1000]", cfg.Rounds)
	}
	if !(cfg.Noise >= 0 && cfg.Noise <= 1) {
		return nil, fmt.Errorf("dummy: noise %g outside [0, 1]", cfg.Noise)
	}
	p := cfg.Players
	return &Game{
		cfg:     cfg,
		spec:    newSpec(cfg),
		scores:  make([]float64, p),
		doubles: make([]bool, p),
		delta:   make([]float64, p),
	}, nil
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
func (g *Game) Spec() *env.Spec { return &g.spec }

// Reset implements env.Game: it draws the first player and the sweet spot
// from rng, and keeps rng for the execution noise of Step.
func (g *Game) Reset(rng *rand.Rand) error {
	g.rng = rng
	for i := range g.scores {
		g.scores[i], g.doubles[i], g.delta[i] = 0, true, 0
	}
	// Draw in a fixed order: the order of draws is part of the version.
	g.current = rng.IntN(g.cfg.Players)
	g.sweet = rng.Float64()*2 - 1
	g.turn = 0
	return nil
}

// CurrentPlayer implements env.Game. After the end it is the seat that
// would have moved next.
func (g *Game) CurrentPlayer() int { return g.current }

// over reports whether every turn has been played.
func (g *Game) over() bool { return g.turn >= g.cfg.Players*g.cfg.Rounds }

// target returns the absolute seat of relative target value k for the mover.
func (g *Game) target(k int32) int { return (g.current + 1 + int(k)) % g.cfg.Players }

// Mask implements env.Game. Gain and Pass are always legal; Double needs
// the mover's token; Steal needs some other seat with at least one point.
// Every target is allowed by the mask (the factorised mask cannot say
// "this target only for Steal"); Validate checks the pair.
func (g *Game) Mask(dst []bool) {
	canSteal := false
	for k := range g.cfg.Players - 1 {
		canSteal = canSteal || g.scores[g.target(int32(k))] >= 1
	}
	dst[Gain], dst[Double], dst[Steal], dst[Pass] = true, g.doubles[g.current], canSteal, true
	for k := range g.cfg.Players - 1 {
		dst[numMoves+k] = true
	}
}

// Validate implements env.Game: the joint rule is that Steal needs a target
// with at least one point. Ranges and the mask were checked by the caller.
func (g *Game) Validate(a env.Action) error {
	if a.Discrete[0] == Steal && g.scores[g.target(a.Discrete[1])] < 1 {
		return &env.ActionError{Env: -1, Field: `discrete[1] "target"`, Reason: "steal from a seat with less than one point"}
	}
	return nil
}

// DefaultAction implements env.Game: Pass, the no-op.
func (g *Game) DefaultAction(dst env.Action) {
	dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = Pass, 0, 0
}

// Step implements env.Game. The gain of a power x is 2 - |x - sweet| plus
// uniform noise in [-Noise, Noise], at least 0.
func (g *Game) Step(a env.Action) (env.Status, error) {
	clear(g.delta)
	me := g.current
	switch a.Discrete[0] {
	case Gain, Double:
		// Draw noise for every gain, in a fixed place, so that the
		// trajectory depends on the seed and the actions only.
		noise := (g.rng.Float64()*2 - 1) * g.cfg.Noise
		gain := max(0, 2-math.Abs(float64(a.Continuous[0])-g.sweet)+noise)
		if a.Discrete[0] == Double {
			gain *= 2
			g.doubles[me] = false
		}
		g.delta[me] = gain
	case Steal:
		g.delta[g.target(a.Discrete[1])] = -1
		g.delta[me] = 1
	case Pass:
	default:
		// Unreachable after Spec.Check; an error, not a panic, if a bug
		// lets it through.
		return env.Running, fmt.Errorf("dummy: move %d", a.Discrete[0])
	}
	for i, d := range g.delta {
		g.scores[i] += d
	}
	g.current = (g.current + 1) % g.cfg.Players
	g.turn++
	if g.over() {
		return env.Terminated, nil
	}
	return env.Running, nil
}

// Outcome implements env.Game: +1 for the only best score, 0 for a seat
// tied for best, -1 for the others.
func (g *Game) Outcome(dst []float32) {
	best := math.Inf(-1)
	for _, s := range g.scores {
		best = max(best, s)
	}
	winners := 0
	for _, s := range g.scores {
		if s == best {
			winners++
		}
	}
	for i, s := range g.scores {
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
func (g *Game) Shaping(dst []float32) {
	for i, d := range g.delta {
		dst[i] = float32(d / g.maxScore())
	}
}

// maxScore is an upper bound of any score: every own turn gains at most
// 2+Noise, or twice that once, or steals 1.
func (g *Game) maxScore() float64 { return float64(g.cfg.Rounds+1) * (2 + g.cfg.Noise) }

// Observe implements env.Game; see the Spec's fields.
func (g *Game) Observe(dst []float32, player int) {
	p := g.cfg.Players
	for k := range p {
		seat := (player + k) % p
		dst[k] = float32(g.scores[seat] / g.maxScore())
		dst[p+k] = b2f(g.doubles[seat])
		dst[2*p+k] = b2f(seat == g.current)
	}
	dst[3*p] = float32(g.sweet)
	dst[3*p+1] = float32(g.turn) / float32(p*g.cfg.Rounds)
}

// b2f converts a bool to 0 or 1.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Hash implements env.Game: every state field, in a fixed order.
func (g *Game) Hash() uint64 {
	var h env.Hasher
	h.Int(g.cfg.Players)
	h.Int(g.cfg.Rounds)
	h.Float64(g.cfg.Noise)
	for i := range g.scores {
		h.Float64(g.scores[i])
		h.Bool(g.doubles[i])
		h.Float64(g.delta[i])
	}
	h.Float64(g.sweet)
	h.Int(g.current)
	h.Int(g.turn)
	return h.Sum()
}

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
func (g *Game) MarshalJSON() ([]byte, error) {
	return json.Marshal(view{
		Game: ID, Turn: g.turn, Turns: g.cfg.Players * g.cfg.Rounds, Current: g.current,
		Sweet: g.sweet, Scores: g.scores, Doubles: g.doubles, Over: g.over(),
	})
}

// Interface checks: the compiler proves that *Game is an env.Game and an
// env.Shaper.
var (
	_ env.Game   = (*Game)(nil)
	_ env.Shaper = (*Game)(nil)
)
