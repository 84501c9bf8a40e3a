package tune

import (
	"math"
	"testing"
)

// TestSideScore: the interval narrows as pairs come, a value far from 50% is clearly off,
// one near 50% with enough pairs is balanced, and a few equal pairs are not.
func TestSideScore(t *testing.T) {
	const z = 2.5
	repeat := func(x float64, n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = x
		}
		return xs
	}
	mean, lo, hi := SideScore(repeat(0.5, 3), z)
	if mean != 0.5 || Judge(lo, hi, 0.45, 0.55) != "" {
		t.Errorf("three pairs at 50%%: [%v, %v] judged %q, want undecided", lo, hi, Judge(lo, hi, 0.45, 0.55))
	}
	if _, lo, hi := SideScore(repeat(0.9, 40), z); Judge(lo, hi, 0.45, 0.55) != ClearlyOff {
		t.Errorf("40 pairs at 90%%: [%v, %v], want clearly off", lo, hi)
	}
	var near []float64
	for i := range 400 {
		near = append(near, []float64{0.5, 0.5, 0, 1, 0.5}[i%5])
	}
	if _, lo, hi := SideScore(near, z); Judge(lo, hi, 0.45, 0.55) != Balanced {
		t.Errorf("400 pairs around 50%%: [%v, %v], want balanced", lo, hi)
	}
	_, lo20, hi20 := SideScore(near[:20], z)
	_, lo80, hi80 := SideScore(near[:80], z)
	if !(hi80-lo80 < hi20-lo20) {
		t.Errorf("the interval did not narrow: 20 pairs %v, 80 pairs %v", hi20-lo20, hi80-lo80)
	}
	if m, lo, hi := SideScore(nil, z); !math.IsNaN(m) || lo != 0 || hi != 1 {
		t.Errorf("no pairs: %v [%v, %v]", m, lo, hi)
	}
}

// TestLevel: the z of a search spreads 95% over its looks.
func TestLevel(t *testing.T) {
	if got := Level(10); got != "95% over 10 looks, z = 2.81" {
		t.Errorf("Level(10) = %q", got)
	}
	if got := Level(1); got != "95% over 1 look, z = 1.96" {
		t.Errorf("Level(1) = %q", got)
	}
	if z2, z10 := LookZ(2), LookZ(10); !(1.96 < z2 && z2 < z10) {
		t.Errorf("z over 2 looks %v, over 10 %v: want wider with more looks", z2, z10)
	}
}

