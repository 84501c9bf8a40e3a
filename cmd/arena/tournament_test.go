package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
)

// testBot is a Race bot for these tests, made of a name and a policy.
type testBot struct {
	name string
	act  func(dst env.Action, t env.Turn, rng *rand.Rand) error
}

func (b testBot) Name() string    { return b.name }
func (b testBot) Version() string { return "test-1" }
func (b testBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.act(dst, t, rng)
}

// sweet reads Race's sweet spot from the observation: the field after the
// three per-seat fields.
func sweet(t env.Turn) float64 { return float64(t.Obs[3*t.Spec.NumPlayers]) }

// The test bots of Race. Measured over 200 seeds: random scores 48% against
// steady and 26% against sharp, steady 14.5% against sharp, so a small
// tournament has a clear leader and every bot scores against every other.
var (
	// steady always gains, at a random power.
	steady = testBot{"steady", func(dst env.Action, _ env.Turn, rng *rand.Rand) error {
		dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = race.Gain, 0, float32(rng.Float64()*2-1)
		return nil
	}}
	// sharp always gains, aiming at the sweet spot within ±0.8.
	sharp = testBot{"sharp", func(dst env.Action, t env.Turn, rng *rand.Rand) error {
		p := sweet(t) + (rng.Float64()*2-1)*0.8
		dst.Discrete[0], dst.Discrete[1], dst.Continuous[0] = race.Gain, 0, float32(min(max(p, -1), 1))
		return nil
	}}
	// passer always passes: it never scores a point against the others.
	passer = testBot{"passer", func(dst env.Action, t env.Turn, _ *rand.Rand) error {
		t.Game.DefaultAction(dst)
		return nil
	}}
)

// stopHook is called by the stopper bot at every decision.
var stopHook = func() {}

// stopper plays like random and calls stopHook first.
var stopper = testBot{"stopper", func(dst env.Action, t env.Turn, rng *rand.Rand) error {
	stopHook()
	return random.New().Act(dst, t, rng)
}}

// withTestBots adds the test bots to the built-in bots for the test.
// Tests using it must not run in parallel.
func withTestBots(t *testing.T) {
	t.Helper()
	addTestBots(t, steady, sharp, passer, stopper)
}

// addTestBots makes --bots know bots beside the built-in ones for the test (newBuiltin
// answers them first). Tests using it must not run in parallel.
func addTestBots(t *testing.T, bots ...arena.Bot) {
	t.Helper()
	prev := newBuiltin
	byName := map[string]arena.Bot{}
	for _, b := range bots {
		byName[b.Name()] = b
	}
	newBuiltin = func(name string) (arena.Bot, error) {
		if b, ok := byName[name]; ok {
			return b, nil
		}
		return prev(name)
	}
	t.Cleanup(func() { newBuiltin = prev })
}

// mustRun drives Main and fails the test on an error.
func mustRun(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	out, errOut, err := run(t, args...)
	if err != nil {
		t.Fatalf("arena %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out, errOut
}

// wantLines fails the test unless out contains every want.
func wantLines(t *testing.T, what, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, out)
		}
	}
}

