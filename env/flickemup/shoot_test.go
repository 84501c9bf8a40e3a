package flickemup_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// In baseTown lawmen:1 stands at (40,20) facing north: a bullet on its left starts at
// (36.1,20), on its right at (43.9,20): one bullet's width (1.8 cm) from its 1.2 cm base.

const twoEach = `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=lawmen:2 x=50 y=20 facing=90 hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
cowboy id=outlaws:2 x=50 y=70 facing=270 hp=3
`

func shootAction(s flickemup.Side) flickemup.Action {
	return flickemup.Action{Kind: flickemup.ActShoot, Side: s, Velocity: v(0, 150)}
}

func TestShoot(t *testing.T) {
	fall := func(p int) physics.Fall { return physics.Fall{Piece: p, By: -1} }
	for _, tc := range []struct {
		name   string
		extra  []string
		side   flickemup.Side
		step   func(g *flickemup.Game) script
		hp     map[string]int  // hit points after
		fallen map[string]bool // down after
		spot   physics.Vec
	}{
		{
			name: "a knock-over by the first contact is a hit",
			step: func(g *flickemup.Game) script {
				o := piece(t, g, "outlaws:1")
				return script{To: v(40, 67), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{fall(o)}}
			},
			hp: map[string]int{"outlaws:1": 2}, fallen: map[string]bool{"outlaws:1": true}, spot: v(36.1, 20),
		},
		{
			name: "the right side", side: flickemup.SideRight,
			step: func(g *flickemup.Game) script { return script{To: v(44, 60)} },
			hp:   map[string]int{"outlaws:1": 3}, spot: v(43.9, 20),
		},
		{
			name: "a graze that does not knock over is a miss",
			step: func(g *flickemup.Game) script {
				return script{To: v(40, 67), Touch: []touch{{Piece: piece(t, g, "outlaws:1")}}}
			},
			hp: map[string]int{"outlaws:1": 3}, fallen: map[string]bool{"outlaws:1": false}, spot: v(36.1, 20),
		},
		{
			name:  "no ricochet: a barrel first, then the cowboy falls",
			extra: []string{"prop kind=barrel x=40 y=50"},
			step: func(g *flickemup.Game) script {
				o, b := piece(t, g, "outlaws:1"), pieceOf(t, g, flickemup.KindBarrel, 0)
				return script{To: v(40, 67), Touch: []touch{{Piece: b}, {Piece: o}}, Falls: []physics.Fall{fall(o)},
					Push: map[int]physics.Vec{b: v(42, 52)}}
			},
			hp: map[string]int{"outlaws:1": 3}, fallen: map[string]bool{"outlaws:1": false}, spot: v(36.1, 20),
		},
		{
			name: "only the first cowboy is hit; the others stand back up",
			step: func(g *flickemup.Game) script {
				o1, o2 := piece(t, g, "outlaws:1"), piece(t, g, "outlaws:2")
				return script{To: v(45, 67), Touch: []touch{{Piece: o1}, {Piece: o2}},
					Falls: []physics.Fall{fall(o1), {Piece: o2, By: o1}}}
			},
			hp:     map[string]int{"outlaws:1": 2, "outlaws:2": 3},
			fallen: map[string]bool{"outlaws:1": true, "outlaws:2": false}, spot: v(36.1, 20),
		},
		{
			name: "hitting a teammate counts",
			step: func(g *flickemup.Game) script {
				l := piece(t, g, "lawmen:2")
				return script{To: v(48, 20), Touch: []touch{{Piece: l}}, Falls: []physics.Fall{fall(l)}}
			},
			hp: map[string]int{"lawmen:2": 2, "outlaws:1": 3}, fallen: map[string]bool{"lawmen:2": true}, spot: v(36.1, 20),
		},
		{
			name:  "a figure knocked off the table comes back on its edge",
			extra: []string{"prop kind=barrel x=40 y=50"},
			step: func(g *flickemup.Game) script {
				return script{To: v(40, 80), Touch: []touch{{Piece: pieceOf(t, g, flickemup.KindBarrel, 0)}},
					Offs: []int{piece(t, g, "outlaws:2"), pieceOf(t, g, flickemup.KindBarrel, 0)}}
			},
			hp: map[string]int{"outlaws:2": 3}, spot: v(36.1, 20),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, tab := newScripted(t, town(twoEach, tc.extra...), 2)
			tab.steps = []script{tc.step(g)}
			step := tc.step(g)
			sel(t, g, 1)
			apply(t, g, shootAction(tc.side))
			if got := tab.starts[0]; got.Sub(tc.spot).Len() > 1e-9 {
				t.Errorf("bullet placed at %v, want %v", got, tc.spot)
			}
			for id, want := range tc.hp {
				if got := g.HitPoints(mustID(t, id)); got != want {
					t.Errorf("%s has %d hit points, want %d", id, got, want)
				}
			}
			st := g.State()
			for id, want := range tc.fallen {
				if got := st.Pieces[piece(t, g, id)].Fallen; got != want {
					t.Errorf("%s fallen=%v, want %v", id, got, want)
				}
			}
			// Scenery the bullet displaced stays where it went; off the table it stays off.
			for i, p := range step.Push {
				if st.Pieces[i].Pos != p && !st.Pieces[i].Off {
					t.Errorf("piece %d at %v, want left at %v", i, st.Pieces[i].Pos, p)
				}
			}
			for _, i := range step.Offs {
				p := st.Pieces[i]
				if p.Kind == flickemup.KindCowboy && (p.Off || !st.Table.Contains(p.Pos)) {
					t.Errorf("cowboy piece %d knocked off: off=%v at %v, want back on the table", i, p.Off, p.Pos)
				}
				if p.Kind == flickemup.KindBarrel && !p.Off {
					t.Errorf("barrel knocked off is back on the table")
				}
			}
			if !st.Pieces[1].Off || !st.Pieces[2].Off {
				t.Error("a bullet stayed on the table")
			}
		})
	}
}

