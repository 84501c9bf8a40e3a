package flickemup_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/env/flickemup"
)

// inventory returns the token kinds cowboy id carries.
func inventory(t testing.TB, g *flickemup.Game, id string) []string {
	t.Helper()
	var out []string
	v := g.View()
	for _, tid := range cowboyView(t, g, id).Tokens {
		out = append(out, v.Tokens[tid].Kind)
	}
	return out
}

// tokenAt returns the id of the first token of kind (as shown in the view) lying in place/where.
func tokenAt(t testing.TB, g *flickemup.Game, kind, place, where string) int {
	t.Helper()
	for id, tv := range g.View().Tokens {
		if tv.Kind == kind && tv.Place == place && tv.Where == where {
			return id
		}
	}
	t.Fatalf("no %s token in %s %s", kind, place, where)
	return -1
}

func TestTake_FaceUp(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 in=saloon hp=3 tokens=colt\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	g, _ := newScripted(t, town(cowboys, "token kind=gold in=saloon count=2", "token kind=not-allowed in=saloon"), 2)
	sel(t, g, 1)
	gold := tokenAt(t, g, "gold", "building", "saloon")
	apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: gold})
	if d := cmp.Diff([]string{"colt", "gold"}, inventory(t, g, "lawmen:1")); d != "" {
		t.Errorf("inventory (-want +got):\n%s", d)
	}
	// Full: a third token can only be exchanged, for one action.
	gold2 := tokenAt(t, g, "gold", "building", "saloon")
	if err := g.Check(flickemup.Action{Kind: flickemup.ActTake, Token: gold2}); err == nil {
		t.Error("a third token taken")
	}
	// "Not allowed" tokens stay put.
	na := tokenAt(t, g, "not-allowed", "building", "saloon")
	if err := g.Check(flickemup.Action{Kind: flickemup.ActExchange, Token: na, Slot: 0}); err == nil {
		t.Error("a not-allowed token taken")
	}
	apply(t, g, flickemup.Action{Kind: flickemup.ActExchange, Token: gold2, Slot: 0})
	if d := cmp.Diff([]string{"gold", "gold"}, inventory(t, g, "lawmen:1")); d != "" {
		t.Errorf("inventory after exchange (-want +got):\n%s", d)
	}
	if id := tokenAt(t, g, "colt", "building", "saloon"); !g.View().Tokens[id].FaceUp {
		t.Error("the exchanged Colt is not face up in the saloon")
	}
	if g.CurrentTeam() != flickemup.Outlaws {
		t.Error("take + exchange did not use the two actions")
	}
}

func TestTake_OutOfReach(t *testing.T) {
	// Tokens inside a building are out of reach from the street, and nothing is dropped there.
	g, _ := newScripted(t, town("", "token kind=gold in=saloon"), 2)
	sel(t, g, 1)
	if err := g.Check(flickemup.Action{Kind: flickemup.ActTake, Token: 0}); err == nil {
		t.Error("took a token inside a building from outside")
	}
	legal := g.LegalKinds()
	if legal[flickemup.ActTake] || legal[flickemup.ActDrop] {
		t.Errorf("take/drop legal outside: %v", legal)
	}
}

