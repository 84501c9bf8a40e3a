package tune

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
)

// TestSplitContents: a command's tournaments split by the game's version and, within it, by
// the runs: a second tournament in a slot starts a new search, which takes the values its
// invocation added below; resuming an older content makes it the newest.
func TestSplitContents(t *testing.T) {
	runID := int64(0)
	mk := func(value, version string) *tournament {
		return &tournament{bots: [2]string{"random", "random-mirror"}, value: value, version: version,
			games: []arena.GameRecord{{Bots: []arena.BotInfo{{Name: "random", Version: "1"}, {Name: "random-mirror", Version: "1"}}}}}
	}
	play := func(ts ...*tournament) {
		for _, x := range ts {
			runID++
			x.runs = append(x.runs, arena.RunRecord{ID: runID})
		}
	}
	values := func(g []*tournament) string {
		var vs []string
		for _, x := range g {
			vs = append(vs, x.value+"/"+x.version)
		}
		return strings.Join(vs, " ")
	}
	// Values 6 to 8, one look; the file edited to 5..8 and the search run; then version 6.
	a6, a7, a8 := mk("6", "5"), mk("7", "5"), mk("8", "5")
	play(a6, a7, a8)
	b5, b6, b7, b8 := mk("5", "5"), mk("6", "5"), mk("7", "5"), mk("8", "5")
	play(b5, b6, b7, b8, b5, b6, b7, b8)
	c6 := mk("6", "6")
	play(c6)
	got := splitContents([]*tournament{a6, a7, a8, b5, b6, b7, b8, c6})
	var s []string
	for _, g := range got {
		s = append(s, values(g))
	}
	want := []string{"6/6", "5/5 6/5 7/5 8/5", "6/5 7/5 8/5"}
	if strings.Join(s, " | ") != strings.Join(want, " | ") {
		t.Errorf("contents %q, want %q", s, want)
	}
	// The first content resumed (the file edited back): it is the newest of version 5.
	play(a6, a7, a8)
	got = splitContents([]*tournament{a6, a7, a8, b5, b6, b7, b8})
	if len(got) != 2 || values(got[0]) != "6/5 7/5 8/5" || values(got[1]) != "5/5 6/5 7/5 8/5" {
		t.Errorf("after the resume: %d contents, newest %q", len(got), values(got[0]))
	}
	if why := superseded(got[1], got[0]); !strings.Contains(why, "another content of the scenario file") {
		t.Errorf("superseded: %q", why)
	}
	if why := superseded([]*tournament{c6}, got[0]); !strings.Contains(why, "version 6 of the game (the newest search: version 5)") {
		t.Errorf("superseded across versions: %q", why)
	}
}

// pairGamesOf returns a tournament's games whose pairs score the lawmen's pairScores (1 a
// win each, 0.5 a win each side, 0 a loss each).
func pairGamesOf(pairScores []float64) []arena.GameRecord {
	var games []arena.GameRecord
	for i, x := range pairScores {
		// An even pair is a win each (not two draws, which would make a degenerate value).
		ranks := map[float64][2][]int{1: {win, win}, 0.5: {win, loss}, 0: {loss, loss}}[x]
		for leg := range 2 {
			games = append(games, arena.GameRecord{PairID: "p|" + strconv.Itoa(i), Seq: 2*i + leg, Round: i, Leg: leg,
				Ranks: ranks[leg], Bots: []arena.BotInfo{{Name: "random"}, {Name: "random-mirror"}}})
		}
	}
	return games
}

// repeat returns n copies of x.
func repeat(x float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = x
	}
	return xs
}

// TestRecorded_AtLastLook: a search is read back at the look 'arena tune' stops at, not on
// every recorded game: on a database whose later games (a longer search of the same
// tournaments) would make 7 the balanced value, the search stopped at look 1 with 6 balanced,
// and the reading names 6, as the tune does; a look not complete is not judged.
func TestRecorded_AtLastLook(t *testing.T) {
	tournamentOf := func(value string, pairScores []float64) *tournament {
		return &tournament{bots: [2]string{"random", "random-mirror"}, value: value, version: "5",
			runs: []arena.RunRecord{{ID: 1}}, games: pairGamesOf(pairScores)}
	}
	command := func(lo, hi float64) *command {
		return &command{Command: Command{File: "my-town.scn", Knob: "start.hour", Pairs: [][]string{{"random", "random-mirror"}},
			Look: 20, MaxGames: 40, ZoneLo: lo, ZoneHi: hi}, sides: [2]string{"lawmen", "outlaws"}}
	}
	// 6: 10 pairs even, then 10 the lawmen win. 7: 6 even and 4 won, then 4 lost and 6 even.
	six := append(repeat(0.5, 10), repeat(1, 10)...)
	seven := append(append(append(repeat(0.5, 6), repeat(1, 4)...), repeat(0, 4)...), repeat(0.5, 6)...)
	ts := []*tournament{tournamentOf("6", six), tournamentOf("7", seven)}

	// Every game judged at once (the report before): 7 balanced, 6 not.
	z := LookZ(2)
	for _, c := range []struct {
		xs   []float64
		want string
	}{{six, ""}, {seven, Balanced}} {
		if _, lo, hi := SideScore(c.xs, z); Judge(lo, hi, 0.3, 0.7) != c.want {
			t.Fatalf("all 20 pairs [%.3f, %.3f]: want %q", lo, hi, c.want)
		}
	}
	tn := command(0.3, 0.7).search(ts)
	if i, ok := report.BestTuneValue(tn); !ok || tn.Pairs[0].Values[i].Value != "6" {
		t.Errorf("chosen %d (%v), want 6, balanced at look 1 where the search stops", i, ok)
	}
	if v := tn.Pairs[0].Values[1]; v.Value != "7" || v.Games != 20 || v.Verdict != "" || v.Score != 0.7 {
		t.Errorf("7 at look 1: %+v, want 20 games at 70%%, undecided", v)
	}
	if want := "Judged at look 1 of 2, where the search stopped. 40 recorded games of later looks"; !strings.HasPrefix(tn.Note, want) {
		t.Errorf("note %q, want %q...", tn.Note, want)
	}

	// A narrower zone needs look 2; with 7's last game missing, the search stands at look 1.
	ts[1].games = ts[1].games[:39]
	tn = command(0.45, 0.55).search(ts)
	if v := tn.Pairs[0].Values[0]; v.Games != 20 || v.Verdict != "" || tn.Note != "Judged at look 1 of 2: look 2 is not complete (run the command again to resume). 39 recorded games of later looks (a longer search of the same tournaments) are not counted: arena tune does not count them either." {
		t.Errorf("6 with look 2 incomplete: %+v, note %q", v, tn.Note)
	}
}

