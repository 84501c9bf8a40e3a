package flickago_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// newGame returns a game with noiseless flicks, White to flick first, reset.
func newGame(t testing.TB) *flickago.Game {
	t.Helper()
	cfg := flickago.DefaultConfig()
	cfg.Physics.Noise = physics.Noise{}
	cfg.FirstPlayer = flickago.White
	g, err := flickago.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	g.Reset(nil)
	return g
}

// at is a gang disc lying on the board, in board coordinates (cm).
type at struct {
	p, d    int
	x, y    float64
	flipped bool
}

// ins is an inspector's position (cm), or waiting.
type ins struct {
	i       int
	x, y    float64
	waiting bool
}

// setup is a literal position: discs not listed stay in reserve unless listed in gone;
// inspectors not listed stay on their stars.
type setup struct {
	discs   []at
	gone    [][2]int // {player, disc} eliminated
	insp    []ins
	phase   flickago.Phase
	current int
	last    int // last flicker; 0 means -1 unless phase is PhasePlace
	turns   int
}

// state builds the literal position s from g's starting position.
func (s setup) state(g *flickago.Game) flickago.State {
	g.Reset(nil)
	st := g.State()
	for _, a := range s.discs {
		st.Discs[a.p][a.d] = flickago.Disc{Place: flickago.OnBoard, Pos: physics.Vec{X: a.x, Y: a.y}, Flipped: a.flipped}
	}
	for _, pd := range s.gone {
		st.Discs[pd[0]][pd[1]] = flickago.Disc{Place: flickago.Eliminated}
	}
	for _, in := range s.insp {
		st.Inspectors[in.i] = flickago.Inspector{Pos: physics.Vec{X: in.x, Y: in.y}, Waiting: in.waiting}
	}
	st.Phase, st.Current, st.Turns = s.phase, s.current, s.turns
	st.LastFlicker = -1
	if s.phase == flickago.PhasePlace || s.last != 0 {
		st.LastFlicker = s.last
	}
	return st
}

// load sets g to the literal position s.
func load(t *testing.T, g *flickago.Game, s setup) {
	t.Helper()
	if err := g.SetState(s.state(g)); err != nil {
		t.Fatalf("SetState: %v", err)
	}
}

// gang returns every disc of player p, for "gone" lists.
func gang(p int, ids ...int) [][2]int {
	var out [][2]int
	for _, d := range ids {
		out = append(out, [2]int{p, d})
	}
	return out
}

// ids returns lo..hi inclusive.
func ids(lo, hi int) []int {
	var out []int
	for d := lo; d <= hi; d++ {
		out = append(out, d)
	}
	return out
}

// still is a flick that moves nothing: White's killer from point 0 at zero speed. It lets the
// end-of-turn rules judge a literal position.
var still = flickago.FlickFrom(0, physics.Vec{})

// defaultEnv returns the env of the default configuration.
func defaultEnv(t testing.TB) *flickago.Env {
	t.Helper()
	e, err := flickago.NewEnv(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}
