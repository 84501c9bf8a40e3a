package aimer_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// town is a small test town: a bank on the west side, a saloon on the east side, both with
// doors facing the street.
const town = `scenario test
title Test
story A test town.
start hour=6
initiative cowboy=lawmen:1
building kind=bank   x=20 y=45 facing=0   door=6 depth=10
building kind=saloon x=70 y=45 facing=180 door=6 depth=10
`

// game parses town plus lines and starts a noiseless game, applying the given actions.
func game(t *testing.T, lines string, acts ...flickemup.Action) *flickemup.Game {
	t.Helper()
	sc, err := flickemup.Parse("test.scn", []byte(town+lines))
	if err != nil {
		t.Fatal(err)
	}
	o := flickemup.DefaultOptions()
	o.Noise = physics.Noise{}
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

var sel1 = flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}

// TestAimer_Rules checks the aimer's rules on small positions: what it does first.
func TestAimer_Rules(t *testing.T) {
	tests := []struct {
		name  string
		lines string
		acts  []flickemup.Action
		want  flickemup.ActionKind
		check func(t *testing.T, g *flickemup.Game, a flickemup.Action)
	}{
		{
			name: "shoots an enemy in the open",
			lines: `cowboy id=lawmen:1 x=45 y=20 facing=90 hp=3
cowboy id=outlaws:1 x=45 y=50 facing=270 hp=3
victory last-team-standing
`,
			acts: []flickemup.Action{sel1},
			want: flickemup.ActShoot,
			check: func(t *testing.T, g *flickemup.Game, a flickemup.Action) {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				if hp := g.HitPoints(flickemup.CowboyID{Team: flickemup.Outlaws, Number: 1}); hp != 2 {
					t.Errorf("a perfect shot left the outlaw with %d hit points, want 2", hp)
				}
			},
		},
		{
			name: "takes the gold inside the bank",
			lines: `cowboy id=lawmen:1 in=bank hp=3
cowboy id=outlaws:1 x=80 y=80 facing=270 hp=3
token kind=gold in=bank count=2
victory tokens team=lawmen kind=gold count=2 in=saloon
victory last-team-standing
`,
			acts: []flickemup.Action{sel1},
			want: flickemup.ActTake,
		},
		{
			name: "drops the gold in the saloon",
			lines: `cowboy id=lawmen:1 in=saloon hp=3 tokens=gold
cowboy id=outlaws:1 x=80 y=80 facing=270 hp=3
token kind=gold in=bank
victory tokens team=lawmen kind=gold count=1 in=saloon
victory last-team-standing
`,
			acts: []flickemup.Action{sel1},
			want: flickemup.ActDrop,
			check: func(t *testing.T, g *flickemup.Game, a flickemup.Action) {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				if r := g.Result(); r.Winner != flickemup.Lawmen {
					t.Errorf("dropping the gold: result %+v, want a lawmen win", r)
				}
			},
		},
		{
			name: "a carrier heads for the saloon",
			lines: `cowboy id=lawmen:1 x=30 y=20 facing=90 hp=3 tokens=gold
cowboy id=outlaws:1 x=85 y=85 facing=270 hp=3
prop kind=fence x=45 y=75 angle=0
token kind=gold in=bank
victory tokens team=lawmen kind=gold count=1 in=saloon
victory last-team-standing
`,
			acts: []flickemup.Action{sel1},
			want: flickemup.ActMove,
			check: func(t *testing.T, g *flickemup.Game, a flickemup.Action) {
				id := flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1}
				door := physics.Vec{X: 70, Y: 45}
				before := g.Cowboy(id).Pos.Sub(door).Len()
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				if after := g.Cowboy(id).Pos.Sub(door).Len(); after > before-5 {
					t.Errorf("the carrier went from %.1f to %.1f cm of the saloon's door", before, after)
				}
			},
		},
		{
			name: "keeps a drawn Colt",
			lines: `cowboy id=lawmen:1 in=bank hp=3
cowboy id=outlaws:1 x=80 y=80 facing=270 hp=3
token kind=colt in=bank face=down count=2
victory last-team-standing
`,
			acts: []flickemup.Action{sel1, {Kind: flickemup.ActTake, Token: 0}},
			want: flickemup.ActKeep,
		},
	}
	for _, tc := range tests {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			g := game(t, tc.lines, tc.acts...)
			a := aimer.New().Choose(g, nil)
			if a.Kind != tc.want {
				t.Fatalf("chose %v, want %v", a, tc.want)
			}
			if tc.check != nil {
				tc.check(t, g, a)
			}
		})
	}
}
