package report_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/internal/browsertest"
)

// writeReport renders d into the test's artefact directory and returns the
// file's path.
func writeReport(t *testing.T, d report.Data, name string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Write(&buf, d); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return browsertest.WriteArtifact(t, browsertest.ArtifactDir(t), name, buf.Bytes())
}

// rect is a DOM element's size, from getBoundingClientRect, in CSS pixels.
type rect struct {
	Width, Height float64
}

// pageFacts is what the browser test reads from the rendered page.
type pageFacts struct {
	EloMarks      int      // g.elo-mark in #elo-plot
	EloMarkRects  []rect   // their sizes
	LOSRows       int      // tbody rows of #los-matrix
	LOSCells      int      // td.los-cell of #los-matrix
	LOSCellsRow   []int    // td.los-cell per row
	BalancePlots  []rect   // svg.balance-plot, in order
	BalanceIDs    []string // their ids
	Blocks        int      // article.balance
	SideMarks     int      // g.side-mark in #side-plot
	EloPlot       rect
	SidePlot      rect
	Verdicts      []rect // p.verdict
	Scripts       int    // script elements
	Resources     int    // resources fetched (performance entries)
	OverflowWidth float64
	TextOutside   []string // SVG texts that stick out of their plot
}

// factsJS collects pageFacts in the page.
const factsJS = `(() => {
	const size = (el) => { const r = el.getBoundingClientRect(); return {Width: r.width, Height: r.height}; };
	const all = (sel) => Array.from(document.querySelectorAll(sel));
	const los = document.getElementById("los-matrix");
	return {
		EloMarks: all("#elo-plot g.elo-mark").length,
		EloMarkRects: all("#elo-plot g.elo-mark").map(size),
		LOSRows: los ? los.tBodies[0].rows.length : 0,
		LOSCells: all("#los-matrix td.los-cell").length,
		LOSCellsRow: los ? Array.from(los.tBodies[0].rows).map(r => r.querySelectorAll("td.los-cell").length) : [],
		BalancePlots: all("svg.balance-plot").map(size),
		BalanceIDs: all("svg.balance-plot").map(e => e.id),
		Blocks: all("article.balance").length,
		SideMarks: all("#side-plot g.side-mark").length,
		EloPlot: size(document.getElementById("elo-plot")),
		SidePlot: size(document.getElementById("side-plot")),
		Verdicts: all("p.verdict").map(size),
		Scripts: document.scripts.length,
		Resources: performance.getEntriesByType("resource").length,
		OverflowWidth: document.documentElement.scrollWidth - document.documentElement.clientWidth,
		TextOutside: all("svg text").filter(t => {
			const r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();
			return r.left < s.left - 0.5 || r.top < s.top - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5;
		}).map(t => t.textContent),
	};
})()`

