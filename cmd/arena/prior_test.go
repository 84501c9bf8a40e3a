package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReport_RecordedPrior: a tournament whose maximum-likelihood ratings do
// not exist (the passer never beats the sharp bot) is run with --prior 400,
// as the quick start runs its own; the report and the balance fit with that
// prior without being told, and --prior 0 still asks for none.
func TestReport_RecordedPrior(t *testing.T) {
	withTestBots(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	out, _ := mustRun(t, "run", "--bots", "sharp,passer", "--scenarios", "race", "--games", "6", "--prior", "400",
		"--concurrency", "1", "--db", db)
	wantLines(t, "run", out, "Ratings of 2 bots")

	read := func(args ...string) string {
		t.Helper()
		page := filepath.Join(dir, "report.html")
		mustRun(t, append([]string{"report", "--db", db, "--out", page, "--embed-replays", "0"}, args...)...)
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	page := read()
	wantLines(t, "report", page, `id="rating-table"`, "Gaussian prior τ = 400 Elo", "the prior the tournament was run with")
	if strings.Contains(page, "No rating table") {
		t.Error("report without --prior: no rating table, want the one fitted with the recorded prior")
	}
	if page := read("--prior", "0"); !strings.Contains(page, "No rating table") || !strings.Contains(page, "fit with a prior") {
		t.Error("report --prior 0 fitted the ratings, want none (maximum likelihood does not exist)")
	}
	out, _ = mustRun(t, "balance", "--db", db)
	wantLines(t, "balance", out, "advantage adjusted for the bots")
	if strings.Contains(out, "not adjusted for the bots") {
		t.Errorf("balance without --prior did not fit with the recorded prior:\n%s", out)
	}
}