// TestDegenerateRule: a pair whose interval lies inside the zone is degenerate instead of
// balanced when more than 90% of its games are draws or a side never won; otherwise Judge's
// verdict stands.
func TestDegenerateRule(t *testing.T) {
	sides := [2]string{"lawmen", "outlaws"}
	for _, c := range []struct {
		name   string
		games  int
		tally  tally
		lo, hi float64
		want   string
	}{
		{"AllDraws", 100, tally{draws: 100}, 0.46, 0.54, "degenerate: every game a draw"},
		{"MostlyDraws", 100, tally{draws: 91, winsX: 4, winsY: 5}, 0.46, 0.54, "degenerate: 91% of the games draws"},
		{"NinetyPercentDraws", 100, tally{draws: 90, winsX: 5, winsY: 5}, 0.46, 0.54, "balanced"},
		{"LawmenNeverWin", 100, tally{draws: 70, winsY: 30}, 0.3, 0.4, "degenerate: the lawmen never win"},
		{"OutlawsNeverWin", 100, tally{draws: 70, winsX: 30}, 0.6, 0.7, "degenerate: the outlaws never win"},
		{"Even", 100, tally{draws: 10, winsX: 45, winsY: 45}, 0.46, 0.54, "balanced"},
		{"AllDrawsUndecided", 10, tally{draws: 10}, 0.3, 0.7, ""},
		{"ClearlyOff", 100, tally{draws: 95, winsY: 5}, 0.4, 0.44, "clearly off"},
	} {
		r := &PairRun{Games: c.games, tally: c.tally, Lo: c.lo, Hi: c.hi, sides: sides}
		r.Verdict = r.verdictOf(0.25, 0.75)
		if c.name != "LawmenNeverWin" && c.name != "OutlawsNeverWin" {
			r.Verdict = r.verdictOf(0.45, 0.55)
		}
		if got := r.VerdictLabel(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// A value is degenerate when any pair is (unless one is clearly off) and plays no more.
	cands := []*Candidate{{Value: "1", Live: true, Runs: []*PairRun{{}, {}}}}
	measure := func(k, v, p int, r *PairRun) (bool, error) {
		r.Games, r.tally, r.Lo, r.Hi = 100, tally{draws: 100}, 0.47, 0.53
		return true, nil
	}
	last, stopped, err := searchLooks(cands, 3, 0.45, 0.55, measure, Progress{})
	if err != nil || last != 1 || !stopped || cands[0].Verdict != Degenerate || cands[0].Live || cands[0].Runs[1].Games != 0 {
		t.Errorf("search: look %d, stopped %v, %v; value %+v, want degenerate at look 1, its second pair not played", last, stopped, err, cands[0])
	}
}

// TestCandidate_Judge: a value is balanced only when every pair's interval is inside the
// zone, clearly off when any pair's is wholly outside, else undecided.
func TestCandidate_Judge(t *testing.T) {
	c := func(vs ...string) *Candidate {
		var x Candidate
		for _, v := range vs {
			x.Runs = append(x.Runs, &PairRun{Verdict: v})
		}
		return &x
	}
	for _, tc := range []struct {
		verdicts []string
		want     string
	}{
		{[]string{"balanced"}, "balanced"},
		{[]string{"balanced", "balanced"}, "balanced"},
		{[]string{"balanced", ""}, ""},
		{[]string{"", "balanced"}, ""},
		{[]string{"balanced", "clearly off"}, "clearly off"},
		{[]string{"", "clearly off"}, "clearly off"},
		{[]string{"clearly off"}, "clearly off"},
		{[]string{"balanced", "degenerate"}, "degenerate"},
		{[]string{"degenerate", "clearly off"}, "clearly off"},
		{nil, ""},
	} {
		if got := c(tc.verdicts...).judge(); got != tc.want {
			t.Errorf("pairs %q: %q, want %q", tc.verdicts, got, tc.want)
		}
	}
}

// TestResult_Found: the search hands its values to report.BestTuneValue as the report's
// Tune, a value per candidate and pair in order (a pair that did not play a value has a NaN
// score), and finds the balanced value whose worst pair is nearest to even, which need not
// be the first balanced one.
func TestResult_Found(t *testing.T) {
	pairs := [][2]string{{"random", "random-mirror"}, {"aimer", "aimer-mirror"}}
	run := func(p int, mean float64, verdict string) *PairRun {
		return &PairRun{Bots: pairs[p], Games: 40, Mean: mean, Lo: mean - 0.04, Hi: mean + 0.04, Verdict: verdict}
	}
	res := &Result{Search: Search{Knob: "start.hour", Pairs: pairs, Sides: [2]string{"lawmen", "outlaws"}, Look: 20, MaxGames: 200, ZoneLo: 0.45, ZoneHi: 0.55},
		Candidates: []*Candidate{
			{Value: "6", Verdict: ClearlyOff, Runs: []*PairRun{run(0, 0.9, "clearly off"), {Bots: pairs[1]}}},
			{Value: "7", Runs: []*PairRun{run(0, 0.50, "balanced"), run(1, 0.545, "balanced")}},
			{Value: "8", Runs: []*PairRun{run(0, 0.53, "balanced"), run(1, 0.47, "balanced")}},
			{Value: "9", Runs: []*PairRun{run(0, 0.5, "balanced"), run(1, 0.5, "")}},
		}, Last: 2, Stopped: true}
	tn := res.Tune("my-town.scn")
	if len(tn.Pairs) != 2 || tn.Pairs[1].Bots != [2]string{"aimer", "aimer-mirror"} || len(tn.Pairs[1].Values) != 4 {
		t.Fatalf("tune %+v, want 2 pairs of 4 values, the second aimer's", tn)
	}
	if v := tn.Pairs[1].Values[0]; v.Value != "6" || v.Games != 0 || !math.IsNaN(v.Score) {
		t.Errorf("a value the pair did not play: %+v, want no games and a NaN score", v)
	}
	if v := tn.Pairs[0].Values[2]; v.Value != "8" || v.Games != 40 || v.Score != 0.53 || v.Verdict != "balanced" {
		t.Errorf("pair 1 at 8: %+v", v)
	}
	if tn.Level != "95% over 10 looks, z = 2.81" || tn.Side != "lawmen" || tn.ZoneLo != 0.45 || tn.ZoneHi != 0.55 ||
		tn.Scenario != "my-town.scn" || tn.Note != "Judged at look 2 of 10, where the search stopped." {
		t.Errorf("tune %+v", tn)
	}
	if c, ok := res.Found(); !ok || c.Value != "8" {
		t.Errorf("found %v (%v), want 8: its worst pair is 3 points off even, 7's 4.5", c, ok)
	}
	if got := res.Candidates[0].VerdictText(); got != "clearly off (random against random-mirror)" {
		t.Errorf("6: %q", got)
	}
}