func TestTake_FaceDown(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 in=saloon hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	pile := []string{"token kind=gold in=saloon face=down", "token kind=documents in=saloon face=down", "token kind=colt in=saloon face=down"}
	t.Run("keep", func(t *testing.T) {
		g, _ := newScripted(t, town(cowboys, pile...), 2)
		sel(t, g, 1)
		// The pile is offered once, whatever its size.
		takes := 0
		for _, a := range g.Legal(nil) {
			if a.Kind == flickemup.ActTake {
				takes++
			}
		}
		if takes != 1 {
			t.Errorf("%d take actions for one face-down pile, want 1", takes)
		}
		apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: 2})
		if g.Phase() != flickemup.PhaseReveal || g.ActionsLeft() != 1 {
			t.Fatalf("phase %v with %d actions left, want reveal with the action spent", g.Phase(), g.ActionsLeft())
		}
		up := 0
		for _, tv := range g.View().Tokens {
			if tv.FaceUp {
				up++
			}
		}
		if up != 1 {
			t.Errorf("%d tokens face up after a draw, want 1 (revealed)", up)
		}
		apply(t, g, flickemup.Action{Kind: flickemup.ActKeep})
		if inv := inventory(t, g, "lawmen:1"); len(inv) != 1 {
			t.Errorf("inventory %v after keeping, want one token", inv)
		}
	})
	t.Run("leave", func(t *testing.T) {
		g, _ := newScripted(t, town(cowboys, pile...), 2)
		sel(t, g, 1)
		apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: 0})
		apply(t, g, flickemup.Action{Kind: flickemup.ActLeave})
		if inv := inventory(t, g, "lawmen:1"); len(inv) != 0 {
			t.Errorf("inventory %v after leaving, want empty", inv)
		}
		up := 0
		for _, tv := range g.View().Tokens {
			if tv.FaceUp && tv.Place == "building" {
				up++
			}
		}
		if up != 1 || g.ActionsLeft() != 1 {
			t.Errorf("%d face-up tokens in the saloon, %d actions left; want 1 left face up, 1 action", up, g.ActionsLeft())
		}
	})
	t.Run("random draw", func(t *testing.T) {
		// Over seeds the drawn token varies; with the same seed it repeats.
		drawn := map[string]int{}
		for seed := range uint64(30) {
			var kinds [2]string
			for k := range kinds {
				tab := &scripted{t: t}
				o := flickemup.DefaultOptions()
				o.Table, o.Seed = tab, seed
				g, err := flickemup.New(flickemup.GameConfig{Scenario: mustParse(t, town(cowboys, pile...)), Options: o})
				if err != nil {
					t.Fatal(err)
				}
				sel(t, g, 1)
				apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: 0})
				for _, tv := range g.View().Tokens {
					if tv.FaceUp {
						kinds[k] = tv.Kind
					}
				}
			}
			if kinds[0] != kinds[1] {
				t.Fatalf("seed %d drew %s then %s", seed, kinds[0], kinds[1])
			}
			drawn[kinds[0]]++
		}
		if len(drawn) != 3 {
			t.Errorf("30 draws gave %v, want all three kinds", drawn)
		}
	})
	t.Run("keep when full is an exchange", func(t *testing.T) {
		c := replace(cowboys, "hp=3\n", "hp=3 tokens=colt,water\n")
		g, _ := newScripted(t, town(c, pile...), 2)
		sel(t, g, 1)
		apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: tokenAt(t, g, "hidden", "building", "saloon")})
		if err := g.Check(flickemup.Action{Kind: flickemup.ActKeep, Slot: 5}); err == nil {
			t.Error("keep with a bad slot allowed on a full inventory")
		}
		apply(t, g, flickemup.Action{Kind: flickemup.ActKeep, Slot: 1})
		inv := inventory(t, g, "lawmen:1")
		if len(inv) != 2 || inv[0] != "colt" || inv[1] == "water" {
			t.Errorf("inventory %v, want the Colt and the drawn token", inv)
		}
		tokenAt(t, g, "water", "building", "saloon")
	})
}

func TestDrop(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cowboys string
		extra   []string
		ok      bool
		place   string
	}{
		{"inside a building", "cowboy id=lawmen:1 in=saloon hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n", nil, true, "building"},
		{"in the street", "cowboy id=lawmen:1 x=40 y=20 hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n", nil, false, ""},
		{"in the street with take-outside", "cowboy id=lawmen:1 x=40 y=20 hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n", []string{"rule take-outside"}, true, "ground"},
		{"at the gallows", "cowboy id=lawmen:1 x=40 y=20 hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n", []string{"gallows x=40 y=26"}, true, "gallows"},
		{"far from the gallows", "cowboy id=lawmen:1 x=40 y=20 hp=3 tokens=gold\ncowboy id=outlaws:1 x=40 y=70 hp=3\n", []string{"gallows x=40 y=40"}, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := newScripted(t, town(tc.cowboys, tc.extra...), 2)
			sel(t, g, 1)
			drop := flickemup.Action{Kind: flickemup.ActDrop, Slot: 0}
			if !tc.ok {
				if err := g.Check(drop); err == nil {
					t.Error("drop allowed")
				}
				return
			}
			apply(t, g, drop)
			tv := g.View().Tokens[0]
			if tv.Place != tc.place || !tv.FaceUp {
				t.Errorf("dropped gold lies in %s (face up %v), want %s", tv.Place, tv.FaceUp, tc.place)
			}
			if tc.place == "ground" && (tv.X != 40 || tv.Y != 20) {
				t.Errorf("dropped at (%v,%v), want where the cowboy stands", tv.X, tv.Y)
			}
			// And it can be taken back from there.
			apply(t, g, flickemup.Action{Kind: flickemup.ActTake, Token: 0})
			if inv := inventory(t, g, "lawmen:1"); len(inv) != 1 {
				t.Errorf("inventory %v after taking it back", inv)
			}
		})
	}
}