// TestWrite_Browser opens the report in headless Chromium and checks that
// it renders: one error-bar mark per bot, an n×n LOS matrix, a visible plot
// per scenario, no console error. It saves a screenshot as an artefact.
func TestWrite_Browser(t *testing.T) {
	b := browsertest.New(t)

	t.Run("Fixture", func(t *testing.T) {
		b := b.For(t)
		d := fixture(t)
		b.Open(writeReport(t, d, "report.html"))
		f := browsertest.Eval[pageFacts](b, factsJS)
		n := len(d.Model.Bots)

		if f.EloMarks != n {
			t.Errorf("error-bar plot has %d marks, want one per bot (%d)", f.EloMarks, n)
		}
		for i, r := range f.EloMarkRects {
			if r.Width <= 0 || r.Height <= 0 {
				t.Errorf("error-bar mark %d has size %+v", i, r)
			}
		}
		if f.LOSRows != n || f.LOSCells != n*n {
			t.Errorf("LOS matrix has %d rows and %d cells, want %d×%d", f.LOSRows, f.LOSCells, n, n)
		}
		for i, c := range f.LOSCellsRow {
			if c != n {
				t.Errorf("LOS row %d has %d cells, want %d", i, c, n)
			}
		}
		if f.Blocks != len(d.Balances) || len(f.BalancePlots) != len(d.Balances) {
			t.Errorf("%d balance blocks and %d balance plots, want %d each", f.Blocks, len(f.BalancePlots), len(d.Balances))
		}
		for i, r := range f.BalancePlots {
			if r.Width < 300 || r.Height < 100 {
				t.Errorf("balance plot %s is %+v, want a visible plot", f.BalanceIDs[i], r)
			}
		}
		if f.SideMarks != len(d.Balances) {
			t.Errorf("side plot has %d marks, want %d", f.SideMarks, len(d.Balances))
		}
		for name, r := range map[string]rect{"elo-plot": f.EloPlot, "side-plot": f.SidePlot} {
			if r.Width < 300 || r.Height < 100 {
				t.Errorf("%s is %+v, want a visible plot", name, r)
			}
		}
		for i, r := range f.Verdicts {
			if r.Height < 30 {
				t.Errorf("verdict %d is %+v high, want large type", i, r)
			}
		}
		if f.Scripts != 0 || f.Resources != 0 {
			t.Errorf("page has %d scripts and fetched %d resources, want none", f.Scripts, f.Resources)
		}
		if len(f.TextOutside) > 0 {
			t.Errorf("texts stick out of their plots: %q", f.TextOutside)
		}
		if f.OverflowWidth > 0 {
			t.Errorf("page overflows the %d px window horizontally by %v px", browsertest.WindowWidth, f.OverflowWidth)
		}
		if errs := b.Errors(); len(errs) > 0 {
			t.Errorf("console errors: %q", errs)
		}
		t.Logf("screenshot: %s", b.Screenshot("report"))
	})

	t.Run("Hostile", func(t *testing.T) {
		b := b.For(t)
		d := fixtureFrom(t,
			[]fixtureBot{{hostile, "1", 60}, {"plain", "1", 0}, {`"><img src=x onerror=alert(2)>`, "1", -60}},
			[]fixtureScenario{{`<svg onload=alert(3)>`, 20}})
		d.Title = hostile
		b.Open(writeReport(t, d, "hostile.html"))
		f := browsertest.Eval[pageFacts](b, factsJS)
		if f.Scripts != 0 || f.Resources != 0 {
			t.Errorf("hostile names made %d scripts and %d fetches", f.Scripts, f.Resources)
		}
		if got := browsertest.Eval[string](b, `document.title`); got != hostile {
			t.Errorf("title = %q, want the name as text %q", got, hostile)
		}
		shown := browsertest.Eval[[]string](b, `Array.from(document.querySelectorAll("#rating-table th.bot")).map(e => e.textContent)`)
		if len(shown) != 3 || shown[0] != hostile {
			t.Errorf("rating table shows %q, want the hostile name first, as text", shown)
		}
		if len(f.TextOutside) > 0 {
			t.Errorf("texts stick out of their plots: %q", f.TextOutside)
		}
		if f.EloMarks != 3 || f.LOSCells != 9 {
			t.Errorf("%d marks and %d LOS cells, want 3 and 9", f.EloMarks, f.LOSCells)
		}
		if errs := b.Errors(); len(errs) > 0 {
			t.Errorf("console errors or dialogs: %q", errs)
		}
		t.Logf("screenshot: %s", b.Screenshot("hostile"))
	})
}

// seatFacts is what the seats browser test reads from the rendered page.
type seatFacts struct {
	Blocks     []string // data-seats of each article.balance
	Names      [][]string
	SeatPlots  []rect
	SeatMarks  []int // g.seat-mark per seat plot
	TwoPlots   int   // svg.balance-plot
	SideMarks  int
	Verdicts   []string
	Endings    []string // the "Ended because" values of the blocks
	Overflow   float64
	Outside    []string
	Scripts    int
	Fetched    int
	SideLabels []string // the side plot's axis ends
}

