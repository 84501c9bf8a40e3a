package flickemup_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// The saloon of baseTown: door middle (20,45), facing east, door 6 cm, depth 10 cm. Its
// blocks stand at (20,40.5) and (20,49.5); their inner faces are y=42 and y=48.

func TestMove(t *testing.T) {
	const (
		atSaloon = "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
		inSaloon = "cowboy id=lawmen:1 in=saloon hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
		behind   = "cowboy id=lawmen:1 x=5 y=45 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	)
	barrel := func(g *flickemup.Game) int { return pieceOf(t, g, flickemup.KindBarrel, 0) }
	leftBlock := func(g *flickemup.Game) int { return building(t, g, "saloon").Left }
	for _, tc := range []struct {
		name    string
		cowboys string
		extra   []string
		step    func(g *flickemup.Game) script
		ok      bool
		at      physics.Vec // where the cowboy stands after a success outside
		inside  string
	}{
		{name: "free move succeeds", step: func(*flickemup.Game) script { return script{To: v(40, 30)} }, ok: true, at: v(40, 30)},
		{name: "touching a barrel fails", extra: []string{"prop kind=barrel x=40 y=35"},
			step: func(g *flickemup.Game) script {
				return script{To: v(40, 33), Touch: []touch{{Piece: barrel(g)}}, Push: map[int]physics.Vec{barrel(g): v(41, 38)}}
			}},
		{name: "touching a figure fails", step: func(g *flickemup.Game) script {
			return script{To: v(40, 68), Touch: []touch{{Piece: piece(t, g, "outlaws:1")}}}
		}},
		{name: "leaving the table fails", step: func(*flickemup.Game) script { return script{To: v(40, -3), Off: true} }},
		{name: "ending under a building without its door fails", cowboys: behind,
			step: func(*flickemup.Game) script { return script{To: v(15, 45)} }},
		{name: "entering with the inner face touched", cowboys: atSaloon,
			step: func(g *flickemup.Game) script {
				return script{To: v(19, 45), Touch: []touch{{Piece: leftBlock(g), At: v(20.5, 42)}}}
			}, ok: true, inside: "saloon"},
		{name: "entering: any part of the disc past the line", cowboys: atSaloon,
			step: func(*flickemup.Game) script { return script{To: v(21.2, 45)} }, ok: true, inside: "saloon"},
		{name: "not past the door line is an ordinary move", cowboys: atSaloon,
			step: func(*flickemup.Game) script { return script{To: v(23, 45)} }, ok: true, at: v(23, 45)},
		{name: "entering with the outer face touched fails", cowboys: atSaloon,
			step: func(g *flickemup.Game) script {
				return script{To: v(19, 45), Touch: []touch{{Piece: leftBlock(g), At: v(21.5, 40.5)}}}
			}},
		{name: "entering a closed building fails", cowboys: atSaloon, extra: []string{"token kind=not-allowed in=saloon"},
			step: func(*flickemup.Game) script { return script{To: v(19, 45)} }},
		{name: "pushing an object that blocks the door is allowed", cowboys: atSaloon, extra: []string{"prop kind=tumbleweed x=23.5 y=44", "prop kind=barrel x=23.3 y=52.5", "prop kind=barrel x=23.3 y=37.5"},
			step: func(g *flickemup.Game) script {
				// Both sides are taken: the tumbleweed cannot be moved aside, the disc pushes it.
				tw := pieceOf(t, g, flickemup.KindTumbleweed, 0)
				return script{To: v(19, 45), Touch: []touch{{Piece: tw}}, Push: map[int]physics.Vec{tw: v(23.5, 47)}}
			}, ok: true, inside: "saloon"},
		{name: "pushing an object away from the door fails", cowboys: atSaloon, extra: []string{"prop kind=barrel x=27 y=45"},
			step: func(g *flickemup.Game) script {
				return script{To: v(19, 45), Touch: []touch{{Piece: barrel(g)}}, Push: map[int]physics.Vec{barrel(g): v(27, 52)}}
			}},
		{name: "leaving: the whole disc past the line", cowboys: inSaloon,
			step: func(*flickemup.Game) script { return script{To: v(24, 45)} }, ok: true, at: v(24, 45)},
		{name: "leaving: part of the disc still inside fails", cowboys: inSaloon,
			step: func(*flickemup.Game) script { return script{To: v(21, 45)} }, inside: "saloon"},
		{name: "leaving: touching the inner face allowed", cowboys: inSaloon,
			step: func(g *flickemup.Game) script {
				return script{To: v(30, 46), Touch: []touch{{Piece: leftBlock(g), At: v(19, 42)}}}
			}, ok: true, at: v(30, 46)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, tab := newScripted(t, town(tc.cowboys, tc.extra...), 2)
			tab.steps = []script{tc.step(g)}
			before := g.State()
			startInside := cowboyView(t, g, "lawmen:1").Inside
			sel(t, g, 1)
			apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(-50, 0), Facing: 1.25})
			if g.ActionsLeft() != 1 {
				t.Errorf("%d actions left, want 1 (the move is spent either way)", g.ActionsLeft())
			}
			c := cowboyView(t, g, "lawmen:1")
			if startInside != "" {
				// The disc was placed at the back of the floor: 10 cm deep less its radius.
				if got, want := tab.starts[0], v(11.5, 45); got.Sub(want).Len() > 1e-9 {
					t.Errorf("disc placed at %v, want %v", got, want)
				}
			}
			after := g.State()
			switch {
			case tc.ok && tc.inside != "":
				if c.Inside != tc.inside || !after.Pieces[c.Piece].Off {
					t.Errorf("cowboy inside %q, off=%v; want inside %s off the table", c.Inside, after.Pieces[c.Piece].Off, tc.inside)
				}
			case tc.ok:
				if c.Inside != "" || (physics.Vec{X: c.X, Y: c.Y}) != tc.at {
					t.Errorf("cowboy at (%v,%v) inside %q, want at %v", c.X, c.Y, c.Inside, tc.at)
				}
				if math.Abs(c.Facing-1.25*180/math.Pi) > 1e-9 {
					t.Errorf("facing %v°, want the chosen 1.25 rad", c.Facing)
				}
			default:
				// Failed: everything back, the cowboy where it was (facing as chosen).
				if c.Inside != startInside {
					t.Errorf("inside %q, want %q", c.Inside, startInside)
				}
				for i := range before.Pieces {
					b, a := before.Pieces[i], after.Pieces[i]
					if i == c.Piece && !b.Off {
						b.Angle = 1.25
					}
					if a != b {
						t.Errorf("piece %d (%v) = %+v, want restored %+v", i, b.Kind, a, b)
					}
				}
			}
			if !after.Pieces[0].Off {
				t.Error("the movement disc stayed on the table")
			}
			for i, p := range tc.step(g).Push {
				if tc.ok && after.Pieces[i].Pos != p {
					t.Errorf("pushed piece %d at %v, want it left at %v", i, after.Pieces[i].Pos, p)
				}
			}
		})
	}
}