func TestTake_Outside(t *testing.T) {
	for _, tc := range []struct {
		name string
		at   string
		rule bool
		ok   bool
	}{
		{"within reach", "x=43 y=21", true, true},
		{"out of reach", "x=46 y=20", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := newScripted(t, town("", "rule take-outside", "token kind=documents "+tc.at), 2)
			sel(t, g, 1)
			err := g.Check(flickemup.Action{Kind: flickemup.ActTake, Token: 0})
			if (err == nil) != tc.ok {
				t.Errorf("take: %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestDrink(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cowboy string
		hp     int
		alive  bool
	}{
		{"clean heals", "hp=2 max=3 tokens=water:clean", 3, true},
		{"clean never above the maximum", "hp=3 tokens=water:clean", 3, true},
		{"poisoned hurts", "hp=2 tokens=water:poisoned", 1, true},
		{"poisoned kills", "hp=1 tokens=water:poisoned", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cowboys := "cowboy id=lawmen:1 x=40 y=20 " + tc.cowboy + "\ncowboy id=lawmen:2 x=50 y=20 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
			g, _ := newScripted(t, town(cowboys), 2)
			// Water quality is secret until drunk.
			if q := g.View().Tokens[0].Quality; q != "" {
				t.Errorf("water quality %q shown before drinking", q)
			}
			sel(t, g, 1)
			apply(t, g, flickemup.Action{Kind: flickemup.ActDrink, Slot: 0})
			c := cowboyView(t, g, "lawmen:1")
			if c.HP != tc.hp || c.Alive != tc.alive {
				t.Errorf("hp %d alive %v, want %d %v", c.HP, c.Alive, tc.hp, tc.alive)
			}
			if tv := g.View().Tokens[0]; tv.Place != "gone" || tv.Quality == "" {
				t.Errorf("drunk flask %+v, want gone with its quality shown", tv)
			}
			if !tc.alive {
				// Its own poison: no shooter, the initiative goes to the opponents.
				if g.Initiative() != mustID(t, "outlaws:1") {
					t.Errorf("initiative with %v, want outlaws:1", g.Initiative())
				}
				if g.CurrentTeam() != flickemup.Outlaws {
					t.Error("the turn of a cowboy that died did not end")
				}
			}
		})
	}
	g, _ := newScripted(t, town("", ""), 2)
	sel(t, g, 1)
	if err := g.Check(flickemup.Action{Kind: flickemup.ActDrink, Slot: 0}); err == nil {
		t.Error("drink without water allowed")
	}
}

func TestNotAllowed_Until(t *testing.T) {
	// The saloon is closed until 7:00: entering at 6:00 fails, at 7:00 succeeds.
	cowboys := "cowboy id=lawmen:1 x=30 y=45 facing=180 hp=3\ncowboy id=outlaws:1 x=40 y=70 hp=3\n"
	enter := script{To: v(19, 45)}
	g, _ := newScripted(t, town(cowboys, "token kind=not-allowed in=saloon until=7"), 2, enter, enter)
	if !building(t, g, "saloon").Closed {
		t.Fatal("saloon not closed at 6:00")
	}
	mv := flickemup.Action{Kind: flickemup.ActMove, Velocity: v(-50, 0)}
	sel(t, g, 1)
	apply(t, g, mv)
	if cowboyView(t, g, "lawmen:1").Inside != "" {
		t.Fatal("entered a closed building")
	}
	apply(t, g, flickemup.Action{Kind: flickemup.ActEndTurn})
	turn(t, g, 1) // outlaws
	if g.Hour() != 7 || building(t, g, "saloon").Closed {
		t.Fatalf("hour %d, closed %v: want the saloon open at 7:00", g.Hour(), building(t, g, "saloon").Closed)
	}
	sel(t, g, 1)
	apply(t, g, mv)
	if cowboyView(t, g, "lawmen:1").Inside != "saloon" {
		t.Error("could not enter the reopened saloon")
	}
}
