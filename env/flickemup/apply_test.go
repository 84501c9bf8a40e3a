package flickemup_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/env/flickemup"
)

// snapshot is what must not change when an action is rejected.
type snapshot struct {
	hash uint64
	view string
}

func snap(t testing.TB, g *flickemup.Game) snapshot {
	t.Helper()
	b, err := json.Marshal(g.View())
	if err != nil {
		t.Fatal(err)
	}
	return snapshot{g.Hash(), string(b)}
}

func TestApply_IllegalChangesNothing(t *testing.T) {
	nan := math.NaN()
	cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	for _, tc := range []struct {
		name        string
		selectFirst bool
		a           flickemup.Action
	}{
		{"invalid kind", false, flickemup.Action{}},
		{"act before selecting", false, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(1, 1)}},
		{"select a bad number", false, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 9}},
		{"select an absent cowboy", false, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 3}},
		{"select again", true, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}},
		{"NaN move", true, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(nan, 0)}},
		{"infinite facing", true, flickemup.Action{Kind: flickemup.ActMove, Facing: math.Inf(1)}},
		{"NaN shot", true, flickemup.Action{Kind: flickemup.ActShoot, Velocity: v(0, nan)}},
		{"bad side", true, flickemup.Action{Kind: flickemup.ActShoot, Side: 7}},
		{"rifle without a Winchester", true, flickemup.Action{Kind: flickemup.ActShoot, Rifle: true}},
		{"duel without the rule", true, flickemup.Action{Kind: flickemup.ActDuel, Cowboy: 1}},
		{"throw without dynamite", true, flickemup.Action{Kind: flickemup.ActThrow}},
		{"take a bad token", true, flickemup.Action{Kind: flickemup.ActTake, Token: 99}},
		{"take the token it carries", true, flickemup.Action{Kind: flickemup.ActTake, Token: 0}},
		{"drop outside", true, flickemup.Action{Kind: flickemup.ActDrop, Slot: 0}},
		{"drop an empty slot", true, flickemup.Action{Kind: flickemup.ActDrop, Slot: 1}},
		{"drop a bad slot", true, flickemup.Action{Kind: flickemup.ActDrop, Slot: -1}},
		{"drink gold", true, flickemup.Action{Kind: flickemup.ActDrink, Slot: 0}},
		{"keep with nothing revealed", true, flickemup.Action{Kind: flickemup.ActKeep}},
		{"select while acting", true, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, tab := newScripted(t, town(cowboys), 2)
			if tc.selectFirst {
				sel(t, g, 1)
			}
			before := snap(t, g)
			err := g.Apply(tc.a)
			if !errors.Is(err, flickemup.ErrIllegal) {
				t.Fatalf("Apply(%v) = %v, want ErrIllegalAction", tc.a, err)
			}
			var ie *flickemup.IllegalActionError
			if !errors.As(err, &ie) || ie.Reason == "" {
				t.Errorf("error %v is not an IllegalActionError with a reason", err)
			}
			if d := cmp.Diff(before, snap(t, g), cmp.AllowUnexported(snapshot{})); d != "" {
				t.Errorf("state changed (-before +after):\n%s", d)
			}
			if len(tab.flicks) != 0 {
				t.Error("an illegal action flicked")
			}
		})
	}
}

func TestApply_TableErrorChangesNothing(t *testing.T) {
	for _, a := range []flickemup.Action{
		{Kind: flickemup.ActMove, Velocity: v(0, 10)},
		{Kind: flickemup.ActShoot, Velocity: v(0, 10)},
		{Kind: flickemup.ActThrow, Velocity: v(0, 10)},
	} {
		cowboys := "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=dynamite\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
		g, tab := newScripted(t, town(cowboys), 2) // no scripted outcome: the table fails
		sel(t, g, 1)
		before := snap(t, g)
		err := g.Apply(a)
		if !errors.Is(err, errNoScript) || errors.Is(err, flickemup.ErrIllegal) {
			t.Errorf("%v: error %v, want the table's error", a.Kind, err)
		}
		if len(tab.flicks) != 1 {
			t.Errorf("%v: %d flicks", a.Kind, len(tab.flicks))
		}
		if d := cmp.Diff(before, snap(t, g), cmp.AllowUnexported(snapshot{})); d != "" {
			t.Errorf("%v: state changed (-before +after):\n%s", a.Kind, d)
		}
	}
}

// play runs a random game of scenario name with the real physics for at most n actions and
// returns the hash after each action.
func play(t testing.TB, g *flickemup.Game, rng *rand.Rand, n int) []uint64 {
	t.Helper()
	var hs []uint64
	var buf []flickemup.Action
	for i := 0; i < n && !g.Over(); i++ {
		a := randomAction(g, rng, buf)
		if err := g.Apply(a); err != nil {
			t.Fatalf("Apply(%v): %v", a, err)
		}
		hs = append(hs, g.Hash())
	}
	return hs
}

