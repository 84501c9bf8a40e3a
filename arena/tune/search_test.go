package tune

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// search returns a search of the values between pairs (one pair of random bots when none)
// in looks of look games up to maxGames, zone [0.45, 0.55].
func search(values []string, look, maxGames int, pairs ...[2]string) Search {
	if len(pairs) == 0 {
		pairs = [][2]string{{"random", "random-mirror"}}
	}
	return Search{Knob: "start.hour", Values: values, Pairs: pairs, Sides: [2]string{"lawmen", "outlaws"},
		Look: look, MaxGames: maxGames, ZoneLo: 0.45, ZoneHi: 0.55}
}

// TestSearch_AllDrawsDegenerate: a value whose games are all draws scores exactly 50%, and
// is degenerate at the look its interval first lies inside the zone, never balanced: it plays
// no more and the search finds no value.
func TestSearch_AllDrawsDegenerate(t *testing.T) {
	f := &fakeGames{result: func(int, int, int) []int { return draw }}
	res, err := search([]string{"1", "2"}, 200, 800).Run(context.Background(), f, Progress{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Candidates {
		if c.Verdict != Degenerate || c.Live || c.Runs[0].VerdictLabel() != "degenerate: every game a draw" || c.Runs[0].Mean != 0.5 {
			t.Errorf("value %s: %+v %+v, want degenerate with every game a draw", c.Value, c, *c.Runs[0])
		}
	}
	if _, ok := res.Found(); ok {
		t.Error("a value of draws only found balanced")
	}
	if res.Last != 1 || !res.Stopped || f.played[[2]int{0, 0}] != 200 {
		t.Errorf("look %d, stopped %v, %d games played: want the search stopped at look 1, no value live", res.Last, res.Stopped, f.played[[2]int{0, 0}])
	}
	if got, want := res.DegenerateValues(), "start.hour=1 (every game a draw), start.hour=2 (every game a draw)"; got != want {
		t.Errorf("degenerate values %q, want %q", got, want)
	}
}

// TestSearch_BalancedStops: a value inside the zone is balanced at the first look its
// interval lies inside, and the search stops at that look: no value plays a later look.
func TestSearch_BalancedStops(t *testing.T) {
	f := &fakeGames{result: func(v, _, i int) []int {
		if v == 0 {
			return win // the lawmen win every game: clearly off
		}
		return mostlyEven(i)
	}}
	var looks []int
	res, err := search([]string{"6", "7", "8"}, 200, 2000).Run(context.Background(), f,
		Progress{Pair: func(k int, c *Candidate, _ *PairRun) { looks = append(looks, k) }})
	if err != nil {
		t.Fatal(err)
	}
	found, ok := res.Found()
	if !ok || found.Value != "7" || res.Candidates[1].Verdict != Balanced {
		t.Fatalf("found %v (%v), want 7 balanced:\n%+v", found, ok, res)
	}
	if res.Last >= res.Search.Looks() || !res.Stopped {
		t.Errorf("stopped at look %d of %d (%v), want before the last", res.Last, res.Search.Looks(), res.Stopped)
	}
	if n := f.played[[2]int{1, 0}]; n != res.Last*200 {
		t.Errorf("7 played %d games, want %d: none after the look it was balanced at", n, res.Last*200)
	}
	if n := f.played[[2]int{2, 0}]; n != res.Last*200 {
		t.Errorf("8 played %d games, want %d: none after the search stopped", n, res.Last*200)
	}
	if looks[len(looks)-1] != res.Last {
		t.Errorf("the progress went on to look %d, the search stopped at %d", looks[len(looks)-1], res.Last)
	}
	if got, want := res.Tune("my-town.scn").Note, fmt.Sprintf("Judged at look %d of 10, where the search stopped.", res.Last); got != want {
		t.Errorf("note %q, want %q", got, want)
	}
}

// TestSearch_ClearlyOffDropped: a value clearly off plays no more after the look that says
// so, and is never found, while the others go on.
func TestSearch_ClearlyOffDropped(t *testing.T) {
	f := &fakeGames{result: func(v, _, i int) []int {
		if v == 0 {
			return win
		}
		return even(i) // inside the zone, but its interval needs many looks
	}}
	res, err := search([]string{"6", "7"}, 20, 60).Run(context.Background(), f, Progress{})
	if err != nil {
		t.Fatal(err)
	}
	off := res.Candidates[0]
	if off.Verdict != ClearlyOff || off.Live || f.played[[2]int{0, 0}] != 20 {
		t.Errorf("6: %+v after %d games, want clearly off at look 1", off, f.played[[2]int{0, 0}])
	}
	if f.played[[2]int{1, 0}] != 60 || res.Last != 3 || !res.Stopped || res.Candidates[1].Verdict != "" {
		t.Errorf("7 played %d games, the search stands at look %d (%v): want every look played", f.played[[2]int{1, 0}], res.Last, res.Stopped)
	}
	if _, ok := res.Found(); ok {
		t.Error("a value found")
	}
}

// TestSearch_Pairs: with two pairs a value is balanced only when both are; a pair balanced
// early plays no more while the other goes on, and a pair clearly off stops the value's other
// pairs at that look.
func TestSearch_Pairs(t *testing.T) {
	f := &fakeGames{result: func(v, p, i int) []int {
		switch {
		case v == 0 && p == 0:
			return win // 6: the first pair is clearly off
		case p == 0:
			return mostlyEven(i)
		case i < 400:
			return even(i) // 7's second pair: even and no spread, so narrow from the start
		}
		return mostlyEven(i)
	}}
	pairs := [][2]string{{"random", "random-mirror"}, {"aimer", "aimer-mirror"}}
	var decided []string
	res, err := search([]string{"6", "7"}, 200, 2000, pairs...).Run(context.Background(), f,
		Progress{Value: func(k int, c *Candidate) { decided = append(decided, c.Value+" "+c.VerdictText()) }})
	if err != nil {
		t.Fatal(err)
	}
	if n := f.played[[2]int{0, 1}]; n != 0 {
		t.Errorf("6's second pair played %d games after the first was clearly off", n)
	}
	if got := res.Candidates[0].VerdictText(); got != "clearly off (random against random-mirror)" {
		t.Errorf("6: %q", got)
	}
	seven := res.Candidates[1]
	if seven.Verdict != Balanced || seven.Runs[0].Verdict != Balanced || seven.Runs[1].Verdict != Balanced {
		t.Fatalf("7: %+v, want balanced for both pairs", seven)
	}
	if a, b := f.played[[2]int{1, 0}], f.played[[2]int{1, 1}]; a == b {
		t.Errorf("7's pairs played %d and %d games: want the pair balanced first paused", a, b)
	}
	if decided[len(decided)-1] != "7 balanced for every pair" {
		t.Errorf("progress %q", decided)
	}
	tn := res.Tune("my-town.scn")
	if len(tn.Pairs) != 2 || tn.Pairs[1].Bots != pairs[1] || tn.Pairs[1].Values[0].Games != 0 || tn.Pairs[1].Values[1].Verdict != Balanced {
		t.Errorf("tune %+v", tn)
	}
}

// TestSearch_IncompleteLook: a look whose games are not all there is undone, and the
// search stands at the look before, not stopped.
func TestSearch_IncompleteLook(t *testing.T) {
	f := &fakeGames{result: func(_, _, i int) []int { return even(i) }, recorded: 30}
	res, err := search([]string{"6", "7"}, 20, 100).Run(context.Background(), f, Progress{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Last != 1 || res.Stopped || res.Candidates[0].Runs[0].Games != 20 || res.Candidates[1].Runs[0].Games != 20 {
		t.Errorf("look %d (stopped %v), games %d and %d: want look 1, 20 games each, look 2 undone", res.Last, res.Stopped,
			res.Candidates[0].Runs[0].Games, res.Candidates[1].Runs[0].Games)
	}
	if got, want := res.Tune("").Note, "Judged at look 1 of 5: look 2 is not complete (run the command again to resume)."; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
}

// TestSearch_Errors: an error of the tournaments is returned as it is, and a search that
// cannot be run is refused before any game.
func TestSearch_Errors(t *testing.T) {
	boom := errors.New("boom")
	if _, err := search([]string{"6"}, 20, 100).Run(context.Background(), &fakeGames{err: boom}, Progress{}); !errors.Is(err, boom) || err.Error() != "boom" {
		t.Errorf("err %v, want the tournaments' own", err)
	}
	for _, s := range []Search{search([]string{"6"}, 0, 100), search([]string{"6"}, 20, 10), search(nil, 20, 100),
		{Knob: "k", Values: []string{"6"}, Look: 2, MaxGames: 2, ZoneLo: 0.5, ZoneHi: 0.5}} {
		f := &fakeGames{result: func(int, int, int) []int { return draw }}
		if _, err := s.Run(context.Background(), f, Progress{}); err == nil || len(f.played) > 0 {
			t.Errorf("%+v: %v, %d tournaments played; want refused", s, err, len(f.played))
		}
	}
}