// fakeRuns is a RunLister of runs by tournament id.
type fakeRuns map[string][]arena.RunRecord

// Runs implements RunLister.
func (f fakeRuns) Runs(_ context.Context, id string) ([]arena.RunRecord, error) { return f[id], nil }

// TestRecorded_Searches: the labelled runs of a search's tournaments make one search read
// with its latest command line, the values as the labels write them in the knob's order and
// the pairs in the order of the --bots flags (a flag without games a pair without games);
// the tournaments of another command are not a search.
func TestRecorded_Searches(t *testing.T) {
	const line = "arena tune --knob start.hour"
	var games []arena.GameRecord
	runs := fakeRuns{}
	id := SearchID("start.hour", [][]string{{"t7"}, {"t6"}})
	for i, v := range []string{"7", "6"} {
		tid := "t" + v
		for _, g := range pairGamesOf(repeat(0.5, 2)) {
			g.TournamentID = tid
			g.Scenario.Version = "5"
			games = append(games, g)
		}
		runs[tid] = []arena.RunRecord{{ID: int64(i + 1), Command: line, Labels: Labels(id, "start.hour", v, 0)}}
	}
	for _, g := range pairGamesOf(repeat(1, 2)) {
		g.TournamentID = "other"
		games = append(games, g)
	}
	runs["other"] = []arena.RunRecord{{ID: 3, Command: "arena run --bots random"}}
	command := func(pairs ...[]string) func(string) (Command, bool) {
		return func(l string) (Command, bool) {
			if l != line {
				return Command{}, false
			}
			return Command{Key: l, File: "my-town.scn", Knob: "start.hour", Look: 4, MaxGames: 4, ZoneLo: 0.45, ZoneHi: 0.55, Pairs: pairs}, true
		}
	}
	random, aimer := []string{"random", "random-mirror"}, []string{"aimer", "aimer-mirror"}
	tunes, err := Recorded{Runs: runs, Sides: [2]string{"lawmen", "outlaws"}, Command: command(random)}.Searches(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	if len(tunes) != 1 {
		t.Fatalf("%d searches, want 1: %+v", len(tunes), tunes)
	}
	tn := tunes[0]
	if tn.Scenario != "my-town.scn" || tn.Knob != "start.hour" || tn.Side != "lawmen" || tn.Superseded != "" || len(tn.Pairs) != 1 ||
		tn.Note != "Judged at look 1 of 1, where the search stopped." {
		t.Fatalf("search %+v", tn)
	}
	if p := tn.Pairs[0]; p.Bots != [2]string{"random", "random-mirror"} || len(p.Values) != 2 || p.Values[0].Value != "6" || p.Values[0].Games != 4 || p.Values[1].Score != 0.5 {
		t.Errorf("the pair: %+v, want 6 and 7, 4 games each at 50%%", p)
	}
	// A second --bots flag without games: a pair without games, whose missing look leaves
	// the search at look 0, every recorded game uncounted.
	tunes, err = Recorded{Runs: runs, Sides: [2]string{"lawmen", "outlaws"}, Command: command(random, aimer)}.Searches(context.Background(), games)
	if err != nil || len(tunes) != 1 {
		t.Fatalf("%d searches, %v", len(tunes), err)
	}
	tn = tunes[0]
	if len(tn.Pairs) != 2 || tn.Pairs[1].Bots != [2]string{"aimer", "aimer-mirror"} || tn.Pairs[1].Values[0].Games != 0 || tn.Pairs[0].Values[0].Games != 0 ||
		!strings.HasPrefix(tn.Note, "No look is complete yet: run the command again to resume. 8 recorded games of later looks") {
		t.Errorf("search %+v", tn)
	}
}
