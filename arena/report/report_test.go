package report_test

import (
	"bytes"
	"errors"
	"flag"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/arena/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// render writes the report of d and returns it.
func render(t *testing.T, d report.Data) string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Write(&buf, d); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.String()
}

func TestWrite_Golden(t *testing.T) {
	got := render(t, fixture(t))
	golden := filepath.Join("testdata", "report.golden.html")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./arena/report -run Golden -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("output differs from %s at line %d:\ngot:  %q\nwant: %q\n(run with -update if the change is intended, then look at the page)", golden, i+1, g, w)
			}
		}
	}
}

// TestWrite_Reasons checks that the balance block lists the reasons the games
// gave for their ends, with their shares, escaped.
func TestWrite_Reasons(t *testing.T) {
	d := fixture(t)
	d.Balances[0].Reasons = []rating.ReasonCount{
		{Reason: "the lawmen held out until noon", Games: 30, Share: 0.625},
		{Reason: "3 <gold> tokens lie in the saloon", Games: 18, Share: 0.375},
	}
	out := render(t, d)
	if n := strings.Count(out, "Ended because"); n != 2 {
		t.Errorf("%d reasons listed, want 2", n)
	}
	for _, want := range []string{"62.5%", "the lawmen held out until noon", "37.5%", "3 &lt;gold&gt; tokens lie in the saloon"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

func TestWrite_Deterministic(t *testing.T) {
	a := render(t, fixture(t))
	b := render(t, fixture(t))
	if a != b {
		t.Error("two renders of the same data differ")
	}
}

// TestWrite_Contents checks the parts and hooks of the page on the fixture.
func TestWrite_Contents(t *testing.T) {
	d := fixture(t)
	out := render(t, d)
	n := len(d.Model.Bots)
	counts := []struct {
		what    string
		pattern string
		want    int
	}{
		{"rating table", `<table id="rating-table"`, 1},
		{"rating rows", `<th scope="row" class="bot">`, n},
		{"error-bar plot", `<svg id="elo-plot"`, 1},
		{"error-bar marks", `class="mark elo-mark"`, n},
		{"LOS matrix", `<table id="los-matrix"`, 1},
		{"LOS cells", `class="los-cell`, n * n},
		{"LOS diagonal", `los-cell los-diag`, n},
		{"side plot", `<svg id="side-plot"`, 1},
		{"side marks", `class="mark side-mark"`, len(d.Balances)},
		{"balance blocks", `class="balance"`, len(d.Balances)},
		{"balance plots", `class="plot balance-plot"`, len(d.Balances)},
		{"verdicts", `<p class="verdict verdict-`, len(d.Balances)},
		{"extra sections", `class="extra"`, len(d.Sections)},
		{"scripts", `<script`, 0},
	}
	for _, c := range counts {
		if got := strings.Count(out, c.pattern); got != c.want {
			t.Errorf("%s: %d × %q, want %d", c.what, got, c.pattern, c.want)
		}
	}
	for _, b := range d.Balances {
		if !strings.Contains(out, template.HTMLEscapeString(b.Verdict)) {
			t.Errorf("verdict %q of %s missing", b.Verdict, b.Scenario)
		}
	}
	for _, want := range []string{
		"logistic Elo, 400 scale",          // the scale is printed
		"none (maximum likelihood",         // the prior is printed
		"cluster-robust sandwich",          // the covariance is printed
		d.Generation.Params[0].Value,       // parameters
		"First-mover advantage over all",   // the model's first-mover term
		"Replay viewers of selected games", // the extra section's HTML, unescaped
		`<a href="#section-1">Replays</a>`, // and its link
		`<title id="elo-plot-title">`,      // plots have accessible names
		`aria-labelledby="balance-plot-1-title balance-plot-1-desc"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// TestWrite_SelfContained checks that the page references nothing outside
// itself: no URL but in-page fragments, no script.
func TestWrite_SelfContained(t *testing.T) {
	out := render(t, fixture(t))
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(src|href|action|poster|srcset)\s*=\s*"[^#"]`), // anything but "#fragment"
		regexp.MustCompile(`(?i)url\(\s*['"]?[^#'")\s]`),                         // CSS urls other than url(#id)
		regexp.MustCompile(`(?i)@import|<link|<script|<iframe|<img|<object|<embed`),
		regexp.MustCompile(`(?i)https?://`),
	} {
		if m := re.FindString(out); m != "" {
			t.Errorf("page refers outside itself: %q (matched %s)", m, re)
		}
	}
}

// hostile is a name that breaks a page that does not escape it.
const hostile = `<script>alert(1)</script>`

func TestWrite_Escaping(t *testing.T) {
	bots := []fixtureBot{
		{hostile, `<b>v1</b>`, 80},
		{`"><img src=x onerror=alert(2)>`, "1", 0},
		{`a&b 'quoted'`, "1", -80},
	}
	scenarios := []fixtureScenario{{`<svg onload=alert(3)>`, 30}, {`</title><script>alert(4)</script>`, -20}}
	d := fixtureFrom(t, bots, scenarios)
	d.Title = hostile
	d.Generation.Command = "arena report --db '" + hostile + "'"
	d.Generation.Params = []report.Param{{Key: hostile, Value: hostile}}
	d.Notes = []string{hostile}
	d.Sections = []report.Section{{Title: hostile, HTML: "<p>trusted</p>"}}
	d.Sides = rating.BalanceConfig{SideX: hostile, SideY: `<i>y</i>`}
	out := render(t, d)

	for _, bad := range []string{"<script", "<img", "<svg onload", "<b>v1", "<i>y", "</title><script"} {
		if strings.Contains(out, bad) {
			i := strings.Index(out, bad)
			t.Errorf("unescaped %q in the page: …%s…", bad, out[max(0, i-80):min(len(out), i+80)])
		}
	}
	if !strings.Contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the hostile name is not shown escaped")
	}
	if !strings.Contains(out, "<p>trusted</p>") {
		t.Error("the trusted section HTML was escaped")
	}
}