const seatFactsJS = `(() => {
	const size = (el) => { const r = el.getBoundingClientRect(); return {Width: r.width, Height: r.height}; };
	const all = (sel, root) => Array.from((root || document).querySelectorAll(sel));
	return {
		Blocks: all("article.balance").map(a => a.dataset.seats),
		Names: all("article.balance").map(a => all("table.seat-table tr.seat-row th", a).map(th => th.textContent)),
		SeatPlots: all("svg.seat-plot").map(size),
		SeatMarks: all("svg.seat-plot").map(s => all("g.seat-mark", s).length),
		TwoPlots: all("svg.balance-plot").length,
		SideMarks: all("#side-plot g.side-mark").length,
		Verdicts: all("p.verdict").map(p => p.textContent),
		Endings: all(".figures div").filter(d => d.querySelector("dt").textContent === "Ended because").map(d => d.querySelector(".value").textContent),
		Overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
		Outside: all("svg text").filter(t => {
			const r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();
			return r.left < s.left - 0.5 || r.top < s.top - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5;
		}).map(t => t.textContent),
		Scripts: document.scripts.length,
		Fetched: performance.getEntriesByType("resource").length,
		SideLabels: all("#side-plot text.axis-end").map(t => t.textContent),
	};
})()`

// TestWrite_BrowserSeats opens a report of scenarios of 2, 3, 4 and 5 seats
// in headless Chromium: one block per scenario, the seats named as the games
// name them in a table and a plot, the two-seat scenario with its own plot
// too, the endings grouped by kind, nothing overflowing.
func TestWrite_BrowserSeats(t *testing.T) {
	b := browsertest.New(t)
	d := seatFixture(t)
	b.Open(writeReport(t, d, "seats.html"))
	f := browsertest.Eval[seatFacts](b, seatFactsJS)
	// Blocks in scenario name order: fliprando (5), race 3, race 4, showdown (2).
	wantSeats := []string{"5", "3", "4", "2"}
	if !slices.Equal(f.Blocks, wantSeats) {
		t.Fatalf("blocks of %v seats, want %v", f.Blocks, wantSeats)
	}
	wantNames := [][]string{
		{"ann", "bob", "cid", "dee", "eve"},
		{"player 1", "player 2", "player 3"},
		{"player 1", "player 2", "player 3", "player 4"},
		{"lawmen", "outlaws"},
	}
	for i, w := range wantNames {
		if !slices.Equal(f.Names[i], w) {
			t.Errorf("block %d names its seats %q, want %q", i+1, f.Names[i], w)
		}
	}
	// A per-seat plot for each scenario of more than two seats: a win bar and a score
	// per seat.
	if want := []int{10, 6, 8}; !slices.Equal(f.SeatMarks, want) {
		t.Errorf("seat plots have %v marks, want %v", f.SeatMarks, want)
	}
	for i, r := range f.SeatPlots {
		if r.Width < 300 || r.Height < 100 {
			t.Errorf("seat plot %d is %+v, want a visible plot", i+1, r)
		}
	}
	if f.TwoPlots != 1 || f.SideMarks != 1 {
		t.Errorf("%d two-seat plots and %d side marks, want 1 each", f.TwoPlots, f.SideMarks)
	}
	if len(f.SideLabels) != 2 || !strings.Contains(f.SideLabels[0], "outlaws") || !strings.Contains(f.SideLabels[1], "lawmen") {
		t.Errorf("side plot ends %q, want the lawmen and the outlaws", f.SideLabels)
	}
	if !strings.HasPrefix(f.Verdicts[1], "player 1 favoured") {
		t.Errorf("race at 3 seats (seat 0 three points ahead): verdict %q", f.Verdicts[1])
	}
	// Two kinds of ending per scenario, whatever the details.
	if len(f.Endings) != 8 {
		t.Errorf("%d endings listed, want 2 kinds in each of 4 scenarios: %q", len(f.Endings), f.Endings)
	}
	if f.Scripts != 0 || f.Fetched != 0 {
		t.Errorf("page has %d scripts and fetched %d resources, want none", f.Scripts, f.Fetched)
	}
	if len(f.Outside) > 0 {
		t.Errorf("texts stick out of their plots: %q", f.Outside)
	}
	if f.Overflow > 0 {
		t.Errorf("page overflows the %d px window horizontally by %v px", browsertest.WindowWidth, f.Overflow)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	t.Logf("screenshot: %s", b.Screenshot("seats"))
}
