package race

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// ErrIllegal is wrapped, with env.ErrIllegalAction, by every action the engine refuses
// ([Game.Check], [Game.Apply], [Env.EncodeAction]). A refused action changes nothing.
var ErrIllegal = errors.New("race: illegal action")

// ErrInvariant is wrapped by every error of [Game.Validate].
var ErrInvariant = errors.New("race: broken invariant")

// Action is one move of Race at the engine level: what the mover does, to whom and how hard.
type Action struct {
	// Move is Gain, Double, Steal or Pass.
	Move int
	// Target is the absolute seat Steal takes a point from (ignored by the other moves).
	Target int
	// Power is the power of Gain and Double, in [-1, 1] (ignored by the other moves).
	Power float64
}

// String returns the move in words, as "gain 0.25" or "steal from 1".
func (a Action) String() string {
	switch a.Move {
	case Gain:
		return fmt.Sprintf("gain %g", a.Power)
	case Double:
		return fmt.Sprintf("double %g", a.Power)
	case Steal:
		return fmt.Sprintf("steal from %d", a.Target)
	case Pass:
		return "pass"
	}
	return fmt.Sprintf("move %d", a.Move)
}

// Game is the rules engine of Race: pure rules, no RL concepts (see [Env] for those).
type Game struct {
	cfg Config
	rng *rand.Rand // the episode's generator, given by Reset; draws the execution noise

	scores  []float64 // per seat, points, ≥ 0
	doubles []bool    // per seat: the Double move is still available
	delta   []float64 // per seat: score change of the last move (for shaping)
	sweet   float64   // the power that gains most, in [-1, 1], drawn at Reset
	current int       // seat to move
	turn    int       // turns played, 0..Players*Rounds
}

// New returns a game with cfg, after checking it, not yet dealt (see [Game.Reset]).
func New(cfg Config) (*Game, error) {
	if cfg.Players < 2 || cfg.Players > 5 {
		return nil, fmt.Errorf("race: players %d outside [2, 5]", cfg.Players)
	}
	if cfg.Rounds < 1 || cfg.Rounds > 1000 {
		return nil, fmt.Errorf("race: rounds %d outside [1, 1000]", cfg.Rounds)
	}
	if !(cfg.Noise >= 0 && cfg.Noise <= 1) {
		return nil, fmt.Errorf("race: noise %g outside [0, 1]", cfg.Noise)
	}
	p := cfg.Players
	return &Game{
		cfg:     cfg,
		scores:  make([]float64, p),
		doubles: make([]bool, p),
		delta:   make([]float64, p),
	}, nil
}

// Reset deals a new game: it draws the first player and the sweet spot from rng, and keeps
// rng for the execution noise of Apply.
func (g *Game) Reset(rng *rand.Rand) {
	g.rng = rng
	for i := range g.scores {
		g.scores[i], g.doubles[i], g.delta[i] = 0, true, 0
	}
	// Draw in a fixed order: the order of draws is part of the version.
	g.current = rng.IntN(g.cfg.Players)
	g.sweet = rng.Float64()*2 - 1
	g.turn = 0
}

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// Current returns the seat to move. After the end it is the seat that would have moved next.
func (g *Game) Current() int { return g.current }

// Over reports whether every turn has been played.
func (g *Game) Over() bool { return g.turn >= g.cfg.Players*g.cfg.Rounds }

// Sweet returns this game's sweet-spot power, in [-1, 1].
func (g *Game) Sweet() float64 { return g.sweet }

// CanDouble reports whether seat p may still play Double.
func (g *Game) CanDouble(p int) bool { return g.doubles[p] }

// Legal appends the legal actions to dst and returns it: Gain and Double (while the mover
// has it) with power 0 for the caller to choose, Steal from each other seat with at least
// one point, Pass. None once the game is over.
func (g *Game) Legal(dst []Action) []Action {
	if g.Over() {
		return dst
	}
	dst = append(dst, Action{Move: Gain})
	if g.doubles[g.current] {
		dst = append(dst, Action{Move: Double})
	}
	for k := range g.cfg.Players - 1 {
		if t := (g.current + 1 + k) % g.cfg.Players; g.scores[t] >= 1 {
			dst = append(dst, Action{Move: Steal, Target: t})
		}
	}
	return append(dst, Action{Move: Pass})
}