func mustID(t testing.TB, s string) flickemup.CowboyID {
	t.Helper()
	id, err := flickemup.ParseCowboyID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestShoot_FallenCannotBeHitAgain(t *testing.T) {
	g, tab := newScripted(t, town(twoEach), 2)
	o := piece(t, g, "outlaws:1")
	hit := script{To: v(40, 67), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}
	tab.steps = []script{hit, hit}
	sel(t, g, 1)
	apply(t, g, shootAction(flickemup.SideLeft))
	apply(t, g, shootAction(flickemup.SideLeft))
	if got := g.HitPoints(mustID(t, "outlaws:1")); got != 2 {
		t.Errorf("outlaws:1 has %d hit points after two hits on it while down, want 2", got)
	}
}

func TestShoot_Pistols(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tokens  string
		bullets int
	}{
		{"one pistol, one bullet", "", 1},
		{"two pistols, two bullets", " tokens=colt", 2},
		{"three pistols, still two bullets", " tokens=colt,colt", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3" + tc.tokens + "\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
			g, tab := newScripted(t, town(cowboys), 2, script{To: v(36, 60)}, script{To: v(44, 60)})
			sel(t, g, 1)
			apply(t, g, shootAction(flickemup.SideLeft))
			if tc.bullets == 1 {
				if g.Phase() != flickemup.PhaseAct || len(tab.flicks) != 1 {
					t.Fatalf("phase %v after %d flicks, want act after 1", g.Phase(), len(tab.flicks))
				}
				return
			}
			// Both bullets were placed before the first flick: the second waits on the right.
			if p := tab.states[0].Pieces[2]; p.Off || p.Pos.Sub(v(43.9, 20)).Len() > 1e-9 {
				t.Errorf("second bullet %+v during the first flick, want on the right at (43.9,20)", p)
			}
			if g.Phase() != flickemup.PhaseSecondShot {
				t.Fatalf("phase %v, want second-shot", g.Phase())
			}
			if legal := g.Legal(nil); len(legal) != 1 || legal[0].Kind != flickemup.ActShoot {
				t.Errorf("legal in second-shot = %v", legal)
			}
			apply(t, g, flickemup.Action{Kind: flickemup.ActShoot, Velocity: v(0, 120)})
			if len(tab.flicks) != 2 || tab.flicks[1].Piece != 2 {
				t.Fatalf("flicks %+v, want the second bullet (piece 2) flicked", tab.flicks)
			}
			if g.Phase() != flickemup.PhaseAct || g.ActionsLeft() != 1 {
				t.Errorf("after both bullets: phase %v, %d actions left; want act with 1 (one action)", g.Phase(), g.ActionsLeft())
			}
		})
	}
}

