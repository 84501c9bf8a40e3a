package viewer_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/internal/catalogue"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer"
	"github.com/flickarena/flickarena/viewer/play"
)

// playServer serves the viewer with its play mode over the catalogue's games, with the
// built-in bots random and aimer, saving the games' replays into the replay directory.
func playServer(t *testing.T) (*httptest.Server, string) {
	t.Helper()
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	var bots []play.Bot
	for _, name := range []string{"random", "aimer"} {
		b, err := builtin.New(name)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, play.Bot{Name: name, Policy: b})
	}
	dir := t.TempDir()
	games, err := play.NewServer(play.Config{Registry: reg, Bots: bots,
		Save: func(name string, r *replay.Replay) error { return replay.WriteFile(filepath.Join(dir, name), r) }})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Replays: openRoot(t, dir), Play: games}))
	t.Cleanup(func() {
		srv.Close()
		games.Close()
	})
	return srv, dir
}

// setUp opens the play page, chooses the game and who takes each seat, and starts the game
// by clicking, as a person does.
func setUp(t *testing.T, b *browsertest.Browser, url, game string, players int, seats []string) {
	t.Helper()
	b.Navigate(url + "/play")
	waitFor(t, b, `window.flickPlay && flickPlay.games.length > 0 && document.querySelectorAll(".play-seat").length > 0`)
	set := fmt.Sprintf(`(() => {
		const g = document.getElementById("play-game");
		g.value = %q; g.dispatchEvent(new Event("change"));
		if (%d > 0) { const p = document.getElementById("play-players"); p.value = "%d"; p.dispatchEvent(new Event("change")); }
		const seats = %s;
		const sel = document.querySelectorAll(".play-seat");
		if (sel.length !== seats.length) return "seats: " + sel.length;
		const names = document.querySelectorAll(".play-name");
		seats.forEach((s, i) => {
			const [v, who] = s.split(":");
			sel[i].value = v; sel[i].dispatchEvent(new Event("change"));
			names[i].value = who || "";
		});
		return "";
	})()`, game, players, players, jsArray(seats))
	if msg := browsertest.Eval[string](b, set); msg != "" {
		t.Fatalf("set up %s: %s", game, msg)
	}
	click(t, b, "#play-start")
	waitFor(t, b, `flickPlay.id !== "" && flickViewer.ready`)
	browsertest.Eval[bool](b, `(flickViewer.setSpeed(8), true)`)
}

