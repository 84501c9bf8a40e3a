package flickemup_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/env/flickemup"
)

func TestSplitPlayers(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want [2]int
	}{
		{2, [2]int{1, 1}}, {3, [2]int{2, 1}}, {4, [2]int{2, 2}}, {5, [2]int{3, 2}}, {9, [2]int{5, 4}}, {10, [2]int{5, 5}},
	} {
		if got := flickemup.SplitPlayers(tc.n); got != tc.want {
			t.Errorf("SplitPlayers(%d) = %v, want %v", tc.n, got, tc.want)
		}
		// PlayerTeam numbers the players consistently with the split.
		var count [2]int
		for p := range tc.n {
			team, k := flickemup.PlayerTeam(p)
			if k != count[team] {
				t.Errorf("n=%d: PlayerTeam(%d) = %v #%d, want #%d", tc.n, p, team, k, count[team])
			}
			count[team]++
		}
		if count != tc.want {
			t.Errorf("n=%d: PlayerTeam counts %v, want %v", tc.n, count, tc.want)
		}
	}
}

func TestNew_BadPlayers(t *testing.T) {
	sc := mustParse(t, town(""))
	for _, n := range []int{0, 1, 11} {
		o := flickemup.DefaultOptions()
		o.Players = n
		if _, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o}); err == nil {
			t.Errorf("New with %d players succeeded", n)
		}
	}
}

func TestHourHat(t *testing.T) {
	for h, want := range map[int]flickemup.Hat{6: flickemup.Red, 7: flickemup.Blue, 8: flickemup.Red, 11: flickemup.Blue, 12: flickemup.Red, 1: flickemup.Blue} {
		if got := flickemup.HourHat(h); got != want {
			t.Errorf("HourHat(%d) = %v, want %v", h, got, want)
		}
	}
}

// threeEach is three cowboys a side, all red at 6:00.
const threeEach = `cowboy id=lawmen:1 x=30 y=20 hp=3
cowboy id=lawmen:2 x=40 y=20 hp=3
cowboy id=lawmen:3 x=50 y=20 hp=3
cowboy id=outlaws:1 x=30 y=70 hp=3
cowboy id=outlaws:2 x=40 y=70 hp=3
cowboy id=outlaws:3 x=50 y=70 hp=3
`

// turn plays a whole turn of cowboy n with no action.
func turn(t *testing.T, g *flickemup.Game, n int) {
	t.Helper()
	sel(t, g, n)
	apply(t, g, flickemup.Action{Kind: flickemup.ActEndTurn})
}

func TestTurnOrder_PlayersAlternate(t *testing.T) {
	// 4 players: lawmen are players 0 and 2, outlaws 1 and 3. Each team's players take turns
	// in their order, across rounds; the teams alternate.
	g, _ := newScripted(t, town(threeEach), 4)
	var players []int
	var teams []flickemup.Team
	var hours []int
	for range 12 {
		players = append(players, g.Current())
		teams = append(teams, g.CurrentTeam())
		hours = append(hours, g.Hour())
		var n int
		for _, a := range g.Legal(nil) {
			n = a.Cowboy // the last available number
		}
		turn(t, g, n)
	}
	L, O := flickemup.Lawmen, flickemup.Outlaws
	if d := cmp.Diff([]int{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, players); d != "" {
		t.Errorf("players (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]flickemup.Team{L, O, L, O, L, O, L, O, L, O, L, O}, teams); d != "" {
		t.Errorf("teams (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]int{6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7}, hours); d != "" {
		t.Errorf("hours (-want +got):\n%s", d)
	}
	if g.Round() != 3 || g.Hour() != 8 {
		t.Errorf("after 12 turns: round %d hour %d, want round 3 at 8:00", g.Round(), g.Hour())
	}
}

func TestTurnOrder_OddPlayers(t *testing.T) {
	// 5 players: lawmen 0, 2, 4; outlaws 1, 3. The outlaws' two players cycle faster.
	g, _ := newScripted(t, town(threeEach), 5)
	var players []int
	for range 12 {
		players = append(players, g.Current())
		n := g.Legal(nil)[0].Cowboy
		turn(t, g, n)
	}
	if d := cmp.Diff([]int{0, 1, 2, 3, 4, 1, 0, 3, 2, 1, 4, 3}, players); d != "" {
		t.Errorf("players (-want +got):\n%s", d)
	}
}

func TestTurnOrder_InitiativeForcedAndHats(t *testing.T) {
	g, _ := newScripted(t, town(threeEach), 2)
	// The round opens with the initiative cowboy, lawmen:1: nobody else may be chosen.
	err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 2})
	if !errors.Is(err, flickemup.ErrIllegal) {
		t.Fatalf("selecting lawmen:2 at round start: %v, want ErrIllegalAction", err)
	}
	if got := g.Legal(nil); len(got) != 1 || got[0].Cowboy != 1 {
		t.Fatalf("legal at round start = %v, want only select 1", got)
	}
	turn(t, g, 1)
	if h := cowboyView(t, g, "lawmen:1").Hat; h != "blue" {
		t.Errorf("lawmen:1's hat after playing = %s, want blue", h)
	}
	// Outlaws pick any of their three.
	if got := len(g.Legal(nil)); got != 3 {
		t.Errorf("outlaws have %d choices, want 3", got)
	}
	turn(t, g, 2)
	// lawmen:1 has played: not available again this round.
	if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); err == nil {
		t.Error("lawmen:1 played twice in a round")
	}
}

