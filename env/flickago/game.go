package flickago

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/physics"
)

// Game is one game of Flickago: the rules engine over a [physics.Simulator].
//
// A Game is not safe for concurrent use; [Game.Clone] gives an independent copy for another
// goroutine or a planner.
type Game struct {
	cfg   Config
	board *Board // read-only; shared by clones
	rad   float64
	sim   Flicker
	rng   *rand.Rand // execution noise; nil flicks without noise
	st    State
	phys  physics.State // scratch for flicks
	bhash uint64        // hash of the configuration, mixed into Hash
}

// New returns a game with cfg, in its starting position with player 0 to flick; call
// [Game.Reset] to start an episode with its random draws.
func New(cfg Config) (*Game, error) {
	cfg.Physics.Pieces = Pieces
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.Board = cfg.Board.clone()
	sim, err := physics.New(cfg.Physics)
	if err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, board: &cfg.Board, rad: discRadius(), sim: sim}
	g.bhash = configHash(&g.cfg)
	g.phys.Table = g.board.Table()
	g.phys.Pieces = make([]physics.Piece, NumPlayers*NumDiscs+NumInspectors)
	g.start(0)
	return g, nil
}

// Reset starts a new game: every disc in its reserve, the inspectors on their stars, the first
// player set by Config.FirstPlayer or drawn from rng. The game keeps rng and draws the
// execution noise of every flick from it (nil means noiseless flicks).
func (g *Game) Reset(rng *rand.Rand) {
	g.rng = rng
	first := g.cfg.FirstPlayer
	if first < 0 {
		first = 0
		if rng != nil {
			first = rng.IntN(NumPlayers)
		}
	}
	g.start(first)
}

// start sets the starting position with first to flick.
func (g *Game) start(first int) {
	g.st = State{Current: first, LastFlicker: -1, Phase: PhaseFlick}
	for i := range g.st.Inspectors {
		g.st.Inspectors[i] = Inspector{Pos: g.board.Stars[i]}
	}
}

// SetRand replaces the generator of the execution noise (nil: noiseless flicks).
func (g *Game) SetRand(rng *rand.Rand) { g.rng = rng }

// Config returns the game's configuration. The caller must not modify its Board's slices.
func (g *Game) Config() Config { return g.cfg }

// Board returns the game's board, read-only.
func (g *Game) Board() *Board { return g.board }

// Radius returns the radius of the discs and inspectors, in cm.
func (g *Game) Radius() float64 { return g.rad }

// State returns the position.
func (g *Game) State() State { return g.st }

// SetState loads position st after checking it (see [State]); on error the game is unchanged.
// A position in PhaseFlick whose current player cannot flick is accepted as given; the usual
// turn order resumes after the next action.
func (g *Game) SetState(st State) error {
	if err := st.validate(g.board, g.rad); err != nil {
		return err
	}
	g.st = st
	return nil
}

// Phase returns the kind of decision the current player faces.
func (g *Game) Phase() Phase { return g.st.Phase }

// Current returns the player who acts next.
func (g *Game) Current() int { return g.st.Current }

// Over reports whether the game has ended, by the rules or truncated.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

// Truncated reports whether the game ended at the turn cap rather than by the rules.
func (g *Game) Truncated() bool { return g.st.Truncated }

// Turns returns the number of flicks played.
func (g *Game) Turns() int { return g.st.Turns }

// Clone returns an independent copy of the game, with its own simulator and no generator:
// its flicks are noiseless until [Game.SetRand]. (Sharing the original's generator would
// change the original's future draws.)
func (g *Game) Clone() *Game {
	sim, err := physics.New(g.cfg.Physics)
	if err != nil {
		panic("flickago: clone: " + err.Error()) // the config was validated by New
	}
	return g.CloneWith(sim)
}

// Points returns each player's points in the current position, as if the game ended now.
func (g *Game) Points() [NumPlayers]int { return score(g.board, g.rad, &g.st) }

// Scores appends each seat's points now (see [Game.Points]) to dst and returns it.
func (g *Game) Scores(dst []float64) []float64 {
	for _, s := range g.Points() {
		dst = append(dst, float64(s))
	}
	return dst
}

// Validate checks the invariants of the position (those [Game.SetState] checks): nil, or an
// error wrapping [ErrInvariant].
func (g *Game) Validate() error {
	if err := g.st.validate(g.board, g.rad); err != nil {
		return fmt.Errorf("%w: %w", ErrInvariant, err)
	}
	return nil
}

// Winner returns the winner of an ended game, or -1 for a draw, a truncated game or a game
// still running.
func (g *Game) Winner() int {
	if g.st.Phase != PhaseOver || g.st.Truncated {
		return -1
	}
	s := g.Points()
	switch {
	case s[0] > s[1]:
		return 0
	case s[1] > s[0]:
		return 1
	}
	return -1
}