// jsArray writes a list of strings as a JavaScript array.
func jsArray(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = fmt.Sprintf("%q", v)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// click clicks the middle of the element selected by css with the mouse.
func click(t *testing.T, b *browsertest.Browser, css string) {
	t.Helper()
	at := centre(t, b, css)
	b.Run(chromedp.MouseClickXY(at.X, at.Y))
}

// follow clicks the link the CSS selector names, like click, and waits until the page it
// opens has loaded.
func follow(t *testing.T, b *browsertest.Browser, css string) {
	t.Helper()
	at := centre(t, b, css)
	b.Follow(chromedp.MouseClickXY(at.X, at.Y))
}

// centre scrolls the element the CSS selector names into view and returns its centre in
// CSS pixels of the viewport; no such element fails the test.
func centre(t *testing.T, b *browsertest.Browser, css string) struct{ X, Y float64 } {
	t.Helper()
	at := browsertest.Eval[struct{ X, Y float64 }](b, fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return { x: -1, y: -1 };
		e.scrollIntoView({ block: "nearest" });
		const r = e.getBoundingClientRect();
		return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
	})()`, css))
	if at.X < 0 {
		t.Fatalf("no element %s", css)
	}
	return at
}

// drag presses the mouse at (x, y), moves it by (dx, dy) in steps, and, when release is set,
// releases it there.
func drag(b *browsertest.Browser, x, y, dx, dy float64, release bool) {
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x+f*dx, y+f*dy, chromedp.ButtonLeft))
	}
	if release {
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x+dx, y+dy, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	}
	b.Run(acts...)
}

// turnInfo is what the scripted person reads of the turn.
type turnInfo struct {
	Step, Seat int
	Labels     []string
	Aims       []bool
}

// readTurn waits for a person's turn open for input, or the end (ok false).
func readTurn(t *testing.T, b *browsertest.Browser) (turnInfo, bool) {
	t.Helper()
	waitFor(t, b, `flickPlay.over || flickPlay.ready`)
	if browsertest.Eval[bool](b, `flickPlay.over`) {
		return turnInfo{}, false
	}
	return browsertest.Eval[turnInfo](b, `(() => { const t = flickPlay.turn; return { step: t.step, seat: t.seat,
		labels: t.choices.map((c) => c.label), aims: t.choices.map((c) => !!c.aim) }; })()`), true
}

// flickChoice plays choice k of the turn, a flick: it clicks its button, then drags from
// its piece by (dx, dy) px and releases; screenshot, if not empty, names a screenshot taken
// with the arrow drawn, before the release.
func flickChoice(t *testing.T, b *browsertest.Browser, tn turnInfo, k int, dx, dy float64, screenshot string) {
	t.Helper()
	sel := fmt.Sprintf(`#play-choices button[data-choice="%d"]`, k)
	click(t, b, sel)
	if !within(b, fmt.Sprintf(`flickPlay.choice === %d`, k)) {
		t.Fatalf("clicking %s chose nothing: %s", sel, browsertest.Eval[string](b, `JSON.stringify({ choice: flickPlay.choice, ready: flickPlay.ready,
			turn: flickPlay.turn && flickPlay.turn.step, msg: document.getElementById("play-msg").textContent,
			buttons: [...document.querySelectorAll("#play-choices button")].map((b) => [b.textContent, b.disabled, b.getBoundingClientRect().top]) })`))
	}
	from := browsertest.Eval[struct{ X, Y float64 }](b, `(() => { const a = flickPlay.turn.choices[flickPlay.choice].aim; return flickPlay.at(a.from[0], a.from[1]); })()`)
	if screenshot == "" {
		drag(b, from.X, from.Y, dx, dy, true)
		return
	}
	drag(b, from.X, from.Y, dx, dy, false)
	waitFor(t, b, `flickViewer.drawn`)
	saveScreenshot(t, b, screenshot)
	b.Run(chromedp.MouseEvent(chromedp.MouseReleased, from.X+dx, from.Y+dy, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// saveScreenshot takes a screenshot, written to docs/img/NAME.png with -update-screenshot.
func saveScreenshot(t *testing.T, b *browsertest.Browser, name string) {
	t.Helper()
	shot := b.Screenshot(name)
	if !*updateScreenshot {
		return
	}
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "img", name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// played waits until the turn of step has been played (or the game is over), and fails t
// on a refusal.
func played(t *testing.T, b *browsertest.Browser, step int) {
	t.Helper()
	cond := fmt.Sprintf(`flickPlay.over || !flickPlay.busy && (!flickPlay.turn || flickPlay.turn.step !== %d) || document.getElementById("play-msg").textContent !== ""`, step)
	if !within(b, cond) {
		t.Fatalf("step %d was not played: %s", step, browsertest.Eval[string](b, `JSON.stringify({ turn: flickPlay.turn, choice: flickPlay.choice,
			ready: flickPlay.ready, busy: flickPlay.busy, scroll: [scrollX, scrollY], canvas: document.getElementById("table").getBoundingClientRect() })`))
	}
	if msg := browsertest.Eval[string](b, `document.getElementById("play-msg").textContent`); msg != "" {
		t.Fatalf("step %d: the server refused the action: %s", step, msg)
	}
}

// within waits until the JavaScript expression cond is true in the page, for at most 20 s,
// and reports whether it came true.
func within(b *browsertest.Browser, cond string) bool {
	return browsertest.Eval[bool](b, `new Promise((resolve) => {
		const t0 = performance.now();
		(function poll() {
			let v = false;
			try { v = !!(`+cond+`); } catch (e) {}
			if (v) resolve(true);
			else if (performance.now() - t0 > 20000) resolve(false);
			else setTimeout(poll, 20);
		})();
	})`)
}

// finish checks the end of a played game: the note, the saved replay, which the viewer opens
// from the page's link with every step.
func finish(t *testing.T, b *browsertest.Browser, dir string, seats []string) {
	t.Helper()
	waitFor(t, b, `flickPlay.over && flickPlay.replay !== ""`)
	note := browsertest.Eval[string](b, `flickPlay.note`)
	t.Logf("game over: %s", note)
	name := browsertest.Eval[string](b, `flickPlay.replay`)
	r, err := replay.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if r.End == nil || r.End.Status != "terminated" {
		t.Fatalf("the saved game ended %+v, want by its rules", r.End)
	}
	if got := strings.Join(r.Header.Players, ","); got != strings.Join(seats, ",") {
		t.Errorf("the replay's players are %s, want %s", got, strings.Join(seats, ","))
	}
	follow(t, b, "#play-replay")
	waitFor(t, b, fmt.Sprintf(`window.flickViewer && flickViewer.ready && !window.flickPlay.on && flickViewer.steps === %d`, len(r.Steps)))
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}

// TestPlay_BrowserFlickago: a person plays a whole Flickago game against random with the
// mouse, flicking by dragging from the disc, then opens its replay in the viewer.
func TestPlay_BrowserFlickago(t *testing.T) {
	srv, dir := playServer(t)
	b := browsertest.New(t)
	b.Run(chromedp.EmulateViewport(1320, 940))
	seats := []string{"human", "random"}
	setUp(t, b, srv.URL, "flickago-v3", 0, seats)
	flicks := 0
	for {
		tn, ok := readTurn(t, b)
		if !ok {
			break
		}
		k := 0
		if tn.Aims[k] {
			// up the board for White, down for Black (the screen shows White at the bottom),
			// a little aside each time
			dy := -70.0
			if tn.Seat == 1 {
				dy = 70
			}
			shot := ""
			if flicks == 4 {
				shot = "play-flickago"
			}
			flickChoice(t, b, tn, k, float64(flicks%5-2)*12, dy, shot)
			flicks++
		} else {
			click(t, b, fmt.Sprintf(`#play-choices button[data-choice="%d"]`, k))
		}
		played(t, b, tn.Step)
	}
	if flicks < 5 {
		t.Errorf("the person flicked %d times", flicks)
	}
	finish(t, b, dir, seats)
}

// TestPlay_BrowserShowdown: a person plays a whole Flick 'em Up! showdown against random
// with the mouse: chooses a cowboy, shoots (choosing the side of the bullet) or moves by
// dragging, ends turns; then opens its replay in the viewer.
func TestPlay_BrowserShowdown(t *testing.T) {
	srv, dir := playServer(t)
	b := browsertest.New(t)
	b.Run(chromedp.EmulateViewport(1320, 940))
	seats := []string{"human:ana", "random"} // a person who gives a name
	setUp(t, b, srv.URL, "flickemup/showdown-v9", 0, seats)
	flicks, shots := 0, 0
	for {
		tn, ok := readTurn(t, b)
		if !ok {
			break
		}
		// a shot when one is legal (alternating sides), else a move on every other turn, else
		// the end of the turn, else the first choice (the cowboy to play)
		k := pick(tn.Labels, fmt.Sprintf("shoot %s", [2]string{"left", "right"}[shots%2]), "shoot")
		if k < 0 && flicks%2 == 0 {
			k = pick(tn.Labels, "move")
		}
		if k < 0 {
			k = max(pick(tn.Labels, "end-turn"), 0)
		}
		if tn.Aims[k] {
			dy := -60.0
			if tn.Seat == 1 {
				dy = 60
			}
			shot := ""
			if strings.HasPrefix(tn.Labels[k], "shoot") {
				if shots == 2 {
					shot = "play-flickemup"
				}
				shots++
			}
			flickChoice(t, b, tn, k, float64(flicks%5-2)*10, dy, shot)
			flicks++
		} else {
			click(t, b, fmt.Sprintf(`#play-choices button[data-choice="%d"]`, k))
		}
		played(t, b, tn.Step)
	}
	if shots < 3 {
		t.Errorf("the person shot %d times", shots)
	}
	finish(t, b, dir, seats)
}

// TestPlay_BrowserFlipRando: three seats, two of them people at one screen (hot seat), and
// random: each person clicks the first of its legal actions, to the end of the game.
func TestPlay_BrowserFlipRando(t *testing.T) {
	srv, dir := playServer(t)
	b := browsertest.New(t)
	b.Run(chromedp.EmulateViewport(1320, 940))
	players := []string{"human", "random", "human"}
	setUp(t, b, srv.URL, "fliprando-v1", 3, players)
	seats := map[int]bool{}
	for n := 0; ; n++ {
		tn, ok := readTurn(t, b)
		if !ok {
			break
		}
		seats[tn.Seat] = true
		if n == 6 {
			saveScreenshot(t, b, "play-fliprando")
		}
		click(t, b, `#play-choices button[data-choice="0"]`)
		played(t, b, tn.Step)
	}
	if !seats[0] || !seats[2] || seats[1] {
		t.Errorf("the people played seats %v, want 0 and 2", seats)
	}
	finish(t, b, dir, players)
}

// pick returns the first label that starts with one of prefixes, in their order, or -1.
func pick(labels []string, prefixes ...string) int {
	for _, p := range prefixes {
		for k, l := range labels {
			if strings.HasPrefix(l, p) {
				return k
			}
		}
	}
	return -1
}
