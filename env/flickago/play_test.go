package flickago_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// randomAction returns a uniformly drawn legal choice of g with a random flick: half of the
// flicks head for the opponent's half (±60°), the others anywhere, at 0 to 300 cm/s.
func randomAction(g *flickago.Game, rng *rand.Rand, buf []flickago.Action) flickago.Action {
	acts := g.Legal(buf[:0])
	a := acts[rng.IntN(len(acts))]
	angle := rng.Float64() * 2 * math.Pi
	if rng.IntN(2) == 0 {
		angle = math.Pi/2 + (rng.Float64()-0.5)*2*math.Pi/3
		if g.Current() == flickago.Black {
			angle += math.Pi
		}
	}
	return a.WithVelocity(physics.Polar(rng.Float64()*300, angle))
}

// TestGame_RandomPlay plays thousands of random games (100 under -short) with the default
// execution noise and checks the invariants of the rules after every action.
func TestGame_RandomPlay(t *testing.T) {
	seeds := 2000
	if testing.Short() {
		seeds = 100
	}
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var buf []flickago.Action
	var totalTurns, returns, captures, expulsions, draws int
	for seed := range uint64(seeds) {
		rng := rand.New(rand.NewPCG(seed, 1))
		g.Reset(rand.New(rand.NewPCG(seed, 2)))
		for steps := 0; !g.Over(); steps++ {
			if steps > 1000 {
				t.Fatalf("seed %d: no end after %d actions", seed, steps)
			}
			before := g.State()
			checkPosition(t, g, seed)
			// An illegal action is refused and changes nothing.
			if err := g.Apply(flickago.FlickDisc(0, physics.Vec{Y: 10}), nil); !errors.Is(err, flickago.ErrIllegal) {
				t.Fatalf("seed %d: flicking a killer where it lies: %v", seed, err)
			}
			if g.State() != before {
				t.Fatalf("seed %d: a refused action changed the state", seed)
			}
			a := randomAction(g, rng, buf)
			var res flickago.Result
			err := g.Apply(a, &res)
			if err != nil {
				t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
			}
			after := g.State()
			wantTurns := before.Turns
			if a.Type == flickago.ActFlick {
				wantTurns++
			}
			if after.Turns != wantTurns {
				t.Fatalf("seed %d: turns %d after %v from %d", seed, after.Turns, a, before.Turns)
			}
			for _, e := range res.Eliminated {
				if after.Discs[e.Player][e.Disc].Place != flickago.Eliminated {
					t.Fatalf("seed %d: %+v reported but not eliminated", seed, e)
				}
			}
			for p := range flickago.NumPlayers {
				for d := range flickago.NumDiscs {
					was, is := before.Discs[p][d], after.Discs[p][d]
					if was.Place == flickago.Eliminated && is.Place != flickago.Eliminated {
						t.Fatalf("seed %d: player %d disc %d came back from elimination", seed, p, d)
					}
					if was.Flipped && !is.Flipped && is.Place == flickago.OnBoard && d != res.Flicked {
						t.Fatalf("seed %d: player %d disc %d turned face up on the board: %v %+v %+v res %+v", seed, p, d, a, was, is, res)
					}
				}
			}
			if res.Returned != flickago.NoDisc {
				returns++
			}
			captures += len(res.Captors)
			expulsions += len(res.Expelled)
		}
		checkPosition(t, g, seed)
		if !g.Truncated() && (g.CanFlick(0) || g.CanFlick(1)) {
			t.Fatalf("seed %d: over while a player can flick", seed)
		}
		if g.Winner() < 0 {
			draws++
		}
		totalTurns += g.Turns()
	}
	t.Logf("%d games: %.1f flicks per game, %d returns, %d captures, %d expulsions, %d draws",
		seeds, float64(totalTurns)/float64(seeds), returns, captures, expulsions, draws)
}

