package flickemup

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// variedGame returns a game of scenario name with variation v and seed.
func variedGame(t *testing.T, name string, v Variation, seed uint64) *Game {
	t.Helper()
	sc, err := Load(name)
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Seed, o.Vary = seed, v
	g, err := New(GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVary_Legal checks varied openings of every scenario, at the default bounds and the
// largest jitter, over many seeds: every cowboy on the table within Jitter of its scenario
// spot and its facing within Turn of the scenario's, wholly on the table, overlapping no piece,
// no building's floor and no ground token; the initiative cowboy able to open the first round,
// which it opens; the invariants hold. And the variation does vary: most cowboys leave their
// spot, and both teams open some games.
func TestVary_Legal(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	for _, v := range []Variation{{Jitter: 5, Turn: math.Pi / 6, Initiative: true}, {Jitter: MaxJitter, Turn: math.Pi, Initiative: true}} {
		for _, in := range List() {
			var moved, onTable int
			var opens [2]int
			for seed := range uint64(seeds) {
				g := variedGame(t, in.Name, v, seed)
				if err := g.Validate(); err != nil {
					t.Fatalf("%s seed %d: %v", in.Name, seed, err)
				}
				sc := g.lay.sc
				for _, cs := range sc.Cowboys {
					if cs.Inside >= 0 {
						continue
					}
					c := cs.ID.index()
					p := g.piece(c)
					onTable++
					if d := p.Pos.Sub(cs.Pos).Len(); d > v.Jitter+1e-9 {
						t.Errorf("%s seed %d: %v starts %.3g cm from its spot, more than %g", in.Name, seed, cs.ID, d, v.Jitter)
					} else if d > 0 {
						moved++
					}
					if d := math.Abs(normAngle(p.Angle - cs.Facing)); d > v.Turn+1e-9 {
						t.Errorf("%s seed %d: %v turned by %.3g rad, more than %g", in.Name, seed, cs.ID, d, v.Turn)
					}
					s := Pieces.Outline(*p)
					if !s.OnTable(g.st.Table) {
						t.Errorf("%s seed %d: %v at %v is not wholly on the table", in.Name, seed, cs.ID, p.Pos)
					}
					for i, q := range g.st.Pieces {
						if i != g.lay.cowboyPiece[c] && !q.Off && s.Intersects(Pieces.Outline(q)) {
							t.Errorf("%s seed %d: %v at %v overlaps piece %d (%s)", in.Name, seed, cs.ID, p.Pos, i, Pieces.Name(q.Kind))
						}
					}
					for b, bd := range sc.Buildings {
						if s.Intersects(bd.footprint()) {
							t.Errorf("%s seed %d: %v at %v stands on building %d", in.Name, seed, cs.ID, p.Pos, b)
						}
					}
					for _, tk := range sc.Tokens {
						if tk.Place == PlaceGround && s.Contains(tk.Pos) {
							t.Errorf("%s seed %d: %v at %v covers a %v token", in.Name, seed, cs.ID, p.Pos, tk.Kind)
						}
					}
				}
				init := g.Initiative()
				if !g.available(init.index()) || g.Cowboy(init).Hat != HourHat(sc.StartHour) {
					t.Errorf("%s seed %d: initiative %v cannot open the first round", in.Name, seed, init)
				}
				if g.CurrentTeam() != init.Team || g.Phase() != PhaseSelect {
					t.Errorf("%s seed %d: %v holds the initiative but %v opens (%v)", in.Name, seed, init, g.CurrentTeam(), g.Phase())
				}
				opens[init.Team]++
			}
			if moved < onTable*3/4 {
				t.Errorf("%s jitter %g: %d of %d cowboys left their spot, want most", in.Name, v.Jitter, moved, onTable)
			}
			if opens[Lawmen] < seeds/5 || opens[Outlaws] < seeds/5 {
				t.Errorf("%s: the lawmen opened %d games and the outlaws %d of %d, want both often", in.Name, opens[Lawmen], opens[Outlaws], seeds)
			}
		}
	}
}

// TestVary_SameStreams checks that a variation draws from a stream of its own: a varied
// game's flick noise and face-down draws are those of the same seed unvaried.
func TestVary_SameStreams(t *testing.T) {
	plain := variedGame(t, "gunsmith", Variation{}, 9)
	varied := variedGame(t, "gunsmith", Variation{Jitter: 5, Turn: 0.5, Initiative: true}, 9)
	for i := range 20 {
		if a, b := plain.rng.Uint64(), varied.rng.Uint64(); a != b {
			t.Fatalf("draw %d: %x unvaried, %x varied", i, a, b)
		}
	}
}

// TestVary_Fallback checks that a cowboy with no free spot within reach stays on its
// scenario spot: a jitter of zero with only a turn, and a crowded spot.
func TestVary_Fallback(t *testing.T) {
	g := variedGame(t, "showdown", Variation{Turn: 1}, 3)
	sc := g.lay.sc
	for _, cs := range sc.Cowboys {
		if cs.Inside < 0 && g.piece(cs.ID.index()).Pos != cs.Pos {
			t.Errorf("%v moved with jitter 0", cs.ID)
		}
	}
	// Put lawmen:1 in the corner of a table just its base's size: every draw off its spot
	// leaves the table, so after 16 draws it stays where it was.
	g = variedGame(t, "showdown", Variation{}, 3)
	p := g.piece(CowboyID{Team: Lawmen, Number: 1}.index())
	r := Pieces.Spec(KindCowboy).Radius
	p.Pos = physics.Vec{X: r, Y: r}
	g.st.Table = physics.Table{Width: 2 * r, Height: 2 * r}
	g.opts.Vary = Variation{Jitter: MaxJitter}
	g.vary(5)
	if p.Pos != (physics.Vec{X: r, Y: r}) {
		t.Errorf("lawmen:1 moved to %v on a table of its own size", p.Pos)
	}
}