func newReal(t testing.TB, name string, seed uint64) *flickemup.Game {
	t.Helper()
	sc, err := flickemup.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	o := flickemup.DefaultOptions()
	o.Seed = seed
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGame_Deterministic(t *testing.T) {
	run := func(seed uint64) []uint64 {
		return play(t, newReal(t, "bank-job", seed), rand.New(rand.NewPCG(1, 2)), 60)
	}
	a, b, c := run(7), run(7), run(8)
	if d := cmp.Diff(a, b); d != "" {
		t.Errorf("same seed, different games (-first +second):\n%s", d)
	}
	if cmp.Equal(a, c) {
		t.Error("seeds 7 and 8 gave the same game: the noise is not seeded")
	}
}

func TestGame_Reset(t *testing.T) {
	g := newReal(t, "showdown", 3)
	start := g.Hash()
	first := play(t, g, rand.New(rand.NewPCG(5, 5)), 30)
	g.ResetSeed(3)
	if g.Hash() != start || g.Hour() != 6 || g.Round() != 1 || g.Over() {
		t.Fatal("Reset did not restore the opening")
	}
	if d := cmp.Diff(first, play(t, g, rand.New(rand.NewPCG(5, 5)), 30)); d != "" {
		t.Errorf("replay after Reset differs (-first +replay):\n%s", d)
	}
}

func TestGame_Clone(t *testing.T) {
	g := newReal(t, "gunsmith", 11)
	play(t, g, rand.New(rand.NewPCG(1, 1)), 25)
	c := g.Clone()
	if c.Hash() != g.Hash() {
		t.Fatal("clone hashes differently")
	}
	before := g.Hash()
	// The clone replays exactly what the original does, on another goroutine.
	var wg sync.WaitGroup
	var hc []uint64
	wg.Add(1)
	go func() {
		defer wg.Done()
		hc = play(t, c, rand.New(rand.NewPCG(2, 2)), 40)
	}()
	wg.Wait()
	if g.Hash() != before {
		t.Fatal("playing the clone changed the original")
	}
	hg := play(t, g, rand.New(rand.NewPCG(2, 2)), 40)
	if d := cmp.Diff(hg, hc); d != "" {
		t.Errorf("clone and original diverge (-original +clone):\n%s", d)
	}
}

func TestGame_ViewJSON(t *testing.T) {
	g := newReal(t, "bank-job", 1)
	b, err := json.Marshal(g.View())
	if err != nil {
		t.Fatal(err)
	}
	var back flickemup.View
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(g.View(), back); d != "" {
		t.Errorf("JSON round trip (-view +decoded):\n%s", d)
	}
	if back.Scenario != "bank-job" || back.Hour != 6 || back.Initiative != "outlaws:1" || len(back.Cowboys) != 10 {
		t.Errorf("view %+v", back)
	}
	hidden := 0
	for _, tv := range back.Tokens {
		if tv.Kind == "hidden" {
			hidden++
		}
	}
	if hidden != 6 {
		t.Errorf("%d hidden tokens in the view, want the 6 face-down gold sacks", hidden)
	}
}

func TestGame_Accessors(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 in=saloon hp=2 max=3 tokens=colt\ncowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n"
	g, _ := newScripted(t, town(cowboys, "token kind=gold in=saloon face=down", "token kind=not-allowed in=undertaker"), 2)
	got := g.Cowboy(mustID(t, "lawmen:1"))
	want := flickemup.CowboyInfo{ID: mustID(t, "lawmen:1"), Present: true, Alive: true, HP: 2, Max: 3, Hat: flickemup.Red,
		Inside: 0, Pos: v(20, 45), Inventory: [2]int{0, -1}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Cowboy (-want +got):\n%s", d)
	}
	if c := g.Cowboy(mustID(t, "outlaws:4")); c.Present || c.Inside != -1 {
		t.Errorf("absent cowboy %+v", c)
	}
	if n := g.NumTokens(); n != 3 {
		t.Fatalf("%d tokens, want 3", n)
	}
	for id, want := range []flickemup.TokenInfo{
		{Kind: flickemup.TokenColt, FaceUp: true, Place: flickemup.PlaceCowboy, Index: 0},
		{Kind: flickemup.TokenInvalid, Place: flickemup.PlaceBuilding, Index: 0}, // face down: hidden
		{Kind: flickemup.TokenNotAllowed, FaceUp: true, Place: flickemup.PlaceBuilding, Index: 1},
	} {
		if d := cmp.Diff(want, g.Token(id)); d != "" {
			t.Errorf("Token(%d) (-want +got):\n%s", id, d)
		}
	}
	if g.Closed(0) || !g.Closed(1) {
		t.Errorf("Closed = %v %v, want saloon open, undertaker closed", g.Closed(0), g.Closed(1))
	}
}