func TestWrite_Errors(t *testing.T) {
	d := fixture(t)
	wrong := mat.NewDense(2, 2, nil)
	tests := []struct {
		name string
		data report.Data
		want error
	}{
		{"ErrLOSShape", report.Data{Model: d.Model, LOS: wrong}, report.ErrLOSShape},
		{"ErrLOSWithoutModel", report.Data{LOS: wrong}, report.ErrLOSWithoutModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := report.Write(&buf, tt.data)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Write: %v, want %v", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("Write wrote %d bytes before failing", buf.Len())
			}
		})
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWrite_WriterError(t *testing.T) {
	err := report.Write(failWriter{}, fixture(t))
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.HasPrefix(err.Error(), "report: ") {
		t.Errorf("Write to a failing writer: %v, want a wrapped error", err)
	}
}

// TestWrite_Partial renders data with parts missing: each missing part says
// so, and the rest is there.
func TestWrite_Partial(t *testing.T) {
	full := fixture(t)
	tests := []struct {
		name     string
		data     report.Data
		want     []string
		wantNone []string
	}{
		{
			name:     "Empty",
			data:     report.Data{},
			want:     []string{report.DefaultTitle, "No ratings", "No LOS matrix", "No balance statistics"},
			wantNone: []string{`id="elo-plot"`, `id="side-plot"`},
		},
		{
			name:     "BalanceOnly",
			data:     report.Data{Balances: full.Balances, Generation: report.Generation{Time: time.Date(2026, 3, 1, 12, 30, 0, 0, time.UTC)}},
			want:     []string{"No ratings", `id="side-plot"`, `id="balance-plot-3"`, "2026-03-01 12:30:00 UTC", "side X win"},
			wantNone: []string{`id="elo-plot"`, "First-mover advantage over all"},
		},
		{
			name:     "ModelOnly",
			data:     report.Data{Model: full.Model},
			want:     []string{`id="elo-plot"`, `id="los-matrix"`, "No balance statistics", "<td class=\"version\">—</td>"},
			wantNone: []string{`id="side-plot"`},
		},
		{
			name: "OwnLOS",
			data: report.Data{Model: full.Model, LOS: func() *mat.Dense {
				n := len(full.Model.Bots)
				m := mat.NewDense(n, n, nil)
				for i := range n {
					for j := range n {
						m.Set(i, j, 0.5)
					}
				}
				return m
			}()},
			want:     []string{`title="P(cautious stronger than greedy) = 50.0%">50</td>`, "as supplied with the report’s data"},
			wantNone: []string{"from the joint fit (it accounts"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := render(t, tt.data)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("page lacks %q", w)
				}
			}
			for _, w := range tt.wantNone {
				if strings.Contains(out, w) {
					t.Errorf("page has %q", w)
				}
			}
		})
	}
}

// TestWrite_SeatsOnly: data with per-seat statistics and no two-seat ones (every game has
// more than two seats) still gets its balance blocks, and no side plot.
func TestWrite_SeatsOnly(t *testing.T) {
	sb, err := rating.SeatBalances(seatGames([]seatScenario{{name: "race-v1:players=3", k: 3}}, 30), rating.SeatBalanceConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := report.Write(&buf, report.Data{SeatBalances: sb}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{`id="balance-1"`, `data-seats="3"`, `id="seat-table-1"`, `id="seat-plot-1"`, "player 3"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, `id="side-plot"`) || strings.Contains(page, "No balance statistics") {
		t.Error("a page of three-seat games has a side plot or no balance")
	}
}