func TestShoot_FromInside(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 in=saloon hp=3\ncowboy id=outlaws:1 x=40 y=45 hp=3\ncowboy id=outlaws:2 in=undertaker hp=3\n"
	g, tab := newScripted(t, town(cowboys), 2)
	o := piece(t, g, "outlaws:1")
	left := building(t, g, "saloon").Left
	// The bullet grazes its own door's block, then knocks outlaws:1 over: a hit.
	tab.steps = []script{{To: v(38, 45), Touch: []touch{{Piece: left, At: v(19, 42)}, {Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
	sel(t, g, 1)
	apply(t, g, shootAction(flickemup.SideLeft))
	// Behind the saloon: 10 cm deep less the bullet's radius, 1 cm to the side.
	if got, want := tab.starts[0], v(10.9, 46); got.Sub(want).Len() > 1e-9 {
		t.Errorf("bullet placed at %v, want behind the building at %v", got, want)
	}
	if got := g.HitPoints(mustID(t, "outlaws:1")); got != 2 {
		t.Errorf("outlaws:1 has %d hit points, want 2", got)
	}
	// A cowboy inside a building is not on the table: no bullet can touch it.
	if p := g.State().Pieces[piece(t, g, "outlaws:2")]; !p.Off {
		t.Error("a cowboy inside a building is on the physics table")
	}
}

func TestShoot_Rifle(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=winchester,colt\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	g, tab := newScripted(t, town(cowboys), 2, script{To: v(40, 60)})
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActShoot, Rifle: true, Velocity: v(0, 100)})
	// The barrel's tip: base radius 1.2 + barrel 6 + bullet radius 0.9 in front.
	if got, want := tab.starts[0], v(40, 28.1); got.Sub(want).Len() > 1e-9 {
		t.Errorf("rifle bullet at %v, want %v", got, want)
	}
	if g.Phase() != flickemup.PhaseAct {
		t.Errorf("phase %v: the Winchester fires one bullet, even with two pistols", g.Phase())
	}
	g2, _ := newScripted(t, town(""), 2)
	sel(t, g2, 1)
	if err := g2.Check(flickemup.Action{Kind: flickemup.ActShoot, Rifle: true}); err == nil {
		t.Error("rifle shot without a Winchester allowed")
	}
}

// TestShoot_BlockedSide: a side whose square spot is taken places the bullet at the nearest
// free spot on that side (our decision, package doc); only a side blocked all round refuses.
func TestShoot_BlockedSide(t *testing.T) {
	g, tab := newScripted(t, town("", "prop kind=barrel x=35.5 y=20"), 2, script{To: v(20, 60)})
	sel(t, g, 1)
	if err := g.Check(shootAction(flickemup.SideRight)); err != nil {
		t.Errorf("shot from the free side: %v", err)
	}
	apply(t, g, shootAction(flickemup.SideLeft))
	// lawmen:1 at (40,20) faces north: its left is west, where the barrel stands.
	at := tab.starts[0]
	rel := at.Sub(v(40, 20))
	if d := rel.Len(); math.Abs(d-3.9) > 1e-9 || rel.X >= 0 {
		t.Errorf("bullet at %v: want 3.9 cm from the base, on the cowboy's left (west)", at)
	}
	if at.Sub(v(35.5, 20)).Len() < 0.9+1.5 {
		t.Errorf("bullet at %v overlaps the barrel", at)
	}
	if rel.Y <= 0 {
		t.Errorf("bullet at %v: the spot turns towards the front (north) first", at)
	}
	// On the table's south edge, facing east, the right side is off the table all round.
	g2, _ := newScripted(t, town("cowboy id=lawmen:1 x=40 y=1.5 facing=0 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"), 2)
	sel(t, g2, 1)
	if err := g2.Check(shootAction(flickemup.SideRight)); err == nil {
		t.Error("shot from a side off the table all round allowed")
	}
	if err := g2.Check(shootAction(flickemup.SideLeft)); err != nil {
		t.Errorf("shot from the free side: %v", err)
	}
}

func TestDuel(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=outlaws:1 in=saloon hp=3\ncowboy id=outlaws:2 x=40 y=80 hp=3\n"
	duel := flickemup.Action{Kind: flickemup.ActDuel, Cowboy: 1, Side: flickemup.SideLeft, Velocity: v(-100, 0)}
	t.Run("needs the rule", func(t *testing.T) {
		g, _ := newScripted(t, town(cowboys), 2)
		sel(t, g, 1)
		if err := g.Check(duel); err == nil {
			t.Error("duel allowed without rule duels")
		}
	})
	t.Run("out of range or behind", func(t *testing.T) {
		for _, at := range []string{"x=60 y=45", "x=5 y=45"} {
			c := replace(cowboys, "x=30 y=45", at)
			g, _ := newScripted(t, town(c, "rule duels"), 2)
			sel(t, g, 1)
			if err := g.Check(duel); err == nil {
				t.Errorf("duel from %s allowed", at)
			}
		}
	})
	t.Run("hit, back inside, down", func(t *testing.T) {
		g, tab := newScripted(t, town(cowboys, "rule duels"), 2)
		o := piece(t, g, "outlaws:1")
		tab.steps = []script{{To: v(22, 45), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
		sel(t, g, 1)
		apply(t, g, duel)
		// During the flick outlaws:1 stood in the doorway, just in front of the door line.
		if p := tab.states[0].Pieces[o]; p.Off || p.Fallen || p.Pos.Sub(v(21.2, 45)).Len() > 1e-9 {
			t.Errorf("called-out cowboy during the flick: %+v, want standing at (21.2,45)", p)
		}
		if got := g.HitPoints(mustID(t, "outlaws:1")); got != 2 {
			t.Errorf("outlaws:1 has %d hit points, want 2", got)
		}
		c := cowboyView(t, g, "outlaws:1")
		if c.Inside != "saloon" || !g.State().Pieces[o].Off || !c.Fallen {
			t.Errorf("after the duel outlaws:1 inside=%q fallen=%v, want back in the saloon, down", c.Inside, c.Fallen)
		}
		// Down: it cannot be called out again until it stands.
		if err := g.Check(duel); err == nil {
			t.Error("a fallen cowboy called out again")
		}
	})
}

func TestDeath(t *testing.T) {
	// outlaws:1 holds the initiative, one hit point, gold and a Colt. It opens round 6; then
	// lawmen:1 shoots it dead.
	cowboys := `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=lawmen:2 x=50 y=20 facing=90 hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=1 tokens=gold,colt
cowboy id=outlaws:2 x=50 y=70 facing=270 hp=3
`
	text := replace(town(cowboys), "initiative cowboy=lawmen:1", "initiative cowboy=outlaws:1")
	g, tab := newScripted(t, text, 2)
	o := piece(t, g, "outlaws:1")
	tab.steps = []script{{To: v(40, 67), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
	turn(t, g, 1) // outlaws:1 (initiative), hat now blue
	sel(t, g, 1)  // lawmen:1
	apply(t, g, shootAction(flickemup.SideLeft))
	c := cowboyView(t, g, "outlaws:1")
	if c.Alive || c.HP != 0 || !g.State().Pieces[o].Off {
		t.Fatalf("outlaws:1 alive=%v hp=%d off=%v, want dead and off the table", c.Alive, c.HP, g.State().Pieces[o].Off)
	}
	if c.Hat != "blue" {
		t.Errorf("dead cowboy's hat %s, want it kept blue", c.Hat)
	}
	for id, tv := range g.View().Tokens {
		if tv.Place != "building" || tv.Where != "undertaker" || !tv.FaceUp {
			t.Errorf("token %d (%s) lies in %s %s, want face up at the undertaker", id, tv.Kind, tv.Place, tv.Where)
		}
	}
	if got := g.Initiative(); got != mustID(t, "lawmen:1") {
		t.Errorf("initiative with %v, want the shooter lawmen:1", got)
	}
	apply(t, g, flickemup.Action{Kind: flickemup.ActEndTurn})
	turn(t, g, 2) // outlaws:2
	turn(t, g, 2) // lawmen:2: the lawmen end round 6
	if g.Hour() != 7 || g.CurrentTeam() != flickemup.Lawmen {
		t.Fatalf("hour %d team %v, want 7:00 opened by the lawmen (they hold the initiative now)", g.Hour(), g.CurrentTeam())
	}
	turn(t, g, 1)
	// The outlaws still spend a turn on their dead cowboy: no actions, the hat flips.
	turns := g.Turns()
	sel(t, g, 1)
	if g.CurrentTeam() != flickemup.Lawmen || g.Turns() != turns+1 {
		t.Errorf("selecting the dead cowboy: team %v turns %d, want the turn passed to the lawmen", g.CurrentTeam(), g.Turns())
	}
	if c := cowboyView(t, g, "outlaws:1"); c.Hat != "red" {
		t.Errorf("dead cowboy's hat %s after its turn, want flipped to red", c.Hat)
	}
}
