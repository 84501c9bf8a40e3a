package flickemup_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

func TestVictory(t *testing.T) {
	hit := func(target string) func(g *flickemup.Game) []script {
		return func(g *flickemup.Game) []script {
			o := piece(t, g, target)
			return []script{{To: pos(g, o), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
		}
	}
	blast := func(g *flickemup.Game) []script { return []script{{To: v(40, 24)}} }
	for _, tc := range []struct {
		name    string
		cowboys string
		extra   []string
		steps   func(g *flickemup.Game) []script
		action  flickemup.Action
		winner  flickemup.Team
		reason  string
		kind    string // the ending's kind, when checked
	}{
		{
			name:    "last team standing",
			cowboys: "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=1\n",
			steps:   hit("outlaws:1"), action: shootAction(flickemup.SideLeft),
			winner: flickemup.Lawmen, reason: "last team standing",
		},
		{
			name:    "kill the boss",
			cowboys: "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\ncowboy id=outlaws:2 x=50 y=70 hp=1\n",
			extra:   []string{"victory kill team=lawmen target=outlaws:2", "victory noon-hp"},
			steps:   hit("outlaws:2"), action: shootAction(flickemup.SideLeft),
			winner: flickemup.Lawmen, reason: "outlaws:2 is dead",
		},
		{
			name:    "tokens gathered",
			cowboys: "cowboy id=lawmen:1 in=saloon hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n",
			extra:   []string{"token kind=gold in=saloon count=2", "victory tokens team=lawmen kind=gold count=3 in=saloon", "victory noon team=outlaws"},
			action:  flickemup.Action{Kind: flickemup.ActDrop, Slot: 0},
			winner:  flickemup.Lawmen, reason: "3 gold tokens lie in the saloon", kind: "gold tokens lie in the saloon",
		},
		{
			name:    "one token delivered: singular",
			cowboys: "cowboy id=lawmen:1 in=saloon hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n",
			extra:   []string{"victory tokens team=lawmen kind=gold count=1 in=saloon", "victory noon team=outlaws"},
			action:  flickemup.Action{Kind: flickemup.ActDrop, Slot: 0},
			winner:  flickemup.Lawmen, reason: "1 gold token lies in the saloon", kind: "a gold token lies in the saloon",
		},
		{
			name:    "without last-team-standing the game goes on",
			cowboys: "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=dynamite\ncowboy id=lawmen:2 x=40 y=26 hp=1\ncowboy id=outlaws:1 x=44 y=24 hp=1\n",
			extra:   []string{"victory noon-hp"},
			steps:   blast, action: flickemup.Action{Kind: flickemup.ActThrow, Side: flickemup.SideLeft},
			winner: flickemup.NoTeam, reason: "",
		},
		{
			name:    "both teams win at once: a draw",
			cowboys: "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=dynamite\ncowboy id=lawmen:2 x=40 y=26 hp=1\ncowboy id=outlaws:1 x=44 y=24 hp=1\ncowboy id=outlaws:2 x=40 y=70 hp=3\n",
			extra:   []string{"victory kill team=lawmen target=outlaws:1", "victory kill team=outlaws target=lawmen:2"},
			steps:   blast, action: flickemup.Action{Kind: flickemup.ActThrow, Side: flickemup.SideLeft},
			winner: flickemup.NoTeam, reason: "outlaws:1 is dead and lawmen:2 is dead",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, tab := newScripted(t, town(tc.cowboys, tc.extra...), 2)
			if tc.steps != nil {
				tab.steps = tc.steps(g)
			}
			sel(t, g, 1)
			apply(t, g, tc.action)
			r := g.Result()
			if tc.reason == "" {
				// Every outlaw is dead, but only noon decides: the dead still take their turns.
				if r.Over {
					t.Errorf("result %+v, want the game to go on", r)
				}
				apply(t, g, flickemup.Action{Kind: flickemup.ActEndTurn})
				if g.CurrentTeam() != flickemup.Outlaws {
					t.Errorf("team %v, want the outlaws to pass their dead cowboy's turn", g.CurrentTeam())
				}
				return
			}
			if !r.Over || r.Winner != tc.winner || r.Draw != (tc.winner == flickemup.NoTeam) || !strings.Contains(r.Reason, tc.reason) {
				t.Errorf("result %+v, want winner %v (%q)", r, tc.winner, tc.reason)
			}
			if tc.kind != "" && (r.Kind != tc.kind || r.Reason != tc.reason) {
				t.Errorf("ended by %q of kind %q, want %q of kind %q", r.Reason, r.Kind, tc.reason, tc.kind)
			}
			if g.Phase() != flickemup.PhaseOver || !g.Over() {
				t.Errorf("phase %v terminal %v", g.Phase(), g.Over())
			}
		})
	}
}

func TestVictory_AllDeadDraw(t *testing.T) {
	// The thrower stands in its own blast: everybody dies, a draw.
	cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=1 tokens=dynamite\ncowboy id=outlaws:1 x=44 y=24 hp=1\n"
	g, _ := newScripted(t, town(cowboys), 2, script{To: v(40, 24)})
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActThrow, Side: flickemup.SideLeft})
	if r := g.Result(); !r.Over || !r.Draw || r.Reason != "every cowboy is dead" {
		t.Errorf("result %+v, want a draw: every cowboy is dead", r)
	}
}

func TestVictory_NoSecondBulletAfterTheEnd(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=colt\ncowboy id=outlaws:1 x=40 y=70 hp=1\n"
	g, tab := newScripted(t, town(cowboys), 2)
	o := piece(t, g, "outlaws:1")
	tab.steps = []script{{To: v(40, 67), Touch: []touch{{Piece: o}}, Falls: []physics.Fall{{Piece: o, By: -1}}}}
	sel(t, g, 1)
	apply(t, g, shootAction(flickemup.SideLeft))
	if !g.Over() || g.Phase() != flickemup.PhaseOver {
		t.Errorf("phase %v, want over", g.Phase())
	}
}