func TestMove_Hostage(t *testing.T) {
	// Our rule: a cowboy carrying the hostage moves once per turn.
	cowboys := "cowboy id=lawmen:1 x=40 y=20 hp=3 tokens=hostage\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	g, _ := newScripted(t, town(cowboys), 2, script{To: v(40, 25)})
	sel(t, g, 1)
	mv := flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, 10)}
	apply(t, g, mv)
	if err := g.Check(mv); err == nil {
		t.Error("second move with the hostage allowed")
	}
	// Without the hostage, two moves are fine.
	g2, _ := newScripted(t, town(""), 2, script{To: v(40, 25)})
	sel(t, g2, 1)
	apply(t, g2, mv)
	if err := g2.Check(mv); err != nil {
		t.Errorf("second move without hostage: %v", err)
	}
}

func TestMove_FallenStandsWhenPlayed(t *testing.T) {
	// A bullet knocks outlaws:1 over; it stays down until the outlaws play it.
	g2, tab := newScripted(t, town(""), 2)
	o := piece(t, g2, "outlaws:1")
	tab.steps = []script{{To: v(40, 68), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
	sel(t, g2, 1)
	apply(t, g2, flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: v(0, 100)})
	apply(t, g2, flickemup.Action{Kind: flickemup.ActEndTurn})
	if !g2.State().Pieces[o].Fallen {
		t.Fatal("hit cowboy not down")
	}
	sel(t, g2, 1)
	if g2.State().Pieces[o].Fallen {
		t.Error("played cowboy still down")
	}
}
