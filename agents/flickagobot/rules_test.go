package flickagobot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// disc is a gang disc lying on the board at (x, y), in board coordinates (cm).
type disc struct {
	p, d int
	x, y float64
}

// layout is a literal position: the discs listed lie on the board, the others are in reserve;
// the inspectors listed stand at their place (or wait, in the placement phase), the others on
// their stars.
type layout struct {
	discs   []disc
	insp    map[int]physics.Vec
	waiting []int
	current int
}

// game returns a noiseless game in position l.
func (l layout) game(t *testing.T) *flickago.Game {
	t.Helper()
	cfg := flickago.DefaultConfig()
	cfg.Physics.Noise = physics.Noise{}
	g, err := flickago.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g.Reset(nil)
	st := g.State()
	for _, d := range l.discs {
		st.Discs[d.p][d.d] = flickago.Disc{Place: flickago.OnBoard, Pos: physics.Vec{X: d.x, Y: d.y}}
	}
	for i, p := range l.insp {
		st.Inspectors[i].Pos = p
	}
	st.Current, st.LastFlicker = l.current, 1-l.current
	for _, i := range l.waiting {
		st.Inspectors[i].Waiting = true
		st.Phase = flickago.PhasePlace
	}
	if err := g.SetState(st); err != nil {
		t.Fatal(err)
	}
	return g
}

// after returns g after action a, played on a noiseless clone.
func after(t *testing.T, g *flickago.Game, a flickago.Action) *flickago.Game {
	t.Helper()
	c := g.Clone()
	if err := c.Apply(a, nil); err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	return c
}

// The zones of the standard board: White's return zone, centre (40, 54), lies in Black's half;
// Black's, centre (8, 18), in White's.
var (
	whiteZone = physics.Vec{X: 40, Y: 54}
	blackZone = physics.Vec{X: 8, Y: 18}
)

// bots are the bots that the rules tests hold to the aimer's rules.
func bots() []struct {
	name string
	bot  flickagobot.Bot
} {
	return []struct {
		name string
		bot  flickagobot.Bot
	}{
		{"aimer", flickagobot.NewAimer()},
		{"planner", flickagobot.NewPlanner(flickagobot.Default)},
	}
}

// TestBots_Flick checks the flicks of the aimer's rules on literal positions, flicked without
// noise: a reserve disc sent to score, an opponent's disc knocked out of its return zone or
// off the board, an inspector pushed into the opponent's return zone.
func TestBots_Flick(t *testing.T) {
	tests := []struct {
		name string
		l    layout
		// want checks the position after the flick, for the player who flicked.
		want func(g, next *flickago.Game) string
	}{
		{
			name: "ScoreWhite",
			l:    layout{current: flickago.White},
			want: func(g, next *flickago.Game) string {
				if s := next.Points(); s[flickago.White] < 2 {
					return "the flicked disc scores less than 2"
				}
				return ""
			},
		},
		{
			name: "ScoreBlack",
			l:    layout{current: flickago.Black},
			want: func(g, next *flickago.Game) string {
				if s := next.Points(); s[flickago.Black] < 2 {
					return "the flicked disc scores less than 2"
				}
				return ""
			},
		},
		{
			// Black's disc in Black's return zone is worth 5; nothing else scores.
			name: "KnockOutOfZone",
			l:    layout{current: flickago.White, discs: []disc{{flickago.Black, 0, blackZone.X, blackZone.Y}}},
			want: func(g, next *flickago.Game) string {
				if s := next.Points(); s[flickago.Black] >= 5 {
					return "Black's disc still scores 5"
				}
				return ""
			},
		},
		{
			// Black's discs on White's back band, worth 3 each, one in the open.
			name: "KnockOffTheBoard",
			l: layout{current: flickago.White, discs: []disc{
				{flickago.Black, 0, 3, 14}, {flickago.Black, 1, 45, 14}, {flickago.Black, 7, 24, 13},
			}},
			want: func(g, next *flickago.Game) string {
				if s := next.Points(); s[flickago.Black] > 6 {
					return "no Black disc was knocked out"
				}
				return ""
			},
		},
	}
	for _, b := range bots() {
		for _, tc := range tests {
			t.Run(b.name+"/"+tc.name, func(t *testing.T) {
				g := tc.l.game(t)
				a := b.bot.Choose(g, rand.New(rand.NewPCG(1, 2)))
				next := after(t, g, a)
				if msg := tc.want(g, next); msg != "" {
					t.Errorf("%v: %s: scores %v -> %v", a, msg, g.Points(), next.Points())
				}
			})
		}
	}
}