// checkPosition checks the invariants of a position between actions.
func checkPosition(t *testing.T, g *flickago.Game, seed uint64) {
	t.Helper()
	st, b, rad := g.State(), g.Board(), g.Radius()
	if err := g.Clone().SetState(st); err != nil {
		t.Fatalf("seed %d: position does not validate: %v", seed, err)
	}
	for p := range flickago.NumPlayers {
		for d, dc := range st.Discs[p] {
			if dc.Place != flickago.OnBoard {
				continue
			}
			if b.OffBoard(dc.Pos, rad) || b.HQ[1-p].Contains(dc.Pos) {
				t.Fatalf("seed %d: player %d disc %d at %v should have been eliminated", seed, p, d, dc.Pos)
			}
			if dc.Flipped && flickago.KindOf(d) != flickago.Family {
				t.Fatalf("seed %d: flipped killer", seed)
			}
		}
	}
	for z := range flickago.NumPlayers {
		guarded, occupied := false, false
		for _, in := range st.Inspectors {
			guarded = guarded || (!in.Waiting && b.Return[z].Touches(in.Pos, rad))
		}
		for p := range flickago.NumPlayers {
			for _, dc := range st.Discs[p] {
				occupied = occupied || (dc.Place == flickago.OnBoard && b.Return[z].Touches(dc.Pos, rad))
			}
		}
		if guarded && occupied {
			t.Fatalf("seed %d: return zone %d holds an inspector and a disc", seed, z)
		}
	}
	waiting := 0
	for _, in := range st.Inspectors {
		if in.Waiting {
			waiting++
		} else if b.OffBoard(in.Pos, rad) {
			t.Fatalf("seed %d: inspector off the board not waiting", seed)
		}
	}
	switch st.Phase {
	case flickago.PhaseFlick:
		if waiting > 0 || !g.CanFlick(st.Current) {
			t.Fatalf("seed %d: flick phase with %d waiting inspectors, can flick %v", seed, waiting, g.CanFlick(st.Current))
		}
		if st.Turns < 2 {
			for _, a := range g.Legal(nil) {
				if a.Disc != flickago.NoDisc {
					t.Fatalf("seed %d: first turn offers %v", seed, a)
				}
			}
		}
	case flickago.PhasePlace:
		if waiting == 0 || st.Current != 1-st.LastFlicker {
			t.Fatalf("seed %d: placement phase by %d after %d's flick with %d waiting", seed, st.Current, st.LastFlicker, waiting)
		}
	}
	legal := g.Legal(nil)
	if g.Over() != (len(legal) == 0) {
		t.Fatalf("seed %d: over %v with %d legal actions", seed, g.Over(), len(legal))
	}
	for _, a := range legal {
		if err := g.Check(a); err != nil {
			t.Fatalf("seed %d: Legal lists %v but Validate says %v", seed, a, err)
		}
	}
	s := g.Points()
	for p := range s {
		if s[p] < 0 || s[p] > flickago.NumDiscs*flickago.ReturnValue+flickago.NumInspectors*3 {
			t.Fatalf("seed %d: score %v", seed, s)
		}
	}
	if c := g.Clone(); c.Hash() != g.Hash() || c.State() != st {
		t.Fatalf("seed %d: clone differs", seed)
	}
	raw, err := g.MarshalJSON()
	var v struct {
		Phase  string `json:"phase"`
		Scores [2]int `json:"scores"`
	}
	if err != nil || json.Unmarshal(raw, &v) != nil || v.Phase != st.Phase.String() || v.Scores != s {
		t.Fatalf("seed %d: JSON view %s: %v", seed, raw, err)
	}
}

// TestGame_Determinism checks that the same seed and actions give the same trajectory, bit
// for bit, and that another seed diverges.
func TestGame_Determinism(t *testing.T) {
	run := func(noiseSeed uint64) []uint64 {
		g, err := flickago.New(flickago.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		g.Reset(rand.New(rand.NewPCG(noiseSeed, 0)))
		rng := rand.New(rand.NewPCG(7, 7))
		var hs []uint64
		for !g.Over() {
			if err := g.Apply(randomAction(g, rng, nil), nil); err != nil {
				t.Fatal(err)
			}
			hs = append(hs, g.Hash())
		}
		return hs
	}
	a, b, c := run(1), run(1), run(2)
	if len(a) != len(b) {
		t.Fatalf("same seed: %d and %d actions", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed: hashes differ at action %d", i)
		}
	}
	same := len(a) == len(c)
	for i := 0; same && i < len(a); i++ {
		same = a[i] == c[i]
	}
	if same {
		t.Errorf("seeds 1 and 2 gave the same trajectory")
	}
}

// TestGame_Clone checks that a clone is independent: its moves do not touch the original,
// and the same noiseless move gives the same position in both.
func TestGame_Clone(t *testing.T) {
	g := newGame(t)
	c := g.Clone()
	a := flickago.FlickFrom(2, physics.Vec{X: 5, Y: 120})
	if err := c.Apply(a, nil); err != nil {
		t.Fatal(err)
	}
	if g.Turns() != 0 || g.Hash() == c.Hash() {
		t.Fatalf("the clone's move changed the original or left the hash unchanged")
	}
	if err := g.Apply(a, nil); err != nil {
		t.Fatal(err)
	}
	if g.Hash() != c.Hash() || g.State() != c.State() {
		t.Errorf("same noiseless move: positions differ")
	}
}

// TestGame_Reset checks the starting position and the first-player draw.
func TestGame_Reset(t *testing.T) {
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var firsts [2]int
	for seed := range uint64(40) {
		g.Reset(rand.New(rand.NewPCG(seed, 0)))
		st := g.State()
		firsts[st.Current]++
		if st.Phase != flickago.PhaseFlick || st.Turns != 0 || st.LastFlicker != -1 {
			t.Fatalf("start: %+v", st)
		}
		for p := range flickago.NumPlayers {
			if st.Reserve(p, flickago.Killer) != 7 || st.Reserve(p, flickago.Family) != 5 {
				t.Fatalf("player %d reserve: %d T %d F", p, st.Reserve(p, flickago.Killer), st.Reserve(p, flickago.Family))
			}
		}
		for i, in := range st.Inspectors {
			if in.Pos != g.Board().Stars[i] || in.Waiting {
				t.Fatalf("inspector %d: %+v", i, in)
			}
		}
	}
	if firsts[0] == 0 || firsts[1] == 0 {
		t.Errorf("first players over 40 seeds: %v", firsts)
	}
}
