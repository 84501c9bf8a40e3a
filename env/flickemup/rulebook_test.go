package flickemup_test

import (
	"math"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// These tests probe the rules of issue 18 against the rulebook (the package doc quotes it),
// most on the real physics with perfect flicks.

// newPerfect starts a game of scenario text on the real physics with no execution noise.
func newPerfect(t testing.TB, text string) *flickemup.Game {
	t.Helper()
	o := flickemup.DefaultOptions()
	o.Noise = physics.Noise{}
	g, err := flickemup.New(flickemup.GameConfig{Scenario: mustParse(t, text), Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// toward returns a flick of speed cm/s from a to b.
func toward(a, b physics.Vec, speed float64) physics.Vec {
	d := b.Sub(a)
	return d.Scale(speed / d.Len())
}

// endTurn ends the played cowboy's turn.
func endTurn(t testing.TB, g *flickemup.Game) {
	t.Helper()
	apply(t, g, flickemup.Action{Kind: flickemup.ActEndTurn})
}

// Rulebook: "The cowboy remains fallen. He will stand up the next time he is played." A
// cowboy hit in a duel stands up when played, inside its building too, and can be called out
// and hit again.
func TestRule_DuelHitStandsUpInside(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=lawmen:2 x=32 y=40 facing=180 hp=3\n" +
		"cowboy id=outlaws:1 in=saloon hp=3\ncowboy id=outlaws:2 x=40 y=80 hp=3\n"
	g, tab := newScripted(t, town(cowboys, "rule duels"), 2)
	o := piece(t, g, "outlaws:1")
	hit := script{To: v(22, 45), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}
	tab.steps = []script{hit, hit}
	duel := flickemup.Action{Kind: flickemup.ActDuel, Cowboy: 1, Side: flickemup.SideLeft, Velocity: v(-100, 0)}
	sel(t, g, 1)
	apply(t, g, duel)
	endTurn(t, g)
	sel(t, g, 1) // the outlaws play outlaws:1, inside the saloon
	if c := cowboyView(t, g, "outlaws:1"); c.Fallen || c.Inside != "saloon" {
		t.Fatalf("outlaws:1 played inside: fallen=%v inside=%q, want standing in the saloon", c.Fallen, c.Inside)
	}
	endTurn(t, g)
	sel(t, g, 2)
	if err := g.Check(duel); err != nil {
		t.Fatalf("second duel refused: %v", err)
	}
	apply(t, g, duel)
	if got := g.HitPoints(mustID(t, "outlaws:1")); got != 1 {
		t.Errorf("outlaws:1 has %d hit points after two duel hits, want 1", got)
	}
}

// Rulebook, Shooting from inside a building: "the player places the bullet behind the
// building and aims it at the door (between the 2 support blocks)". A bullet flicked
// backwards or sideways meets the building's walls; one flicked through the door hits. The
// Winchester's bullet, from the middle of the door line, likewise.
func TestRule_ShootFromInsideOnlyThroughTheDoor(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 in=saloon hp=3 tokens=winchester\n" +
		"cowboy id=outlaws:1 x=5 y=45 facing=0 hp=3\ncowboy id=outlaws:2 x=11 y=58 facing=270 hp=3\n" +
		"cowboy id=outlaws:3 x=40 y=46 facing=180 hp=3\n"
	left := v(10.9, 46) // the left bullet spot behind the saloon
	for _, tc := range []struct {
		name   string
		a      flickemup.Action
		target string
		hit    bool
	}{
		{"backwards", flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: toward(left, v(5, 45), 120)}, "outlaws:1", false},
		{"sideways", flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: v(0.9, 150)}, "outlaws:2", false},
		{"Winchester backwards", flickemup.Action{Kind: flickemup.ActShoot, Rifle: true, Velocity: v(-150, 0)}, "outlaws:1", false},
		{"through the door", flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: v(250, 0)}, "outlaws:3", true},
		{"Winchester through the door", flickemup.Action{Kind: flickemup.ActShoot, Rifle: true, Velocity: v(250, 0.5)}, "outlaws:3", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newPerfect(t, town(cowboys))
			sel(t, g, 1)
			apply(t, g, tc.a)
			want := 3
			if tc.hit {
				want = 2
			}
			if got := g.HitPoints(mustID(t, tc.target)); got != want {
				t.Errorf("%s has %d hit points, want %d", tc.target, got, want)
			}
		})
	}
}

// Rulebook, Entering a building: "The cowboy succeeds in entering the building when any
// portion of the movement disc has passed the line which designates that building's door."
// Judged along the path: a disc that crosses the line enters, however fast; a disc flicked
// from behind meets the back wall and fails.
func TestRule_DoorJudgedAlongThePath(t *testing.T) {
	const (
		front  = "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
		behind = "cowboy id=lawmen:1 x=5 y=45 facing=0 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	)
	for _, tc := range []struct {
		name    string
		cowboys string
		v       physics.Vec
		inside  string
		at      physics.Vec // where it stands if not inside
	}{
		{"slow, from in front", front, v(-80, 0), "saloon", physics.Vec{}},
		{"fast, from in front", front, v(-120, 0), "saloon", physics.Vec{}},
		{"fastest, from in front", front, v(-300, 0), "saloon", physics.Vec{}},
		{"through from behind", behind, v(140, 0), "", v(5, 45)},
		{"through from behind, faster", behind, v(160, 0), "", v(5, 45)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newPerfect(t, town(tc.cowboys))
			sel(t, g, 1)
			apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: tc.v})
			c := cowboyView(t, g, "lawmen:1")
			if c.Inside != tc.inside {
				t.Fatalf("inside %q at (%.1f,%.1f), want inside %q", c.Inside, c.X, c.Y, tc.inside)
			}
			if tc.inside == "" && (physics.Vec{X: c.X, Y: c.Y}) != tc.at {
				t.Errorf("at (%v,%v), want back at %v (a failed move)", c.X, c.Y, tc.at)
			}
		})
	}
}

