package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/arena/tune"
	"github.com/flickarena/flickarena/env/flickemup"
)

// tuneBlocks returns the report's tune blocks, in order.
func tuneBlocks(t *testing.T, page string) []string {
	t.Helper()
	parts := regexp.MustCompile(`<article id="tune-\d+"`).Split(page, -1)
	if len(parts) < 2 {
		return nil
	}
	return parts[1:]
}

// reportOf writes the report of database db (replays not embedded) beside it, or for a
// PostgreSQL database in a temporary directory, and returns the page.
func reportOf(t *testing.T, db string) string {
	t.Helper()
	out := filepath.Join(filepath.Dir(db), "report.html")
	if store.IsPostgresURL(db) {
		out = filepath.Join(t.TempDir(), "report.html")
	}
	mustRun(t, "report", "--db", db, "--out", out, "--embed-replays", "0")
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// randomHourTune returns the arguments of a tune of file's start hour between random bots,
// in looks of look games up to maxGames per value, games capped at 30 turns, into db.
func randomHourTune(file, db string, look, maxGames int) []string {
	return []string{"tune", "--scenario", file, "--knob", "start.hour", "--bots", "random", "--look", strconv.Itoa(look),
		"--max-games", strconv.Itoa(maxGames), "--max-turns", "30", "--db", db}
}

// TestReport_TuneContents: the same tune command played on a file and then on its edit
// (values 6 and 7, then 5 to 7) is two searches in the report, never pooled: the newest
// first with its three values, the older after it, marked superseded, with its two.
func TestReport_TuneContents(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	db := filepath.Join(dir, "tune.db")
	args := randomHourTune(file, db, 2, 4)
	mustRun(t, args...)
	writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=5..7\n" })
	mustRun(t, args...)
	if n := len(gamesByTournament(t, db)); n != 5 {
		t.Fatalf("%d tournaments, want 2 on the file and 3 on its edit", n)
	}
	blocks := tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 2 {
		t.Fatalf("%d tune blocks, want one per content of the file", len(blocks))
	}
	newest, older := blocks[0], blocks[1]
	if strings.Contains(newest, "superseded") || strings.Count(newest, `class="mark tune-mark"`) != 3 ||
		!strings.Contains(newest, `data-name="5"`) || !strings.Contains(newest, "start.hour = 6 (4 games,") {
		t.Errorf("newest search: want values 5 to 7, 4 games each, not superseded:\n%s", newest)
	}
	if !strings.Contains(older, "start.hour (superseded)</h3>") || !strings.Contains(older, "another content of the scenario file") ||
		strings.Count(older, `class="mark tune-mark"`) != 2 || strings.Contains(older, `data-name="5"`) || !strings.Contains(older, "start.hour = 7 (4 games,") {
		t.Errorf("older search: want values 6 and 7, 4 games each, superseded:\n%s", older)
	}
}

// TestReport_TuneLooks: on a database a longer search of the same tournaments filled first
// (20 games a value), the report judges the search as 'arena tune' does, at the look where
// the tune stops (10 games), and gives the verdicts the tune gives: random bots capped at 30
// turns draw every game, so with a wide zone both values are degenerate at look 1.
func TestReport_TuneLooks(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	db := filepath.Join(dir, "tune.db")
	args := randomHourTune(file, db, 10, 20)
	out, _ := mustRun(t, append(args, "--zone", "0.45,0.55")...)
	if !strings.Contains(out, "No value's interval") || len(storedGames(t, db)) != 40 {
		t.Fatalf("the longer search: want 20 games a value and no value found:\n%s", out)
	}
	out, stderr := mustRun(t, append(args, "--zone", "0.1,0.9")...)
	if !strings.Contains(out, "Degenerate, never balanced") || strings.Contains(out, "Balanced:") || strings.Contains(stderr, "look 2/2") {
		t.Fatalf("the wider zone: want both values degenerate at look 1:\n%s\n%s", out, stderr)
	}
	page := reportOf(t, db)
	for _, want := range []string{"start.hour = 6 (10 games, degenerate: every game a draw)", "start.hour = 7 (10 games, degenerate: every game a draw)",
		"Judged at look 1 of 2, where the search stopped. 20 recorded games of later looks"} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(page, "Balanced at") {
		t.Error("the report names a balanced value the tune does not")
	}
	if len(tuneBlocks(t, page)) != 1 {
		t.Errorf("one search reported as several")
	}
}

// verdictsOf returns a tune block's list of values and verdicts ("start.hour: 6 undecided,
// 7 balanced."), "" when the block has none.
func verdictsOf(block string) string {
	m := regexp.MustCompile(`<p class="tune-verdicts small">([^<]*)</p>`).FindStringSubmatch(block)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestReport_TuneChoiceValues: a tune of a choice knob whose values hold "-" (town-hall)
// shows them in the report as the file writes them, not as the game id's slug (townmhall);
// and when an edit of the file adds a choice before the old first one, the two searches are
// told apart exactly (each run records its search), the newest with its three values in the
// file's order, the older with its two, superseded.
func TestReport_TuneChoiceValues(t *testing.T) {
	dir := t.TempDir()
	choices := func(c string) func(string) string {
		return func(s string) string { return s + "tune token kind=documents in=" + c + "\n" }
	}
	file := writeScenario(t, dir, "my-town.scn", "pardon", choices("town-hall|saloon"))
	db := filepath.Join(dir, "tune.db")
	args := []string{"tune", "--scenario", file, "--knob", "token.in[kind=documents]", "--bots", "random", "--look", "2",
		"--max-games", "2", "--max-turns", "30", "--db", db}
	mustRun(t, args...)
	blocks := tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 1 {
		t.Fatalf("%d tune blocks, want 1", len(blocks))
	}
	want := "token.in[kind=documents]: town-hall undecided, saloon undecided."
	if got := verdictsOf(blocks[0]); got != want || strings.Contains(blocks[0], "townmhall") ||
		!strings.Contains(blocks[0], `data-name="town-hall"`) || !strings.Contains(blocks[0], "token.in[kind=documents] = town-hall (2 games,") {
		t.Errorf("values %q, want %q, as the file writes them:\n%s", got, want, blocks[0])
	}

	writeScenario(t, dir, "my-town.scn", "pardon", choices("sheriff|town-hall|saloon"))
	mustRun(t, args...)
	blocks = tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 2 {
		t.Fatalf("%d tune blocks, want one per content of the file", len(blocks))
	}
	newest, older := blocks[0], blocks[1]
	if got, want := verdictsOf(newest), "token.in[kind=documents]: sheriff undecided, town-hall undecided, saloon undecided."; got != want ||
		strings.Contains(newest, "superseded") {
		t.Errorf("newest search: values %q, want %q, not superseded", got, want)
	}
	if got := verdictsOf(older); got != want || !strings.Contains(older, "token.in[kind=documents] (superseded)</h3>") ||
		!strings.Contains(older, "another content of the scenario file") {
		t.Errorf("older search: values %q, want %q, superseded as another content", got, want)
	}
}

// TestReport_TuneRangeMoved: a file's range moved past the old one (start hour 6..7, then
// 8..9) is two searches, as each run records its search; the order of the runs alone (the
// report of an arena before the labels) pooled the four values in one.
func TestReport_TuneRangeMoved(t *testing.T) {
	dir := t.TempDir()
	hours := func(r string) func(string) string {
		return func(s string) string { return s + "tune start hour=" + r + "\n" }
	}
	file := writeScenario(t, dir, "my-town.scn", "showdown", hours("6..7"))
	db := filepath.Join(dir, "tune.db")
	args := randomHourTune(file, db, 2, 2)
	mustRun(t, args...)
	writeScenario(t, dir, "my-town.scn", "showdown", hours("8..9"))
	mustRun(t, args...)
	blocks := tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 2 {
		t.Fatalf("%d tune blocks, want one per content of the file", len(blocks))
	}
	if got, want := verdictsOf(blocks[0]), "start.hour: 8 undecided, 9 undecided."; got != want || strings.Contains(blocks[0], "superseded") {
		t.Errorf("newest search: values %q, want %q, not superseded", got, want)
	}
	if got, want := verdictsOf(blocks[1]), "start.hour: 6 undecided, 7 undecided."; got != want || !strings.Contains(blocks[1], "(superseded)</h3>") {
		t.Errorf("older search: values %q, want %q, superseded", got, want)
	}
}

// TestReport_TuneInterleaved: two invocations of one tune command on two contents of the file
// running at once on one database (their tournaments run in turns: 6 of the first content, 6
// of the second, 7 of the first, 7 of the second), as the store records them: the report
// reads two searches, each with its own two tournaments (the first content's lawmen win every
// game, the second's draw every game), the newest first. The order of the runs alone read
// three searches, the first content's 7 pooled with the second's 6.
func TestReport_TuneInterleaved(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "tune.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	pairs, closeBots, err := parseTunePairs(ctx, []string{"random"})
	defer closeBots()
	if err != nil {
		t.Fatal(err)
	}
	fileID, err := flickemup.FileID("my-town.scn", nil)
	if err != nil {
		t.Fatal(err)
	}
	command := commandLine("tune", []string{"--scenario", "my-town.scn", "--knob", "start.hour", "--bots", "random",
		"--look", "2", "--max-games", "2", "--db", db})
	type content struct {
		hash  string
		ranks []int // every game's
		cands []*tuneValue
	}
	contents := []*content{{hash: "first", ranks: []int{1, 2}}, {hash: "second", ranks: []int{1, 1}}}
	for _, c := range contents {
		for _, v := range []string{"6", "7"} {
			sched, err := arena.NewSchedule(arena.Tournament{Kind: arena.RoundRobin, Bots: pairs[0].players(),
				Scenarios: []arena.Scenario{{ID: tune.VariantID(fileID, "start.hour", v), Version: strconv.Itoa(flickemup.RulesVersion),
					Hash: c.hash + v}}, GamesPerPairing: 2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			c.cands = append(c.cands, &tuneValue{value: v, runs: []*tuneRun{{pair: pairs[0], sched: sched}}})
		}
	}
	for i := range 2 {
		for _, c := range contents {
			cfg := arena.DefaultRunnerConfig()
			cfg.Concurrency, cfg.Command = 1, command
			cfg.Labels = tune.Labels(tune.SearchID("start.hour", valueTournaments(c.cands)), "start.hour", c.cands[i].value, 0)
			ref := arena.RefereeFunc(func(context.Context, arena.Match) (arena.Outcome, error) {
				return arena.Outcome{Ranks: c.ranks, Termination: arena.TermNormal, Turns: 10}, nil
			})
			runner, err := arena.NewRunner(ref, st, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := runner.Run(ctx, c.cands[i].runs[0].sched); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	blocks := tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 2 {
		t.Fatalf("%d tune blocks, want one per content", len(blocks))
	}
	for i, want := range []string{"50.0%", "100.0%"} {
		b := blocks[i]
		if verdictsOf(b) == "" || strings.Count(b, "(2 games, ") != 2 ||
			!strings.Contains(b, "start.hour = 6 (2 games, undecided): "+want) || !strings.Contains(b, "start.hour = 7 (2 games, undecided): "+want) {
			t.Errorf("search %d: want 6 and 7, 2 games each at %s:\n%s", i+1, want, b)
		}
		if (i == 1) != strings.Contains(b, "(superseded)</h3>") {
			t.Errorf("search %d: superseded %v, want %v", i+1, i != 1, i == 1)
		}
	}
}

// TestRelease_TuneReport: the tune in the database the arena of commit 17b31df wrote
// (testdata/flickemup-v5.README: schema 4, runs without labels) is reported as that arena
// reported it, from the order of its runs and its games' ids (the tune section of this
// report and of e452623's, the last report before the labels, are the same bytes): one
// search of cowboy.hp[id=lawmen:2], 3 and 4, 2 games each. Rerun with the same command from
// the directory the release ran in, this arena records a search of its own beside it (the
// game's version is part of its tournaments): the report shows the new search first, read
// from its labels, and the release's after it, read as before and superseded.
func TestRelease_TuneReport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "old.db")
	copyFile(t, filepath.Join("testdata", "flickemup-v5.db"), db)
	if err := os.Mkdir(filepath.Join(dir, "my dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join("testdata", "release-v3.scn"), filepath.Join(dir, "my dir", "my-town.scn"))
	release := func(b string) bool {
		return verdictsOf(b) == "cowboy.hp[id=lawmen:2]: 3 undecided, 4 undecided." &&
			strings.Contains(b, `-h">my dir/my-town.scn: cowboy.hp[id=lawmen:2]`) &&
			strings.Contains(b, "Judged at look 1 of 1, where the search stopped.") &&
			strings.Contains(b, "cowboy.hp[id=lawmen:2] = 3 (2 games, undecided): 0.0% [0.0%, 100.0%]") &&
			strings.Contains(b, "cowboy.hp[id=lawmen:2] = 4 (2 games, undecided): 0.0% [0.0%, 100.0%]")
	}
	blocks := tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 1 || !release(blocks[0]) {
		t.Fatalf("%d tune blocks, want the release's search as it reported it:\n%s", len(blocks), strings.Join(blocks, "\n"))
	}

	t.Chdir(dir)
	mustRun(t, "tune", "--scenario", "my dir/my-town.scn", "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "aimer", "--look", "2",
		"--max-games", "2", "--db", db)
	blocks = tuneBlocks(t, reportOf(t, db))
	if len(blocks) != 2 {
		t.Fatalf("%d tune blocks after the rerun, want the new search and the release's", len(blocks))
	}
	if got, want := verdictsOf(blocks[0]), "cowboy.hp[id=lawmen:2]: 3 "; !strings.HasPrefix(got, want) || strings.Contains(blocks[0], "superseded") ||
		strings.Count(blocks[0], "(2 games, ") != 2 {
		t.Errorf("the new search: values %q, want 3 and 4, 2 games each, not superseded:\n%s", got, blocks[0])
	}
	if b := blocks[1]; !release(b) || !strings.Contains(b, "my dir/my-town.scn: cowboy.hp[id=lawmen:2] (superseded)</h3>") ||
		!strings.Contains(b, fmt.Sprintf("the same command on version 5 of the game (the newest search: version %d)", flickemup.RulesVersion)) {
		t.Errorf("the release's search after the rerun: want it as before, superseded by version %d:\n%s", flickemup.RulesVersion, b)
	}
}
