package report_test

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/internal/browsertest"
)

// tuneFixture is a search of start.hour over four values: one clearly off, one undecided,
// one balanced, one not played.
func tuneFixture() report.Data {
	return report.Data{Tunes: []report.Tune{{
		Scenario: "my-town.scn", Knob: "start.hour", Side: "lawmen",
		ZoneLo: 0.45, ZoneHi: 0.55, Level: "95% over 10 looks",
		Pairs: []report.TunePair{{Bots: [2]string{"aimer", "aimer-mirror"}, Values: []report.TuneValue{
			{Value: "6", Games: 40, Score: 0.85, Lo: 0.7, Hi: 1, Verdict: "clearly off"},
			{Value: "7", Games: 200, Score: 0.56, Lo: 0.48, Hi: 0.64},
			{Value: "8", Games: 1000, Score: 0.505, Lo: 0.47, Hi: 0.54, Verdict: "balanced"},
			{Value: "9", Score: math.NaN()},
		}}},
	}}}
}

// TestWrite_TunePairs: with two pairs of bots, a value is named balanced only when both
// pairs' intervals are inside the zone, and each pair has its own group of rows.
func TestWrite_TunePairs(t *testing.T) {
	d := tuneFixture()
	d.Tunes[0].Pairs = append(d.Tunes[0].Pairs, report.TunePair{Bots: [2]string{"planner", "planner-mirror"}, Values: []report.TuneValue{
		{Value: "6", Games: 20, Score: 0.9, Lo: 0.7, Hi: 1, Verdict: "clearly off"},
		{Value: "7", Games: 400, Score: 0.52, Lo: 0.46, Hi: 0.54, Verdict: "balanced"},
		{Value: "8", Games: 200, Score: 0.6, Lo: 0.5, Hi: 0.7},
		{Value: "9", Score: math.NaN()},
	}})
	var buf bytes.Buffer
	if err := report.Write(&buf, d); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if strings.Contains(page, "Balanced at") {
		t.Error("a value balanced for one pair only is named balanced")
	}
	for _, want := range []string{"No value has every pair", "interval inside the balanced zone yet.",
		"aimer against aimer-mirror; planner against planner-mirror", "planner against planner-mirror, start.hour = 8 (200 games, undecided)"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(page, `class="mark tune-mark"`); n != 8 {
		t.Errorf("%d tune marks, want 4 per pair", n)
	}
	// Both balanced at 7: named, with each pair's score.
	d.Tunes[0].Pairs[0].Values[1] = report.TuneValue{Value: "7", Games: 600, Score: 0.49, Lo: 0.455, Hi: 0.53, Verdict: "balanced"}
	buf.Reset()
	if err := report.Write(&buf, d); err != nil {
		t.Fatal(err)
	}
	if want := "Balanced at start.hour = 7 for every pair: lawmen aimer against aimer-mirror 49.0% [45.5%, 53.0%] over 600 games; planner against planner-mirror 52.0% [46.0%, 54.0%] over 400 games."; !strings.Contains(buf.String(), want) {
		t.Errorf("page lacks %q", want)
	}
}

// TestBestTuneValue pins the one rule that picks a search's value, for 'arena tune' and
// the report: balanced for every pair, the worst pair nearest to even, the first on a tie.
func TestBestTuneValue(t *testing.T) {
	val := func(v string, score float64, verdict string) report.TuneValue {
		return report.TuneValue{Value: v, Games: 100, Score: score, Lo: score - 0.04, Hi: score + 0.04, Verdict: verdict}
	}
	pair := func(bot string, vs ...report.TuneValue) report.TunePair {
		return report.TunePair{Bots: [2]string{bot, bot + "-mirror"}, Values: vs}
	}
	const b, u, off = "balanced", "", "clearly off"
	for _, c := range []struct {
		name  string
		pairs []report.TunePair
		want  int // -1: none
	}{
		{"no pairs", nil, -1},
		{"no balanced value", []report.TunePair{pair("aimer", val("6", 0.9, off), val("7", 0.52, u))}, -1},
		{"the one balanced value", []report.TunePair{pair("aimer", val("6", 0.9, off), val("7", 0.52, b), val("8", 0.5, u))}, 1},
		{"nearest to even", []report.TunePair{pair("aimer", val("6", 0.53, b), val("7", 0.49, b), val("8", 0.51, u))}, 1},
		{"below even counts as above", []report.TunePair{pair("aimer", val("6", 0.47, b), val("7", 0.535, b))}, 0},
		{"a tie: the first", []report.TunePair{pair("aimer", val("6", 0.48, b), val("7", 0.52, b), val("8", 0.48, b))}, 0},
		{"balanced for one pair only", []report.TunePair{
			pair("aimer", val("6", 0.50, b), val("7", 0.53, b)),
			pair("planner", val("6", 0.51, u), val("7", 0.47, b)),
		}, 1},
		{"the worst pair decides", []report.TunePair{
			pair("aimer", val("6", 0.50, b), val("7", 0.53, b)),
			pair("planner", val("6", 0.545, b), val("7", 0.47, b)),
		}, 1},
		{"balanced for no pair at once", []report.TunePair{
			pair("aimer", val("6", 0.50, b), val("7", 0.6, off)),
			pair("planner", val("6", 0.51, u), val("7", 0.5, b)),
		}, -1},
		{"a value another pair lacks", []report.TunePair{
			pair("aimer", val("6", 0.50, b), val("7", 0.52, b)),
			pair("planner", val("7", 0.5, b)),
		}, -1},
	} {
		i, ok := report.BestTuneValue(report.Tune{Pairs: c.pairs})
		if !ok {
			i = -1
		}
		if i != c.want {
			t.Errorf("%s: %d (%v), want %d", c.name, i, ok, c.want)
		}
	}
}

// TestWriteTunes: the page of 'arena tune --html' is the tuning section alone, with the
// chosen value, every value's verdict and the plot; no tune is an error and writes nothing.
func TestWriteTunes(t *testing.T) {
	var buf bytes.Buffer
	if err := report.WriteTunes(&buf, "", tuneFixture().Tunes); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{"<title>" + report.DefaultTuneTitle + "</title>", `<section id="tune"`, `id="tune-plot-1"`,
		"Balanced at start.hour = 8: lawmen 50.5% [47.0%, 54.0%] over 1000 games.",
		"start.hour: 6 clearly off, 7 undecided, 8 balanced, 9 not played.",
		`<rect class="band"`, "start.hour = 6 (40 games, clearly off)", "arena tune --html"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, not := range []string{`id="run"`, `id="ratings"`, `id="los"`, `id="balance"`, "<nav"} {
		if strings.Contains(page, not) {
			t.Errorf("page has %q", not)
		}
	}
	if n := strings.Count(page, `class="mark tune-mark"`); n != 4 {
		t.Errorf("%d tune marks, want 4", n)
	}
	var none bytes.Buffer
	if err := report.WriteTunes(&none, "x", nil); err == nil || none.Len() > 0 {
		t.Errorf("no tune: %v, %d bytes", err, none.Len())
	}
}

// TestWrite_Tune: the tuning section names the balanced value, with a row per value.
func TestWrite_Tune(t *testing.T) {
	var buf bytes.Buffer
	if err := report.Write(&buf, tuneFixture()); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{`<section id="tune"`, `id="tune-plot-1"`, `href="#tune"`,
		"Balanced at start.hour = 8: lawmen 50.5% [47.0%, 54.0%] over 1000 games.",
		"start.hour = 6 (40 games, clearly off)", "start.hour = 7 (200 games, undecided)"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(page, `class="mark tune-mark"`); n != 4 {
		t.Errorf("%d tune marks, want 4", n)
	}
	var none bytes.Buffer
	if err := report.Write(&none, report.Data{}); err != nil || strings.Contains(none.String(), `id="tune"`) {
		t.Errorf("a report without tunes has a tuning section (err %v)", err)
	}
}

// TestWrite_TuneSuperseded: a search's note is shown with its zone, and an older search of
// the same command is marked superseded, in its heading and in a note of its own.
func TestWrite_TuneSuperseded(t *testing.T) {
	d := tuneFixture()
	d.Tunes[0].Note = "Judged at look 2 of 10, where the search stopped."
	old := tuneFixture().Tunes[0]
	old.Superseded = "Superseded: the same command on version 4 of the game."
	d.Tunes = append(d.Tunes, old)
	var buf bytes.Buffer
	if err := report.Write(&buf, d); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	newest, older, ok := strings.Cut(page, `<article id="tune-2"`)
	if !ok {
		t.Fatal("no second search")
	}
	if !strings.Contains(newest, "balanced zone 45% to 55%. Judged at look 2 of 10, where the search stopped.</p>") || strings.Contains(newest, "superseded") {
		t.Errorf("newest search: want its note and no superseded mark")
	}
	for _, want := range []string{"my-town.scn: start.hour (superseded)</h3>", `<p class="notes tune-superseded">Superseded: the same command on version 4 of the game.</p>`} {
		if !strings.Contains(older, want) {
			t.Errorf("older search lacks %q", want)
		}
	}
}

// tuneFacts is what the browser test reads of the tuning section.
type tuneFacts struct {
	Marks   []string // data-name of the g.tune-mark rows, in order
	Dots    int      // marks with a drawn dot
	Plot    rect
	Bands   int
	Outside []string
	Errors  int
}

// TestWrite_BrowserTune opens a report with a tune, and the page of WriteTunes, in headless
// Chromium: one row per value in the knob's order, a dot for each value played, the
// balanced zone drawn, no text outside the plot.
func TestWrite_BrowserTune(t *testing.T) {
	var tunePage bytes.Buffer
	if err := report.WriteTunes(&tunePage, "", tuneFixture().Tunes); err != nil {
		t.Fatal(err)
	}
	pages := map[string]func(t *testing.T) string{
		"report": func(t *testing.T) string { return writeReport(t, tuneFixture(), "tune.html") },
		"WriteTunes": func(t *testing.T) string {
			return browsertest.WriteArtifact(t, browsertest.ArtifactDir(t), "tune-page.html", tunePage.Bytes())
		},
	}
	for _, name := range []string{"report", "WriteTunes"} {
		t.Run(name, func(t *testing.T) { browserTune(t, pages[name](t)) })
	}
}

// browserTune checks the tuning section of the page at path in headless Chromium.
func browserTune(t *testing.T, path string) {
	b := browsertest.New(t)
	b.Open(path)
	f := browsertest.Eval[tuneFacts](b, `(() => {
		const all = (sel) => Array.from(document.querySelectorAll(sel));
		const svg = document.getElementById("tune-plot-1");
		const r = svg.getBoundingClientRect();
		return {
			Marks: all("#tune-plot-1 g.tune-mark").map(g => g.dataset.name),
			Dots: all("#tune-plot-1 g.tune-mark circle").length,
			Plot: {Width: r.width, Height: r.height},
			Bands: all("#tune-plot-1 > rect.band").length,
			Outside: all("#tune-plot-1 text").filter(t => {
				const q = t.getBoundingClientRect();
				return q.left < r.left - 0.5 || q.right > r.right + 0.5 || q.top < r.top - 0.5 || q.bottom > r.bottom + 0.5;
			}).map(t => t.textContent),
		};
	})()`)
	if want := []string{"6", "7", "8", "9"}; !slices.Equal(f.Marks, want) {
		t.Errorf("tune rows %q, want %q", f.Marks, want)
	}
	if f.Dots != 3 {
		t.Errorf("%d dots, want 3 (the value not played has none)", f.Dots)
	}
	if f.Bands != 1 || f.Plot.Width < 300 || f.Plot.Height < 100 {
		t.Errorf("plot %+v with %d bands, want a visible plot with the zone", f.Plot, f.Bands)
	}
	if len(f.Outside) > 0 {
		t.Errorf("texts stick out of the plot: %q", f.Outside)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	t.Logf("screenshot: %s", b.Screenshot("tune"))
}
