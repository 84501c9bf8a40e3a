package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/internal/browsertest"
)

// TestRace_NSeats is issue 15's "Shown by" for Race at three and four seats, with the
// built-in bots as a user runs them: random and Race's own bots play a round-robin (every set
// of three of the four bots, and the four together), balanced per seat, exported as CSV and
// drawn in the report, checked in a browser, rated with intervals and the seats adjusted for
// the bots by the Plackett–Luce fit.
func TestRace_NSeats(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	bots := "random,race-thief,race-doubler,race-gainer"
	out, _ := mustRun(t, "run", "--bots", bots, "--scenarios", "race:players=3,race:players=4", "--games", "12",
		"--seed", "7", "--concurrency", "2", "--db", db)
	// 4 sets of 3 bots and 1 set of 4 play 12 games each.
	wantLines(t, "run", out, "round-robin, 4 bots, 2 scenarios, 12 games per pairing, seed 7: 60 games planned",
		"This run: 60 played")
	sets := map[string]bool{}
	for _, g := range storedGames(t, db) {
		if g.Termination != arena.TermNormal || g.Points == nil {
			t.Fatalf("game %s: %v, points %v; want a normal end with points", g.Key, g.Termination, g.Points)
		}
		var names []string
		for _, b := range g.Bots {
			names = append(names, b.Name)
		}
		slices.Sort(names)
		sets[g.Scenario.ID+" "+strings.Join(names, ",")] = true
	}
	if len(sets) != 5 {
		t.Errorf("%d bot sets played, want the 4 sets of 3 and the set of 4: %v", len(sets), sets)
	}

	// Balanced per seat.
	out, _ = mustRun(t, "balance", "--db", db)
	wantLines(t, "balance", out, "race-v1:players=3: 48 games of 3 seats", "race-v1:players=4: 12 games of 4 seats",
		"player 1", "player 4", "mean points", "verdict: ", "player 4's advantage over player 1 adjusted for the bots")

	// Rated with intervals (Plackett–Luce), with the seat advantages of each scenario.
	out, _ = mustRun(t, "ratings", "--db", db)
	wantLines(t, "ratings", out, "Ratings of 4 bots from 60 games", "Plackett-Luce on finishing orders", "95% intervals",
		"race-v1:players=3  seat 3", "race-v1:players=4  seat 4", "Likelihood of superiority")
	for _, b := range strings.Split(bots, ",") {
		if !regexp.MustCompile(`(?m)^\s+\d\s+` + regexp.QuoteMeta(b) + `\s+[+-]\d+\.\d\s+\[[+-]\d+\.\d, [+-]\d+\.\d\]`).MatchString(out) {
			t.Errorf("ratings: no rating with an interval for %s:\n%s", b, out)
		}
	}

	// Exported as CSV: one row per seat, ranks that make a finishing order.
	out, _ = mustRun(t, "export", "csv", "--db", db)
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 1+48*3+12*4 {
		t.Fatalf("export csv: %d rows, %v", len(rows), err)
	}
	bots3 := map[string]int{}
	for _, r := range rows[1:] {
		if r[slices.Index(store.CSVColumns, "seats")] == "3" {
			bots3[r[slices.Index(store.CSVColumns, "bot")]]++
		}
	}
	for _, b := range strings.Split(bots, ",") {
		if bots3[b] != 36 { // in 3 of the 4 sets of three, 12 games each
			t.Errorf("export csv: %s sits in %d three-seat games, want 36", b, bots3[b])
		}
	}

	// Drawn in the report, in a browser.
	page := filepath.Join(dir, "report.html")
	mustRun(t, "report", "--db", db, "--out", page, "--embed-replays", "0")
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), `class="seat-table"`) {
		t.Fatal("the report has no seat table")
	}
	b := browsertest.New(t)
	b.Open(page)
	type facts struct {
		Seats     []string
		Rows      []int
		Adjusted  []string // the adjusted advantage of each seat after the first
		Marks     []int
		Verdicts  int
		Rated     int // rows of the rating table
		Overflow  float64
		Outside   int
		Resources int
	}
	f := browsertest.Eval[facts](b, `(() => {
		const all = (sel, root) => Array.from((root || document).querySelectorAll(sel));
		return {
			Seats: all("article.balance").map(a => a.dataset.seats),
			Rows: all("table.seat-table").map(t => t.querySelectorAll("tr.seat-row").length),
			Adjusted: all("table.seat-table tr.seat-row:not([data-seat='1']) td:last-child").map(td => td.textContent),
			Marks: all("svg.seat-plot").map(s => s.querySelectorAll("g.seat-mark").length),
			Verdicts: all("p.verdict").length,
			Rated: all("#rating-table tbody tr").length,
			Overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
			Outside: all("svg text").filter(t => {
				const r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();
				return r.right > s.right + 0.5 || r.left < s.left - 0.5;
			}).length,
			Resources: performance.getEntriesByType("resource").length,
		};
	})()`)
	if !slices.Equal(f.Seats, []string{"3", "4"}) || !slices.Equal(f.Rows, []int{3, 4}) || !slices.Equal(f.Marks, []int{6, 8}) {
		t.Errorf("report: blocks of %v seats, seat tables of %v rows, seat plots of %v marks; want 3 and 4 seats", f.Seats, f.Rows, f.Marks)
	}
	if len(f.Adjusted) != 5 || slices.Contains(f.Adjusted, "—") {
		t.Errorf("report: seat advantages %q, want the 5 seats after the first adjusted for the bots", f.Adjusted)
	}
	if f.Rated != 4 {
		t.Errorf("report: the rating table has %d rows, want the 4 bots", f.Rated)
	}
	if f.Verdicts != 2 || f.Overflow > 0 || f.Outside > 0 || f.Resources != 0 {
		t.Errorf("report: %+v", f)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
	b.Screenshot("race-seats")
}