// illegalError is an action the engine refuses: an *env.ActionError (whose message it
// keeps) that also wraps [ErrIllegal].
type illegalError struct{ env.ActionError }

// Unwrap returns [ErrIllegal] and the env.ActionError, for errors.Is and errors.As.
func (e *illegalError) Unwrap() []error { return []error{ErrIllegal, &e.ActionError} }

// illegal returns the error refusing a, wrapping ErrIllegal and env.ErrIllegalAction.
func illegal(a Action, reason string) error {
	return &illegalError{env.ActionError{Env: -1, Field: "action", Reason: fmt.Sprintf("%v: %s", a, reason)}}
}

// Check returns nil if a is legal now, or an error wrapping [ErrIllegal] and
// env.ErrIllegalAction saying why.
// It never changes the game.
func (g *Game) Check(a Action) error {
	switch {
	case g.Over():
		return illegal(a, "the game is over")
	case a.Move == Gain || a.Move == Double:
		if !(a.Power >= -1 && a.Power <= 1) {
			return illegal(a, "power outside [-1, 1]")
		}
		if a.Move == Double && !g.doubles[g.current] {
			return illegal(a, "double already played")
		}
	case a.Move == Steal:
		if a.Target < 0 || a.Target >= g.cfg.Players || a.Target == g.current {
			return illegal(a, "no such target")
		}
		if g.scores[a.Target] < 1 {
			return illegal(a, "steal from a seat with less than one point")
		}
	case a.Move != Pass:
		return illegal(a, "unknown move")
	}
	return nil
}

// Apply checks a, then plays it for the current seat. The gain of a power x is
// 2 - |x - sweet| plus uniform noise in [-Noise, Noise] drawn from the game's generator, at
// least 0. On error the game is unchanged.
func (g *Game) Apply(a Action) error {
	if err := g.Check(a); err != nil {
		return err
	}
	clear(g.delta)
	me := g.current
	switch a.Move {
	case Gain, Double:
		// Draw noise for every gain, in a fixed place, so that the trajectory depends on
		// the seed and the actions only.
		noise := (g.rng.Float64()*2 - 1) * g.cfg.Noise
		gain := max(0, 2-math.Abs(a.Power-g.sweet)+noise)
		if a.Move == Double {
			gain *= 2
			g.doubles[me] = false
		}
		g.delta[me] = gain
	case Steal:
		g.delta[a.Target] = -1
		g.delta[me] = 1
	}
	for i, d := range g.delta {
		g.scores[i] += d
	}
	g.current = (g.current + 1) % g.cfg.Players
	g.turn++
	return nil
}

// Clone returns a deep copy of the game; it shares the generator, which only Apply draws
// from.
func (g *Game) Clone() *Game {
	c := *g
	c.scores = append([]float64(nil), g.scores...)
	c.doubles = append([]bool(nil), g.doubles...)
	c.delta = append([]float64(nil), g.delta...)
	return &c
}

// Scores appends each seat's score now, in points, to dst and returns it.
func (g *Game) Scores(dst []float64) []float64 { return append(dst, g.scores...) }

// Deltas appends each seat's score change of the last move, in points, to dst and returns it.
func (g *Game) Deltas(dst []float64) []float64 { return append(dst, g.delta...) }

// Validate checks the state's invariants: scores finite and at least 0, the seat to move
// and the turn in range, the sweet spot in [-1, 1]. It returns nil or an error wrapping
// [ErrInvariant].
func (g *Game) Validate() error {
	for i, s := range g.scores {
		if !(s >= 0) || math.IsInf(s, 0) {
			return fmt.Errorf("%w: seat %d has score %g", ErrInvariant, i, s)
		}
	}
	if g.current < 0 || g.current >= g.cfg.Players {
		return fmt.Errorf("%w: seat to move %d", ErrInvariant, g.current)
	}
	if g.turn < 0 || g.turn > g.cfg.Players*g.cfg.Rounds {
		return fmt.Errorf("%w: turn %d", ErrInvariant, g.turn)
	}
	if !(g.sweet >= -1 && g.sweet <= 1) {
		return fmt.Errorf("%w: sweet spot %g", ErrInvariant, g.sweet)
	}
	return nil
}

// Hash returns a hash of every state field, in a fixed order.
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
