package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
)

// wild plays like random under another name, so that two random players can meet.
var wild = testBot{"wild", random.New().Act}

// replayFiles returns the names of the replay files in dir, sorted.
func replayFiles(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"+replay.GzipExt))
	if err != nil {
		t.Fatal(err)
	}
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	slices.Sort(names)
	return names
}

// verifyAll checks that every replay in dir replays exactly, and returns them by game key.
func verifyAll(t *testing.T, dir string, trajectories bool) map[string]*replay.Replay {
	t.Helper()
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*replay.Replay{}
	for _, name := range replayFiles(t, dir) {
		r, err := replay.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := replay.Verify(reg, r); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		flicks := 0
		for _, s := range r.Steps {
			flicks += len(s.Flicks)
		}
		if (flicks > 0) != trajectories {
			t.Errorf("%s: %d flicks recorded, want trajectories %v", name, flicks, trajectories)
		}
		out[r.Header.Title] = r
	}
	return out
}

func TestRun_RecordAll(t *testing.T) {
	addTestBots(t, wild)
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	out, _ := mustRun(t, "run", "--bots", "random,wild", "--scenarios", "showdown", "--games", "2", "--concurrency", "1",
		"--record", "all", "--db", db)
	rdir := filepath.Join(dir, "results-replays")
	wantLines(t, "run output", out, "Replays: 2 of this tournament in "+rdir)
	kept := verifyAll(t, rdir, true)
	for _, g := range storedGames(t, db) {
		r := kept[g.Key]
		if r == nil {
			t.Errorf("no replay of game %s", g.Key)
			continue
		}
		if r.Header.Players[0] != g.Bots[arena.SideX].Name || len(r.Steps) != g.Turns || r.Header.Seed.Key != g.Seed {
			t.Errorf("game %s: replay of %v, %d steps, seed %d; the store says %v, %d turns, seed %d",
				g.Key, r.Header.Players, len(r.Steps), r.Header.Seed.Key, g.Bots, g.Turns, g.Seed)
		}
	}
}

func TestRun_RecordFirst(t *testing.T) {
	withTestBots(t)
	dir := t.TempDir()
	rdir := filepath.Join(dir, "chosen")
	out, _ := mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "4", "--concurrency", "1",
		"--record", "first=1", "--replays", rdir, "--db", filepath.Join(dir, "r.db"))
	wantLines(t, "run output", out, "Replays: 3 of this tournament in "+rdir)
	kept := verifyAll(t, rdir, false) // Race has no flicks
	for key := range kept {
		if !strings.HasSuffix(key, "|0|0") {
			t.Errorf("kept game %s, which is not the first of its pairing (round 0, leg 0)", key)
		}
	}
}

func TestRun_RecordUpsets(t *testing.T) {
	withTestBots(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "r.db")
	out, _ := mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "8", "--concurrency", "2",
		"--record", "upsets", "--db", db)
	rdir := filepath.Join(dir, "r-replays")
	// The upsets, judged independently from the stored games.
	games := storedGames(t, db)
	m, err := rating.Fit(arena.RatingGames(games), fitConfig(0))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range games {
		w, ok := g.Result().Winner()
		if !ok || g.Termination != arena.TermNormal {
			continue
		}
		a, _ := m.Bot(g.Bots[w].Name)
		b, _ := m.Bot(g.Bots[w.Other()].Name)
		if a.Elo < b.Elo {
			want = append(want, g.Key)
		}
	}
	if len(want) == 0 || len(want) == len(games) {
		t.Fatalf("%d upsets in %d games: the test needs some and not all", len(want), len(games))
	}
	kept := verifyAll(t, rdir, false)
	var got []string
	for key := range kept {
		got = append(got, key)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("kept %v, want the upsets %v", got, want)
	}
	if left, _ := os.ReadDir(filepath.Join(rdir, arena.PendingDir)); len(left) != 0 {
		t.Errorf("%d replays left pending", len(left))
	}
	wantLines(t, "run output", out, "Replays: "+strconv.Itoa(len(want))+" upsets kept in "+rdir)
}