// storedGames returns the games in the database at path.
func storedGames(t *testing.T, path string) []arena.GameRecord {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.Games(context.Background(), arena.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestRun_Tournament plays a small round-robin like a user, resumes it,
// and reads it back with every command.
func TestRun_Tournament(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	args := []string{"run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "8",
		"--seed", "7", "--concurrency", "2", "--db", db}
	out, errOut := mustRun(t, args...)
	t.Logf("arena run:\nstdout:\n%s\nstderr:\n%s", out, errOut)
	wantLines(t, "run output", out, "round-robin, 3 bots, 1 scenario, 8 games per pairing, seed 7: 24 games planned",
		"This run: 24 played, 0 already recorded, 0 voided by arena faults, 0 failed.",
		"Ratings of 3 bots from 24 games", "race-v1", "Likelihood of superiority")
	if !regexp.MustCompile(`(?m)^   1  sharp  `).MatchString(out) {
		t.Errorf("sharp is not ranked first:\n%s", out)
	}
	// stderr is not a terminal here: plain progress lines, the last one
	// final.
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "24/24  100.0%") || !strings.Contains(last, "done") ||
		!strings.Contains(last, "leader sharp") || strings.Contains(errOut, "\r") {
		t.Errorf("progress on stderr:\n%q", errOut)
	}
	games := storedGames(t, db)
	if len(games) != 24 {
		t.Fatalf("%d games stored, want 24", len(games))
	}
	for _, g := range games {
		if g.Termination != arena.TermNormal || g.Turns != 10 || g.Scenario.ID != "race" || g.Scenario.Version != "1" {
			t.Errorf("game %s: %v after %d turns on %+v", g.Key, g.Termination, g.Turns, g.Scenario)
		}
	}

	// The same command again plays nothing new.
	out, _ = mustRun(t, args...)
	wantLines(t, "second run", out, "This run: 0 played, 24 already recorded", "Ratings of 3 bots from 24 games")
	if n := len(storedGames(t, db)); n != 24 {
		t.Errorf("%d games stored after the rerun, want 24", n)
	}

	// One game at a time gives the very same games.
	db1 := filepath.Join(t.TempDir(), "serial.db")
	mustRun(t, "run", "--bots", "sharp,steady,random", "--scenarios", "race", "--games", "8", "--seed", "7", "--concurrency", "1", "--db", db1)
	serial := storedGames(t, db1)
	for i, g := range serial {
		p := games[i]
		if g.TournamentID != p.TournamentID || g.Key != p.Key || g.Result() != p.Result() || g.FirstMover != p.FirstMover || g.Seed != p.Seed {
			t.Errorf("game %d differs between concurrency 2 and 1:\n%+v\n%+v", i, p, g)
		}
	}

	out, _ = mustRun(t, "ratings", "--db", db)
	t.Logf("arena ratings:\n%s", out)
	wantLines(t, "ratings", out, "Ratings of 3 bots from 24 games (12 independent clusters", "logistic 400 scale", "Warning: only 12 independent clusters",
		"no prior", "race-v1", "24 games", "P(row is stronger than column)")
	if !regexp.MustCompile(`(?m)^   1  sharp  `).MatchString(out) {
		t.Errorf("sharp is not ranked first:\n%s", out)
	}
	if out2, _ := mustRun(t, "ratings", "--db", db, "--scenario", "race-v1"); out2 != out {
		t.Errorf("--scenario race-v1 changed the table:\n%s", out2)
	}

	out, _ = mustRun(t, "sprt", "--db", db, "--bots", "sharp,random", "--elo0", "0", "--elo1", "50")
	t.Logf("arena sprt:\n%s", out)
	wantLines(t, "sprt", out, "is sharp stronger than random?", "H0: Elo = +0, H1: Elo = +50 (logistic)",
		"Games: 8;", "Pairs: 4;", "(pentanomial model)", "LLR: ", "bounds [-2.944, +2.944]", "Verdict: ")

	out, _ = mustRun(t, "balance", "--db", db, "--sides", "left,right")
	t.Logf("arena balance:\n%s", out)
	wantLines(t, "balance", out, "race-v1: 24 games", "wins: left ", ", right ", "exact binomial p",
		"100.0% by the rules", "mean 10.0 turns", "left's advantage adjusted for the bots", "verdict: ")

	out, _ = mustRun(t, "export", "pgn", "--db", db)
	if n := strings.Count(out, "[Result \""); n != 24 {
		t.Errorf("PGN has %d games, want 24:\n%s", n, out)
	}
	wantLines(t, "PGN", out, `[Event "Flickarena`, `[White "`, `[Scenario "race-v1"]`, `[PairId "`)
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	_, errOut = mustRun(t, "export", "pgn", "--db", db, "--out", pgn, "--scenario", "race")
	if data, err := os.ReadFile(pgn); err != nil || string(data) != out {
		t.Errorf("PGN file differs from stdout (err %v)", err)
	}
	wantLines(t, "export stderr", errOut, "Wrote 24 games to "+pgn)

	page := filepath.Join(t.TempDir(), "report.html")
	out, _ = mustRun(t, "report", "--db", db, "--out", page, "--title", "Race check")
	wantLines(t, "report", out, "Wrote the report of 24 games to "+page)
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	wantLines(t, "report page", string(html), "<title>Race check</title>", `id="rating-table"`, `id="los-matrix"`,
		`data-name="sharp"`, "race-v1", "arena run --bots random,steady,sharp --scenarios race", "test-1", `id="balance-1"`)
}

// TestRun_Interrupted stops a tournament half-way (as Ctrl-C does) and
// resumes it.
func TestRun_Interrupted(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	args := []string{"run", "--bots", "random,stopper", "--scenarios", "race", "--games", "20", "--concurrency", "1", "--db", db}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	decisions := 0
	stopHook = func() { // the stopper is called from one game at a time
		if decisions++; decisions == 30 {
			cancel()
		}
	}
	defer func() { stopHook = func() {} }()
	var out, errOut bytes.Buffer
	err := Main(ctx, args, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "run the same command again") {
		t.Fatalf("interrupted run: err %v\n%s", err, out.String())
	}
	m := regexp.MustCompile(`This run: (\d+) played`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no summary:\n%s", out.String())
	}
	first, _ := strconv.Atoi(m[1])
	if first == 0 || first >= 20 {
		t.Errorf("the interrupted run played %d games, want some of 20", first)
	}
	if n := len(storedGames(t, db)); n != first {
		t.Errorf("%d games stored, but the run said %d", n, first)
	}
	stopHook = func() {}
	resumed, _ := mustRun(t, args...)
	wantLines(t, "resumed run", resumed, "This run: "+strconv.Itoa(20-first)+" played, "+strconv.Itoa(first)+" already recorded")
	if n := len(storedGames(t, db)); n != 20 {
		t.Errorf("%d games stored after resuming, want 20", n)
	}
}

// TestRun_SelfPlay checks that one bot named alone plays itself, seated on both sides.
func TestRun_SelfPlay(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	out, _ := mustRun(t, "run", "--bots", "sharp", "--scenarios", "race-v1", "--games", "4", "--db", db, "--max-turns", "4")
	wantLines(t, "self-play", out, "round-robin, 2 bots, 1 scenario, 4 games per pairing, seed 1: 4 games planned")
	first := map[string]int{}
	for _, g := range storedGames(t, db) {
		first[g.Bots[0].Name]++
		if g.Bots[0].Name+"-mirror" != g.Bots[1].Name && g.Bots[1].Name+"-mirror" != g.Bots[0].Name {
			t.Errorf("game %s between %s and %s, want sharp and sharp-mirror", g.Key, g.Bots[0].Name, g.Bots[1].Name)
		}
	}
	if first["sharp"] != 2 || first["sharp-mirror"] != 2 {
		t.Errorf("first seats %v, want each of sharp and sharp-mirror twice", first)
	}
}

func TestRun_Gauntlet(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	out, _ := mustRun(t, "run", "--bots", "random,steady,sharp", "--gauntlet", "sharp", "--scenarios", "race-v1",
		"--games", "2", "--db", db, "--max-turns", "4")
	wantLines(t, "gauntlet", out, "gauntlet of sharp, 3 bots, 1 scenario, 2 games per pairing, seed 1: 4 games planned")
	for _, g := range storedGames(t, db) {
		if g.Bots[0].Name != "sharp" && g.Bots[1].Name != "sharp" {
			t.Errorf("game %s without the gauntlet bot", g.Key)
		}
		if g.Termination != arena.TermTurnLimit || g.Turns != 4 || g.Result() != arena.Draw || g.Scenario.ID != "race" {
			t.Errorf("game %s: %v %v after %d turns on %s, want a draw at the 4-turn limit on race", g.Key, g.Result(), g.Termination, g.Turns, g.Scenario.ID)
		}
	}
}

func TestRun_BadCommandLines(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	base := []string{"--db", db}
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	// The playable scenarios are the catalogue's (a new game adds its own), by short name.
	names := newCatalogue(reg).names()
	for _, want := range []string{"bank-job", "dry-spell", "flickago", "fliprando", "gunsmith", "hostage", "pardon", "race", "showdown"} {
		if !slices.Contains(names, want) {
			t.Fatalf("playable scenarios %v lack %s", names, want)
		}
	}
	playable := strings.Join(names, ", ")
	tests := []struct {
		name  string
		args  []string
		usage bool   // the error is errUsage
		want  string // in the error, or in stderr for usage errors
	}{
		{"NoBots", []string{"--scenarios", "race"}, false, "--bots is required"},
		{"NoScenarios", []string{"--bots", "random,sharp"}, false, "--scenarios is required"},
		{"OneBotGauntlet", []string{"--bots", "random", "--scenarios", "race", "--gauntlet", "random"}, false, "at least two bots"},
		{"UnknownBot", []string{"--bots", "random,alphago", "--scenarios", "race"}, false, `unknown built-in bot "alphago" (built-in bots: `},
		{"Twice", []string{"--bots", "random,random", "--scenarios", "race"}, false, `bot "random" listed twice`},
		{"Remote", []string{"--bots", "random,remote=127.0.0.1:1", "--scenarios", "race"}, false, "remote bot at 127.0.0.1:1: no answer to GetAgentInfo"},
		{"UnknownScenario", []string{"--bots", "random,sharp", "--scenarios", "moon"}, false, `unknown scenario "moon" (playable: ` + playable + `;`},
		{"OddGames", []string{"--bots", "random,sharp", "--scenarios", "race", "--games", "3"}, false, "positive even number"},
		{"ZeroConcurrency", []string{"--bots", "random,sharp", "--scenarios", "race", "--concurrency", "0"}, false, "--concurrency must lie in [1, 1024], got 0"},
		{"NegativeDeadline", []string{"--bots", "random,sharp", "--scenarios", "race", "--deadline", "-1s"}, false, "--deadline must lie in [0, 1h0m0s], got -1s"},
		{"BotForAnotherGame", []string{"--bots", "random,aimer", "--scenarios", "race:players=2"}, false,
			"bot aimer does not play race-v1 (scenario race:players=2); it plays flickemup, flickago"},
		{"GauntletOutsider", []string{"--bots", "random,sharp", "--scenarios", "race", "--gauntlet", "steady"}, false, `gauntlet bot "steady" is not in --bots`},
		{"BadFlag", []string{"--bots", "random,sharp", "--rounds", "3"}, true, "flag provided but not defined: -rounds"},
		{"BadValue", []string{"--games", "many"}, true, `invalid value "many" for flag -games`},
		{"Extra", []string{"--bots", "random,sharp", "--scenarios", "race", "now"}, true, `unexpected argument "now"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, err := run(t, append(append([]string{"run"}, base...), tc.args...)...)
			switch {
			case err == nil:
				t.Fatal("accepted")
			case tc.usage && (!errors.Is(err, errUsage) || !strings.Contains(errOut, tc.want)):
				t.Errorf("err %v, stderr %q; want usage with %q", err, errOut, tc.want)
			case !tc.usage && !strings.Contains(err.Error(), tc.want):
				t.Errorf("err %v; want %q", err, tc.want)
			}
		})
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a rejected command line created the database")
	}
	_, errOut, err := run(t, "help", "run")
	if !errors.Is(err, flag.ErrHelp) || !strings.Contains(errOut, "Usage: arena run") || !strings.Contains(errOut, "-gauntlet bot") {
		t.Errorf("help run: err %v, stderr:\n%s", err, errOut)
	}
}

// TestRatings_Refusals checks the pools the ratings refuse to put on one
// scale, and the way out.
func TestRatings_Refusals(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "random,steady", "--scenarios", "race", "--games", "12", "--db", db)
	out, _ := mustRun(t, "run", "--bots", "sharp,passer", "--scenarios", "race", "--games", "2", "--db", db)
	// passer never scores: the final table of that run is refused, but the
	// run succeeds.
	wantLines(t, "run with a separated pool", out, "No rating table: the ratings would be infinite", "--prior 400")

	_, _, err := run(t, "ratings", "--db", db)
	if err == nil {
		t.Fatal("a disconnected pool was rated")
	}
	wantLines(t, "disconnected error", err.Error(), "ratings: the bots form 2 groups that never played each other",
		"group 1: passer, sharp", "group 2: random, steady")

	out, _ = mustRun(t, "ratings", "--db", db, "--bots", "random,steady")
	wantLines(t, "one group", out, "Ratings of 2 bots from 12 games")

	_, _, err = run(t, "ratings", "--db", db, "--bots", "sharp,passer")
	if err == nil || !strings.Contains(err.Error(), "group 1: sharp\n  group 2: passer") {
		t.Errorf("separated pool: err %v", err)
	}
	out, _ = mustRun(t, "ratings", "--db", db, "--bots", "sharp,passer", "--prior", "400")
	wantLines(t, "with a prior", out, "Gaussian prior τ = 400 Elo", "sharp", "passer")

	tests := []struct {
		name string
		args []string
		want string
	}{
		{"NoDatabase", []string{"ratings", "--db", filepath.Join(t.TempDir(), "none.db")}, "no results database at"},
		{"NoScenario", []string{"ratings", "--db", db, "--scenario", "moon"}, "no games in " + db + " (scenario moon)"},
		{"NoTournament", []string{"balance", "--db", db, "--tournament", "zzz"}, "no games in " + db + " (tournament zzz)"},
		{"NegativePrior", []string{"ratings", "--db", db, "--prior", "-1"}, "--prior must lie in [0, 100000] Elo, got -1"},
		{"SPRTOneBot", []string{"sprt", "--db", db, "--bots", "random"}, "--bots takes two different bots"},
		{"SPRTStrangers", []string{"sprt", "--db", db, "--bots", "random,sharp"}, "no games in"},
		{"SPRTBounds", []string{"sprt", "--db", db, "--bots", "random,steady", "--elo0", "5", "--elo1", "0"}, "elo0 5 must be below elo1 0"},
		{"BalanceSides", []string{"balance", "--db", db, "--sides", "lawmen"}, "--sides takes two names"},
		{"ExportFormat", []string{"export", "xml", "--db", db}, "usage"},
		{"ExportWhite", []string{"export", "pgn", "--db", db, "--white", "black"}, "--white takes x or first"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := run(t, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want %q", err, tc.want)
			}
		})
	}

	// The SPRT of two bots without complete pairs falls back on single
	// games: none here, every game is paired.
	out, _ = mustRun(t, "sprt", "--db", db, "--bots", "steady,random")
	wantLines(t, "sprt", out, "Games: 12;", "Pairs: 6;")
	out, _ = mustRun(t, "balance", "--db", db)
	wantLines(t, "balance of a disconnected pool", out, "not adjusted for the bots", "race-v1: 14 games", "verdict: ")
	page := filepath.Join(t.TempDir(), "report.html")
	mustRun(t, "report", "--db", db, "--out", page)
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	wantLines(t, "report of a disconnected pool", string(html), "No rating table: the bots form 2 groups", `id="balance-1"`)
}

func TestScenariosAndValidate(t *testing.T) {
	out, _ := mustRun(t, "scenarios")
	wantLines(t, "scenarios", out, "race                 race-v1", "flickago             flickago-v3", "showdown: Showdown on Main Street", "bank-job:")

	dir := t.TempDir()
	good := filepath.Join(dir, "showdown.scn")
	src, err := flickemup.Source("showdown")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, src, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.scn")
	if err := os.WriteFile(bad, []byte("scenario bad\ntable width=abc height=90\nbogus x=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ = mustRun(t, "validate", good)
	wantLines(t, "validate good", out, good+": ok, scenario showdown (Showdown on Main Street)")

	out, _, err = run(t, "validate", good, bad)
	if err == nil || !strings.Contains(err.Error(), "1 of 2 files have problems") {
		t.Errorf("validate bad: err %v", err)
	}
	wantLines(t, "validate bad", out, bad+`:2: table.width: "abc" is not a number`, bad+":3: bogus: unknown directive")
	if _, _, err := run(t, "validate"); !errors.Is(err, errUsage) {
		t.Errorf("validate without a file: err %v", err)
	}
}

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	bar := startProgress(&buf)
	var last arena.Progress
	for i := range 5 {
		last = arena.Progress{Done: i, Total: 4, Played: i, Leader: "sharp", LeaderScore: 0.75, LeaderGames: i}
		bar.Update(last)
	}
	bar.Stop()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if got, want := lines[len(lines)-1], arena.FormatProgress(last, 0); got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	if len(lines) > 2 || strings.Contains(buf.String(), "\r") {
		t.Errorf("plain progress drew %d lines (want the first and the last):\n%q", len(lines), buf.String())
	}
}
