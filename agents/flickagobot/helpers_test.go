package flickagobot_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// maxDecisions bounds a game in the tests: 200 flicks (the default cap) and their placements.
const maxDecisions = 1000

// newGame returns a game with the default configuration, reset with seed.
func newGame(t testing.TB, seed uint64) *flickago.Game {
	t.Helper()
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	g.Reset(rand.New(rand.NewPCG(seed, 0x9a3e)))
	return g
}

// play plays one game between bots[0] (White) and bots[1] (Black) from seed, and returns the
// finished game. visit, if not nil, sees every position before its decision.
func play(t testing.TB, bots [2]flickagobot.Bot, seed uint64, visit func(g *flickago.Game)) *flickago.Game {
	t.Helper()
	g := newGame(t, seed)
	rngs := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 2))}
	for n := 0; !g.Over(); n++ {
		if n == maxDecisions {
			t.Fatalf("seed %d: no end after %d decisions", seed, n)
		}
		if visit != nil {
			visit(g)
		}
		p := g.Current()
		a := bots[p].Choose(g, rngs[p])
		if err := g.Apply(a, nil); err != nil {
			t.Fatalf("seed %d: player %d: %v", seed, p, err)
		}
	}
	return g
}

// positions returns n positions (not over) from games of mixed play from seed: each decision
// by guide with chance guided, by Random otherwise.
func positions(t testing.TB, seed uint64, n int, guide flickagobot.Bot, guided float64) []*flickago.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var out []*flickago.Game
	for game := uint64(0); len(out) < n; game++ {
		g := newGame(t, seed*1000+game)
		for !g.Over() && len(out) < n {
			out = append(out, g.Clone())
			var a flickago.Action
			if guide != nil && rng.Float64() < guided {
				a = guide.Choose(g, rng)
			} else {
				a = flickagobot.Random{}.Choose(g, rng)
			}
			if err := g.Apply(a, nil); err != nil {
				t.Fatalf("positions: %v", err)
			}
		}
	}
	return out
}

// describe summarises a finished game for failure messages.
func describe(g *flickago.Game) string {
	return fmt.Sprintf("scores %v after %d flicks (truncated %v)", g.Points(), g.Turns(), g.Truncated())
}

// randomStates returns n positions drawn at random, loaded with SetState into games of the
// default configuration: each disc in reserve, on the board (anywhere touching it, without
// overlap, a family disc face down half the time) or eliminated; the inspectors on the board
// or, in a placement phase, some waiting; either player to act. Positions whose player has no
// legal action (SetState accepts them) are skipped.
func randomStates(t testing.TB, seed uint64, n int) []*flickago.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x57a7e))
	g := newGame(t, seed)
	b, r := g.Board(), g.Radius()
	var out []*flickago.Game
	var on []physics.Vec
	spot := func() (physics.Vec, bool) {
	retry:
		for range 20 {
			p := physics.Vec{X: -r + rng.Float64()*(b.Width+2*r), Y: -r + rng.Float64()*(b.Length+2*r)}
			if b.OffBoard(p, r) {
				continue
			}
			for _, q := range on {
				if p.Sub(q).Len() < 2*r+0.01 {
					continue retry
				}
			}
			on = append(on, p)
			return p, true
		}
		return physics.Vec{}, false
	}
	for tries := 0; len(out) < n; tries++ {
		if tries > 20*n {
			t.Fatalf("randomStates: only %d of %d positions after %d tries", len(out), n, tries)
		}
		on = on[:0]
		var st flickago.State
		st.Phase = flickago.PhaseFlick
		if rng.IntN(5) == 0 {
			st.Phase = flickago.PhasePlace
		}
		st.Current = rng.IntN(2)
		st.LastFlicker = rng.IntN(3) - 1
		if st.Phase == flickago.PhasePlace {
			st.LastFlicker = 1 - st.Current
		}
		st.Turns = rng.IntN(150)
		waiting := 0
		for i := range st.Inspectors {
			if st.Phase == flickago.PhasePlace && (i == 0 || rng.IntN(3) == 0) {
				st.Inspectors[i].Waiting = true
				waiting++
				continue
			}
			p, ok := spot()
			st.Inspectors[i] = flickago.Inspector{Pos: p, Angle: rng.Float64() * 6, Waiting: !ok}
		}
		density := rng.Float64()
		for p := range flickago.NumPlayers {
			for d := range flickago.NumDiscs {
				switch x := rng.Float64(); {
				case x < density*0.7:
					if pos, ok := spot(); ok {
						st.Discs[p][d] = flickago.Disc{Place: flickago.OnBoard, Pos: pos, Flipped: flickago.KindOf(d) == flickago.Family && rng.IntN(2) == 0}
					}
				case x < density*0.7+0.15:
					st.Discs[p][d] = flickago.Disc{Place: flickago.Eliminated}
				}
			}
		}
		c := g.Clone()
		if err := c.SetState(st); err != nil {
			continue
		}
		if len(c.Legal(nil)) == 0 {
			continue
		}
		out = append(out, c)
	}
	return out
}

// check asks bot b for g's decision with a generator seeded from seed and returns an error
// if the action is illegal, b changed g, or the same seed gives another action.
func check(b flickagobot.Bot, g *flickago.Game, seed uint64) error {
	before := g.Hash()
	a := b.Choose(g, rand.New(rand.NewPCG(seed, 1)))
	if g.Hash() != before {
		return fmt.Errorf("the bot changed the game while choosing %v", a)
	}
	if err := g.Check(a); err != nil {
		return fmt.Errorf("illegal action %v in phase %v: %w", a, g.Phase(), err)
	}
	if !a.Velocity.Finite() || a.Velocity.Len() > g.Config().Physics.MaxSpeed*(1+1e-9) {
		return fmt.Errorf("velocity %v beyond the physics' maximum", a.Velocity)
	}
	if again := b.Choose(g, rand.New(rand.NewPCG(seed, 1))); again != a {
		return fmt.Errorf("the same seed gave %v then %v", a, again)
	}
	return nil
}
