package viewer_test

import (
	"bytes"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
	"github.com/flickarena/flickarena/viewer"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the viewer's screenshots to docs/img/viewer.png and docs/img/viewer-fliprando.png")

// screenshotKey is the seed of the game in the README's screenshot.
const screenshotKey = 5

// showdown records a showdown between two shooters, with its trajectories.
func showdown(t *testing.T, key uint64) *replay.Replay {
	t.Helper()
	return replaytest.Play(t, replaytest.Registry(t), flickemup.ID, replaytest.RecordOn, key, 0, replaytest.Shooter{})
}

// waitFor waits until the JavaScript expression cond is true in the page, for at most 20 s
// (a bound against a hung page, not a measured time).
func waitFor(t *testing.T, b *browsertest.Browser, cond string) {
	t.Helper()
	ok := browsertest.Eval[bool](b, `new Promise((resolve) => {
		const t0 = performance.now();
		(function poll() {
			let v = false;
			try { v = !!(`+cond+`); } catch (e) {}
			if (v) resolve(true);
			else if (performance.now() - t0 > 20000) resolve(false);
			else setTimeout(poll, 20);
		})();
	})`)
	if !ok {
		t.Fatalf("timed out waiting for %s", cond)
	}
}

// openReplay writes r into a standalone page named name, opens it in a new headless browser
// and waits until the page has loaded every step of r and drawn the opening.
func openReplay(t *testing.T, name string, r *replay.Replay) *browsertest.Browser {
	t.Helper()
	page, err := viewer.Standalone(viewer.Named{Name: name, Replay: r})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name+".html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b := browsertest.New(t)
	b.Open(path)
	waitFor(t, b, `window.flickViewer && flickViewer.ready && flickViewer.drawn`)
	if n := browsertest.Eval[int](b, `flickViewer.steps`); n != len(r.Steps) {
		t.Fatalf("the viewer loaded %d steps, the replay has %d", n, len(r.Steps))
	}
	return b
}

// inks counts the canvas pixels of the viewer's main colours.
type inks struct {
	Red, Blue, Gold, Dark, Wall, Table, Total int
}

// canvasInks samples every pixel of the table's canvas.
func canvasInks(b *browsertest.Browser) inks {
	return browsertest.Eval[inks](b, `(() => {
		const c = document.getElementById("table");
		const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
		const near = (i, r, g, b) => Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 40;
		const n = { Red: 0, Blue: 0, Gold: 0, Dark: 0, Wall: 0, Table: 0, Total: d.length / 4 };
		for (let i = 0; i < d.length; i += 4) {
			if (near(i, 214, 40, 40)) n.Red++;
			else if (near(i, 29, 78, 216)) n.Blue++;
			else if (near(i, 232, 185, 35)) n.Gold++;
			else if (near(i, 52, 48, 44)) n.Dark++;
			else if (near(i, 107, 68, 35)) n.Wall++;
			else if (near(i, 230, 208, 160)) n.Table++;
		}
		return n;
	})()`)
}

// checkDrawn fails t unless the canvas shows a table with buildings and both teams' figures
// with red hats, and blue ones too when blue is set (a hat turns blue once its cowboy has
// played at a red hour).
func checkDrawn(t *testing.T, b *browsertest.Browser, blue bool) {
	t.Helper()
	n := canvasInks(b)
	t.Logf("canvas pixels: %+v", n)
	if n.Table < n.Total/3 || n.Red < 100 || n.Gold < 100 || n.Dark < 100 || n.Wall < 200 || blue && n.Blue < 30 {
		t.Errorf("the canvas does not show the table, the walls, both teams and the hats: %+v", n)
	}
}

func TestViewer_Browser(t *testing.T) {
	r := showdown(t, screenshotKey)
	b := openReplay(t, "viewer", r)
	if n := browsertest.Eval[int](b, `document.querySelectorAll("#actions li").length`); n != len(r.Steps) {
		t.Errorf("%d actions listed, want %d", n, len(r.Steps))
	}
	checkDrawn(t, b, false)

	t.Run("Play", func(t *testing.T) {
		b := b.For(t)
		browsertest.Eval[bool](b, `(flickViewer.setSpeed(4), document.getElementById("play").click(), true)`)
		waitFor(t, b, `flickViewer.time > 2 && flickViewer.step >= 1`)
		browsertest.Eval[bool](b, `(document.getElementById("play").click(), true)`)
		if browsertest.Eval[bool](b, `flickViewer.playing`) {
			t.Error("still playing after pressing pause")
		}
		// the slider snaps to its step of 1 ms: a playhead at 2.0004 s shows as 2
		if v := browsertest.Eval[float64](b, `+document.getElementById("timeline").value`); v < 2 {
			t.Errorf("the timeline is at %v after playing, want 2 or more (playhead at %v s)", v, browsertest.Eval[float64](b, `flickViewer.time`))
		}
		if s := browsertest.Eval[string](b, `document.getElementById("time").textContent`); s == "0.0 / 0.0 s" {
			t.Errorf("time label %q", s)
		}
	})

	t.Run("StepByAction", func(t *testing.T) {
		b := b.For(t)
		browsertest.Eval[bool](b, `(flickViewer.seek(0), flickViewer.setSpeed(8), true)`)
		for k := range 4 {
			browsertest.Eval[bool](b, `(document.getElementById("next").click(), true)`)
			// the player stops on the action's result, and the action list follows
			waitFor(t, b, fmt.Sprintf(`!flickViewer.playing && flickViewer.step === %d && !flickViewer.animating &&
				document.querySelector("#actions li.current").dataset.step === "%d"`, k, k))
		}
		browsertest.Eval[bool](b, `(document.getElementById("prev").click(), true)`)
		waitFor(t, b, `flickViewer.step === 2 && document.querySelector("#actions li.current").dataset.step === "2"`)
		// The timeline slider seeks.
		browsertest.Eval[bool](b, `(() => { const tl = document.getElementById("timeline"); tl.value = tl.max; tl.dispatchEvent(new Event("input")); return true; })()`)
		waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && document.getElementById("turn").textContent === "Game over"`, len(r.Steps)-1))
	})

	t.Run("Screenshot", func(t *testing.T) {
		b := b.For(t)
		// A larger window, as on a desktop, for the README.
		b.Run(chromedp.EmulateViewport(1320, 940))
		// Just after a hit in the middle of the game: the flick's arrow and trail, the contact
		// and the figure falling, hats of both colours, wounds.
		fall := browsertest.Eval[struct {
			Step int
			Time float64
		}](b, `flickViewer.fallAfter(40)`)
		if fall.Step < 0 {
			t.Fatal("no figure falls after step 40")
		}
		browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.setSpeed(1), flickViewer.seek(%v), true)`, fall.Time))
		waitFor(t, b, `flickViewer.animating && flickViewer.drawn`)
		checkDrawn(t, b, true)
		shot := b.Screenshot("viewer")
		if *updateScreenshot {
			data, err := os.ReadFile(shot)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join("..", "docs", "img", "viewer.png"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})

	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}

// TestViewer_BrowserServer watches a game live through the server, then opens a stored
// replay from its list.
func TestViewer_BrowserServer(t *testing.T) {
	r := showdown(t, 2)
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	dir := t.TempDir()
	if err := replay.WriteFile(filepath.Join(dir, "stored"+replay.GzipExt), r); err != nil {
		t.Fatal(err)
	}
	live := viewer.NewLive()
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Replays: openRoot(t, dir), Live: live}))
	defer srv.Close()
	defer live.Close()            // first: it ends the browser's stream, which Close would wait for
	for _, l := range lines[:6] { // the header and five steps, before the viewer connects
		live.Line(l)
	}

	b := browsertest.New(t)
	b.Navigate(srv.URL + "/?live")
	waitFor(t, b, `flickViewer.live && flickViewer.steps === 5`)
	for _, l := range lines[6:40] {
		live.Line(l)
	}
	waitFor(t, b, `flickViewer.steps === 39`)
	waitFor(t, b, `flickViewer.step >= 5 && flickViewer.drawn`) // it plays what arrives
	checkDrawn(t, b, false)
	if !browsertest.Eval[bool](b, `!document.getElementById("live-badge").hidden`) {
		t.Error("no LIVE badge")
	}
	// A new game waits until the current one has been watched to its end, then replaces it.
	live.Line(lines[0])
	for _, l := range lines[1:4] {
		live.Line(l)
	}
	waitFor(t, b, `flickViewer.waiting === 3`)
	if n := browsertest.Eval[int](b, `flickViewer.steps`); n != 39 {
		t.Errorf("the current game has %d steps after a new header, want 39: it is still watched", n)
	}
	browsertest.Eval[bool](b, `(flickViewer.seek(flickViewer.duration), true)`)
	waitFor(t, b, `flickViewer.steps === 3 && flickViewer.waiting === -1`)
	live.Line(lines[4])
	waitFor(t, b, `flickViewer.steps === 4`)
	b.Screenshot("live")

	// The stored replay, from the server's list.
	b.Navigate(srv.URL + "/")
	waitFor(t, b, `flickViewer.ready && flickViewer.steps === `+fmt.Sprint(len(r.Steps)))
	if src := browsertest.Eval[string](b, `flickViewer.source`); src != "replays/stored.jsonl.gz" {
		t.Errorf("loaded %q, want the stored replay", src)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}