// TestBots_Return checks the return rule: a disc in the player's return zone, with an
// inspector next to the zone (the opponent could push it in and capture the disc), is saved:
// sent back to the reserve, or the inspector knocked away (by 5 cm at least, flicked without
// noise) with the disc left scoring 5; with the inspectors on their stars, it stays. Where the
// inspector cannot be knocked away, the aimer returns the disc. The planner is held to the
// safe case only: it weighs by simulation what the aimer decides by rule, and may prefer a
// flick that knocks the inspector away with some chance.
func TestBots_Return(t *testing.T) {
	tests := []struct {
		name         string
		insp         map[int]physics.Vec
		safe         bool
		aimerReturns bool
	}{
		{"Threatened", map[int]physics.Vec{2: {X: 40, Y: 47}}, false, false},
		{"ThreatenedSide", map[int]physics.Vec{2: {X: 46.5, Y: 56}}, false, false},
		{"ThreatenedBehind", map[int]physics.Vec{2: {X: 36.5, Y: 60.1}}, false, true},
		{"Safe", nil, true, false},
	}
	gap := func(g *flickago.Game) float64 {
		in := g.State().Inspectors[2]
		if in.Waiting {
			return 100
		}
		return in.Pos.Sub(whiteZone).Len()
	}
	for _, b := range bots() {
		for _, tc := range tests {
			t.Run(b.name+"/"+tc.name, func(t *testing.T) {
				if b.name != "aimer" && !tc.safe {
					t.Skip("the aimer's rule")
				}
				l := layout{current: flickago.White, insp: tc.insp, discs: []disc{{flickago.White, 7, whiteZone.X, whiteZone.Y}}}
				g := l.game(t)
				if !g.Returnable(flickago.White, 7) {
					t.Fatal("the disc cannot be returned")
				}
				a := b.bot.Choose(g, rand.New(rand.NewPCG(1, 2)))
				next := after(t, g, a)
				switch {
				case b.name == "aimer" && tc.aimerReturns && a.Return != 7:
					t.Errorf("%v: the aimer did not return disc 7", a)
				case tc.safe && a.Return != flickago.NoDisc:
					t.Errorf("%v: returned a safe disc", a)
				case !tc.safe && a.Return == flickago.NoDisc:
					scoring := next.Board().DiscValue(flickago.White, next.State().Discs[flickago.White][7].Pos, next.Radius()) == flickago.ReturnValue
					if gap(next) < gap(g)+5 || next.State().Discs[flickago.White][7].Place != flickago.OnBoard || !scoring {
						t.Errorf("%v: neither returned the disc nor knocked the inspector away (gap %.1f -> %.1f cm)", a, gap(g), gap(next))
					}
				}
			})
		}
	}
}

// TestBots_Place checks where the bots put a waiting inspector: away from their own return
// zone when one of their discs scores there, towards the opponent's when one of the
// opponent's does.
func TestBots_Place(t *testing.T) {
	tests := []struct {
		name  string
		discs []disc
		ok    func(star int) bool
	}{
		// Star 2, at (38, 36), is the nearest to White's zone.
		{"GuardOwn", []disc{{flickago.White, 7, whiteZone.X, whiteZone.Y}}, func(k int) bool { return k != 2 }},
		// Star 0, at (10, 36), is the nearest to Black's zone.
		{"ThreatenTheirs", []disc{{flickago.Black, 7, blackZone.X, blackZone.Y}}, func(k int) bool { return k == 0 }},
	}
	for _, b := range bots() {
		for _, tc := range tests {
			t.Run(b.name+"/"+tc.name, func(t *testing.T) {
				l := layout{current: flickago.White, discs: tc.discs, waiting: []int{1}}
				g := l.game(t)
				a := b.bot.Choose(g, rand.New(rand.NewPCG(1, 2)))
				if a.Type != flickago.ActPlace || !tc.ok(a.Star) {
					t.Errorf("%v: wrong star", a)
				}
			})
		}
	}
}