func TestTurnOrder_TwoInARowAcrossRounds(t *testing.T) {
	// At 6:00 (red) the lawmen have two red hats, the outlaws one (outlaws:2 is blue): the
	// round goes L, O, L. Round 7 opens with lawmen:1 (initiative): the lawmen play twice in a row.
	cowboys := `cowboy id=lawmen:1 x=30 y=20 hp=3
cowboy id=lawmen:2 x=40 y=20 hp=3
cowboy id=outlaws:1 x=30 y=70 hp=3
cowboy id=outlaws:2 x=40 y=70 hp=3 hat=blue
`
	g, _ := newScripted(t, town(cowboys), 2)
	var seq []string
	for range 7 {
		team := g.CurrentTeam()
		n := g.Legal(nil)[0].Cowboy
		seq = append(seq, team.String()[:1]+string(rune('0'+g.Hour()%10)))
		turn(t, g, n)
	}
	// l6 o6 l6 | l7 o7 l7 o7
	want := []string{"l6", "o6", "l6", "l7", "o7", "l7", "o7"}
	if d := cmp.Diff(want, seq); d != "" {
		t.Errorf("turns (-want +got):\n%s", d)
	}
}

func TestTurnOrder_UnavailableFirstRound(t *testing.T) {
	// gunsmith: 7:00 is blue; outlaws 4 and 5 wear red and only join at 8:00.
	sc, err := flickemup.Load("gunsmith")
	if err != nil {
		t.Fatal(err)
	}
	o := flickemup.DefaultOptions()
	o.Table = &scripted{t: t}
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	for g.Hour() == 7 {
		if g.CurrentTeam() == flickemup.Outlaws {
			for _, a := range g.Legal(nil) {
				if a.Cowboy >= 4 {
					t.Fatalf("outlaws:%d (red hat) selectable at 7:00", a.Cowboy)
				}
			}
		}
		turn(t, g, g.Legal(nil)[0].Cowboy)
		turns++
	}
	if turns != 8 {
		t.Errorf("round 7 had %d turns, want 8 (5 lawmen + 3 outlaws)", turns)
	}
	n := 0
	for g.Hour() == 8 {
		turn(t, g, g.Legal(nil)[0].Cowboy)
		n++
	}
	if n != 10 {
		t.Errorf("round 8 had %d turns, want 10", n)
	}
}

func TestTurnOrder_NoonEndsTheGame(t *testing.T) {
	for _, tc := range []struct {
		name    string
		victory string
		winner  flickemup.Team
	}{
		{"noon-hp equal", "victory noon-hp", flickemup.NoTeam},
		{"noon team", "victory noon team=outlaws", flickemup.Outlaws},
		{"no noon rule", "victory last-team-standing", flickemup.NoTeam},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := town("", tc.victory)
			text = replace(text, "start hour=6", "start hour=11")
			text = replace(text, "hp=3\n", "hp=3 hat=blue\n")
			g, _ := newScripted(t, text, 2)
			turn(t, g, 1)
			if g.Over() {
				t.Fatal("over after one turn")
			}
			turn(t, g, 1)
			r := g.Result()
			if !r.Over || r.Winner != tc.winner || r.Draw != (tc.winner == flickemup.NoTeam) {
				t.Errorf("result %+v, want winner %v", r, tc.winner)
			}
			if g.Hour() != flickemup.Noon || g.Phase() != flickemup.PhaseOver || g.Current() != -1 {
				t.Errorf("hour %d phase %v player %d", g.Hour(), g.Phase(), g.Current())
			}
			if len(g.Legal(nil)) != 0 {
				t.Error("legal actions after the end")
			}
			if err := g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}); !errors.Is(err, flickemup.ErrIllegal) {
				t.Errorf("Apply after the end: %v", err)
			}
		})
	}
}

func TestTurn_TwoActionsThenHatFlips(t *testing.T) {
	// Two moves (scripted successes) end the turn by themselves.
	g, tab := newScripted(t, town(""), 2, script{To: v(40, 25)}, script{To: v(40, 30)})
	sel(t, g, 1)
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, 50), Facing: 1})
	if g.ActionsLeft() != 1 || g.CurrentTeam() != flickemup.Lawmen {
		t.Fatalf("after one action: %d left, team %v", g.ActionsLeft(), g.CurrentTeam())
	}
	apply(t, g, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, 50), Facing: 1})
	if g.CurrentTeam() != flickemup.Outlaws || g.Phase() != flickemup.PhaseSelect {
		t.Errorf("after two actions: team %v phase %v, want the outlaws to select", g.CurrentTeam(), g.Phase())
	}
	if h := cowboyView(t, g, "lawmen:1").Hat; h != "blue" {
		t.Errorf("hat %s, want blue", h)
	}
	if len(tab.flicks) != 2 {
		t.Errorf("%d flicks, want 2", len(tab.flicks))
	}
}

// replace replaces the first occurrence of old in s by repl, panicking if old is absent (a
// test bug).
func replace(s, old, repl string) string {
	if !strings.Contains(s, old) {
		panic("replace: " + old + " not found")
	}
	return strings.Replace(s, old, repl, 1)
}
