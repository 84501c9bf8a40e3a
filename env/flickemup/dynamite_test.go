package flickemup_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

func TestThrow(t *testing.T) {
	cowboys := `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=dynamite
cowboy id=lawmen:2 x=38 y=62 facing=90 hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
cowboy id=outlaws:2 x=45 y=70 facing=270 hp=3
cowboy id=outlaws:3 x=52 y=70 facing=270 hp=3
cowboy id=outlaws:4 in=undertaker hp=3
`
	throw := flickemup.Action{Kind: flickemup.ActThrow, Side: flickemup.SideLeft, Velocity: v(0, 150)}
	t.Run("blast", func(t *testing.T) {
		g, tab := newScripted(t, town(cowboys), 2)
		o1 := piece(t, g, "outlaws:1")
		// First a bullet knocks outlaws:1 down; then the dynamite stops at (42,66).
		tab.steps = []script{
			{To: v(40, 67), Touch: []touch{{Piece: o1}}, Falls: []physics.Fall{{Piece: o1, By: -1}}},
			{To: v(42, 66)},
		}
		sel(t, g, 1)
		apply(t, g, shootAction(flickemup.SideRight))
		apply(t, g, throw)
		// The octagon started one bullet's width left of lawmen:1: 1.2 + 1.8 + 1.5 cm.
		if got, want := tab.starts[1], v(35.5, 20); got.Sub(want).Len() > 1e-9 {
			t.Errorf("dynamite placed at %v, want %v", got, want)
		}
		for id, want := range map[string]int{
			"outlaws:1": 2, // down already: not hit again
			"outlaws:2": 2, // 5 cm away
			"lawmen:2":  2, // a teammate 5.7 cm away
			"outlaws:3": 3, // 10.8 cm away
			"outlaws:4": 3, // inside a building
			"lawmen:1":  3,
		} {
			if got := g.HitPoints(mustID(t, id)); got != want {
				t.Errorf("%s has %d hit points, want %d", id, got, want)
			}
		}
		if c := cowboyView(t, g, "outlaws:2"); !c.Fallen {
			t.Error("blasted outlaws:2 is standing")
		}
		if inv := inventory(t, g, "lawmen:1"); len(inv) != 0 {
			t.Errorf("inventory %v, want the dynamite spent", inv)
		}
		if !g.State().Pieces[3].Off {
			t.Error("the octagon stayed on the table")
		}
	})
	t.Run("blows a door open", func(t *testing.T) {
		g, _ := newScripted(t, town(cowboys, "token kind=not-allowed in=undertaker"), 2, script{To: v(66, 45)})
		sel(t, g, 1)
		apply(t, g, throw)
		if building(t, g, "undertaker").Closed {
			t.Error("the undertaker is still closed after a blast at its door")
		}
		if got := g.HitPoints(mustID(t, "outlaws:4")); got != 3 {
			t.Errorf("outlaws:4 inside has %d hit points, want 3", got)
		}
	})
	t.Run("a dud off the table", func(t *testing.T) {
		g, _ := newScripted(t, town(cowboys), 2, script{To: v(40, 95), Off: true})
		sel(t, g, 1)
		apply(t, g, throw)
		if s := g.HitPointsByTeam(); s != [2]int{6, 12} {
			t.Errorf("scores %v, want untouched [6 12]", s)
		}
		if inv := inventory(t, g, "lawmen:1"); len(inv) != 0 {
			t.Errorf("inventory %v, want the dynamite spent", inv)
		}
	})
	t.Run("needs dynamite", func(t *testing.T) {
		g, _ := newScripted(t, town(""), 2)
		sel(t, g, 1)
		if err := g.Check(throw); err == nil {
			t.Error("throw without dynamite allowed")
		}
	})
}
