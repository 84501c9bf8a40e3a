package flickemup_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestGame_Reseed checks that a reseeded clone draws from its new stream: the same seed gives
// the same noisy flick, another seed another, and the original game is not disturbed.
func TestGame_Reseed(t *testing.T) {
	sc := mustParse(t, town(""))
	o := flickemup.DefaultOptions()
	o.Seed = 3
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); err != nil {
		t.Fatal(err)
	}
	move := flickemup.Action{Kind: flickemup.ActMove, Velocity: physics.Vec{X: 0, Y: 90}, Facing: 1}
	lawman := flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1}
	endAfter := func(seed uint64, reseed bool) physics.Vec {
		c := g.Clone()
		if reseed {
			c.Reseed(seed)
		}
		if err := c.Apply(move); err != nil {
			t.Fatal(err)
		}
		return c.Cowboy(lawman).Pos
	}
	plain, plainAgain := endAfter(0, false), endAfter(0, false)
	a, a2, b := endAfter(11, true), endAfter(11, true), endAfter(12, true)
	switch {
	case plain != plainAgain:
		t.Errorf("an untouched clone replays differently: %v then %v", plain, plainAgain)
	case a != a2:
		t.Errorf("the same reseed gives %v then %v", a, a2)
	case a == b:
		t.Errorf("seeds 11 and 12 give the same flick %v", a)
	case a == plain:
		t.Errorf("reseeding did not change the stream: %v", a)
	}
	if got := g.Cowboy(lawman).Pos; got != (physics.Vec{X: 40, Y: 20}) {
		t.Errorf("the original game moved: lawman at %v", got)
	}
}

// TestGame_LaunchSpot checks where flicked pieces start, against the rules' distances.
func TestGame_LaunchSpot(t *testing.T) {
	sc := mustParse(t, town(`cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=lawmen:2 in=saloon hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
`))
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: flickemup.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.LaunchSpot(flickemup.Action{Kind: flickemup.ActMove}); ok {
		t.Errorf("LaunchSpot in the select phase reports a spot")
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); err != nil {
		t.Fatal(err)
	}
	pos := physics.Vec{X: 40, Y: 20}
	offset := flickemup.Pieces.Spec(flickemup.KindCowboy).Radius + 3*flickemup.Pieces.Spec(flickemup.KindBullet).Radius
	tests := []struct {
		name string
		a    flickemup.Action
		want physics.Vec
		ok   bool
	}{
		{"move", flickemup.Action{Kind: flickemup.ActMove}, pos, true},
		{"shoot left", flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft}, physics.Vec{X: 40 - offset, Y: 20}, true},
		{"shoot right", flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideRight}, physics.Vec{X: 40 + offset, Y: 20}, true},
		{"rifle", flickemup.Action{Kind: flickemup.ActShoot, Rifle: true}, physics.Vec{X: 40, Y: 20 + 1.2 + 6 + 0.9}, true},
		{"duel", flickemup.Action{Kind: flickemup.ActDuel, Side: flickemup.SideRight}, physics.Vec{X: 40 + offset, Y: 20}, true},
		{"end turn", flickemup.Action{Kind: flickemup.ActEndTurn}, physics.Vec{}, false},
		{"bad side", flickemup.Action{Kind: flickemup.ActShoot, Side: 7}, physics.Vec{}, false},
	}
	for _, tc := range tests {
		got, ok := g.LaunchSpot(tc.a)
		if ok != tc.ok || math.Abs(got.X-tc.want.X) > 1e-9 || math.Abs(got.Y-tc.want.Y) > 1e-9 {
			t.Errorf("%s: LaunchSpot = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	// From inside the saloon (door middle (20,45), facing east, depth 10), the disc starts at
	// the back of the floor.
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); err != nil { // the outlaw
		t.Fatal(err)
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 2}); err != nil {
		t.Fatal(err)
	}
	got, ok := g.LaunchSpot(flickemup.Action{Kind: flickemup.ActMove})
	if want := (physics.Vec{X: 20 - 10 + 1.5, Y: 45}); !ok || math.Abs(got.X-want.X) > 1e-9 || math.Abs(got.Y-want.Y) > 1e-9 {
		t.Errorf("move from inside: LaunchSpot = %v, %v; want %v", got, ok, want)
	}
}

// TestGame_Revealed draws from a face-down pile and checks that Revealed names the token
// drawn, and only while it is being kept or left.
func TestGame_Revealed(t *testing.T) {
	sc := mustParse(t, town(`cowboy id=lawmen:1 in=saloon hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
`, "token kind=colt in=saloon face=down", "token kind=gold in=saloon face=down"))
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: flickemup.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Revealed(); ok {
		t.Errorf("Revealed reports a token before any draw")
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActTake, Token: 0}); err != nil {
		t.Fatal(err)
	}
	id, ok := g.Revealed()
	if !ok || id < 0 || id > 1 || !g.Token(id).FaceUp || g.Token(1-id).FaceUp {
		t.Fatalf("Revealed = %d, %v; tokens %+v %+v", id, ok, g.Token(0), g.Token(1))
	}
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActKeep}); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Revealed(); ok {
		t.Errorf("Revealed reports a token after it was kept")
	}
	if got := g.Cowboy(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1}).Inventory[0]; got != id {
		t.Errorf("kept token %d, Revealed said %d", got, id)
	}
}