// Rulebook: "Upon successfully entering a building, the player places the cowboy on one of
// the building's two support blocks": two cowboys inside at most.
func TestRule_TwoCowboysInsideAtMost(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=lawmen:2 in=saloon hp=3\n" +
		"cowboy id=outlaws:1 in=saloon hp=3\ncowboy id=outlaws:2 x=40 y=70 hp=3\n"
	g := newPerfect(t, town(cowboys))
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(-80, 0)})
	if c := cowboyView(t, g, "lawmen:1"); c.Inside != "" || c.X != 30 || c.Y != 45 {
		t.Errorf("lawmen:1 entered a full saloon: inside %q at (%v,%v)", c.Inside, c.X, c.Y)
	}
	// With one inside, the same move enters.
	g = newPerfect(t, town(strings.Replace(cowboys, "outlaws:1 in=saloon", "outlaws:1 x=40 y=80", 1)))
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(-80, 0)})
	if c := cowboyView(t, g, "lawmen:1"); c.Inside != "saloon" {
		t.Errorf("lawmen:1 did not enter a saloon with a block free: inside %q", c.Inside)
	}
	// A file cannot put three inside.
	three := cowboys + "cowboy id=outlaws:3 in=saloon hp=3\n"
	if _, err := flickemup.Parse("test.scn", []byte(town(three))); err == nil || !strings.Contains(err.Error(), "cowboy.in") {
		t.Errorf("three cowboys in the saloon: error %v, want one naming cowboy.in", err)
	}
}

// Rulebook: "If a building's entrance becomes blocked by an object, that object may be moved
// to one side or the other to permit entry into the building." The object is moved aside
// along the door line before the flick, and the disc enters without touching it.
func TestRule_BlockingObjectMovedAside(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 x=35 y=45 facing=180 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	g := newPerfect(t, town(cowboys, "prop kind=barrel x=23.5 y=45"))
	b := pieceOf(t, g, flickemup.KindBarrel, 0)
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(-100, 0)})
	if c := cowboyView(t, g, "lawmen:1"); c.Inside != "saloon" {
		t.Errorf("lawmen:1 inside %q, want the saloon", c.Inside)
	}
	p := pos(g, b)
	if math.Abs(p.X-23.5) > 1e-9 || math.Abs(p.Y-45) < 7.5 {
		t.Errorf("barrel at %v, want slid along the door line to beside the blocks (x 23.5, |y-45| ≥ 7.5)", p)
	}
}

// Rulebook: a move fails when the disc "leaves the play area (e.g., falls off the table)". A
// disc whose centre rests on the table, overhanging the edge, has not fallen: the move
// succeeds.
func TestRule_OverhangingDiscSucceeds(t *testing.T) {
	g, _ := newScripted(t, town(""), 2, script{To: v(40, 0.8)})
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, -60), Facing: 1})
	if c := cowboyView(t, g, "lawmen:1"); c.X != 40 || c.Y != 0.8 {
		t.Errorf("lawmen:1 at (%v,%v), want at the disc's spot (40,0.8)", c.X, c.Y)
	}
	// Off the table (centre past the edge) still fails.
	g, _ = newScripted(t, town(""), 2, script{To: v(40, -0.5), Off: true})
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, -60)})
	if c := cowboyView(t, g, "lawmen:1"); c.X != 40 || c.Y != 20 {
		t.Errorf("lawmen:1 at (%v,%v) after falling off, want back at (40,20)", c.X, c.Y)
	}
}

// Our decision (the rulebook is silent): a cowboy that stands up faces as it did before it
// fell, not the way the fall laid it.
func TestRule_StandsUpFacingAsBefore(t *testing.T) {
	const cowboys = "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 facing=300 hp=3\n"
	g := newPerfect(t, town(cowboys))
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: toward(v(36.1, 20), v(40, 70), 250)})
	c := cowboyView(t, g, "outlaws:1")
	if !c.Fallen || g.HitPoints(mustID(t, "outlaws:1")) != 2 {
		t.Fatalf("outlaws:1 not hit (fallen %v): the probe needs a hit", c.Fallen)
	}
	if math.Abs(c.Facing-(-60)) < 1 {
		t.Fatalf("the fall left outlaws:1 facing %v°: the probe needs the fall to turn it", c.Facing)
	}
	endTurn(t, g)
	sel(t, g, 1)
	if c := cowboyView(t, g, "outlaws:1"); c.Fallen || math.Abs(c.Facing-(-60)) > 1e-9 {
		t.Errorf("outlaws:1 stood up fallen=%v facing %v°, want standing, facing -60° as before", c.Fallen, c.Facing)
	}
}