func TestRun_RecordBadFlag(t *testing.T) {
	for _, v := range []string{"some", "first=0", "first=x", "first"} {
		_, _, err := run(t, "run", "--bots", "random,wild", "--scenarios", "race", "--record", v, "--db", filepath.Join(t.TempDir(), "r.db"))
		if err == nil || !strings.Contains(err.Error(), "--record") {
			t.Errorf("--record %s: got %v, want an error naming --record", v, err)
		}
	}
}

// TestReport_Replays embeds the replays of a tournament in its report, and checks in a
// browser that the viewer inside the report plays them.
func TestReport_Replays(t *testing.T) {
	addTestBots(t, wild)
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	mustRun(t, "run", "--bots", "random,wild", "--scenarios", "showdown", "--games", "4", "--concurrency", "2", "--record", "first=2", "--db", db)
	// The balance counts how the games ended, in the game's own words.
	if out, _ := mustRun(t, "balance", "--db", db); !strings.Contains(out, "% ") ||
		(!strings.Contains(out, "last team standing") && !strings.Contains(out, "noon")) {
		t.Errorf("arena balance lists no reason for the ends:\n%s", out)
	}
	page := filepath.Join(dir, "report.html")
	mustRun(t, "report", "--db", db, "--out", page, "--embed-replays", "3")
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `<iframe class="replay-viewer"`); n != 1 {
		t.Fatalf("%d replay viewers in the report, want 1", n)
	}
	b := browsertest.New(t)
	b.Open(page)
	frame := `document.querySelector("iframe.replay-viewer").contentWindow`
	ok := browsertest.Eval[bool](b, `new Promise((resolve) => {
		const t0 = performance.now();
		(function poll() {
			let v = false;
			try { v = `+frame+`.flickViewer.ready; } catch (e) {}
			if (v) resolve(true); else if (performance.now() - t0 > 20000) resolve(false); else setTimeout(poll, 20);
		})();
	})`)
	if !ok {
		t.Fatal("the viewer in the report did not load a replay")
	}
	// Two replays kept per pairing (first=2), both embedded, in a list.
	if n := browsertest.Eval[int](b, frame+`.document.querySelectorAll("#replay-list option").length`); n != 2 {
		t.Errorf("the viewer lists %d replays, want 2", n)
	}
	if n := browsertest.Eval[int](b, frame+`.flickViewer.steps`); n == 0 {
		t.Error("the embedded replay has no steps")
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
	b.Screenshot("report")

	mustRun(t, "report", "--db", db, "--out", page, "--embed-replays", "0")
	if html, _ := os.ReadFile(page); strings.Contains(string(html), "replay-viewer") {
		t.Error("--embed-replays 0 still embeds a viewer")
	}
}

// TestReport_CorruptReplay: a replay file that is not a replay and one
// that fails replay.Verify are skipped with a warning naming them; the report is written with the sound replays.
// One corrupt file used to fail the whole report.
func TestReport_CorruptReplay(t *testing.T) {
	withTestBots(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	mustRun(t, "run", "--bots", "random,steady", "--scenarios", "race", "--games", "4", "--record", "all", "--db", db)
	files := replayFiles(t, filepath.Join(dir, "results-replays"))
	if len(files) != 4 {
		t.Fatalf("%d replays, want 4", len(files))
	}
	for i := range files {
		files[i] = filepath.Join(dir, "results-replays", files[i])
	}
	// The first game's replay is garbage; the second's records a wrong state hash, which
	// replay.Verify catches.
	if err := os.WriteFile(files[0], []byte("this is not a replay\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := replay.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Steps) == 0 {
		t.Fatal("a replay without steps")
	}
	r.Steps[len(r.Steps)-1].Hash ^= 1
	if err := replay.WriteFile(files[1], r); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	out, errOut := mustRun(t, "report", "--db", db, "--out", page, "--embed-replays", "4")
	wantLines(t, "report", out, "Wrote the report of 4 games")
	if n := strings.Count(errOut, "report: warning: skipped the replay of game"); n != 2 {
		t.Errorf("%d warnings, want 2:\n%s", n, errOut)
	}
	wantLines(t, "warnings", errOut, files[0], files[1])
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(html), `<iframe class="replay-viewer"`); n != 1 {
		t.Errorf("%d replay viewers, want 1 (with the 2 sound replays)", n)
	}
}
