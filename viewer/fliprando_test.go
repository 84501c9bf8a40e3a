package viewer_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

var update = flag.Bool("update", false, "rewrite the replays under testdata from their seeded games")

// flipRandoReplay is a whole 3-seat game of Flip' Rando between random players, seeded as
// arena game 5: a discrete game of more than two seats for the viewer's tests.
const flipRandoReplay = "testdata/fliprando.jsonl"

// recordFlipRando plays and records the game of flipRandoReplay.
func recordFlipRando(t *testing.T) *replay.Replay {
	t.Helper()
	return replaytest.Play(t, replaytest.Registry(t), fliprando.ID, env.Options{"players": "3"}, 5, 0, env.RandomPolicy{})
}

// TestFlipRandoReplay_Golden checks that testdata holds the replay its seeded game records
// today (regenerate it with -update after a deliberate change of the game's view, drawing
// or labels), and that the file verifies: played again from its seed, the same game.
func TestFlipRandoReplay_Golden(t *testing.T) {
	r := recordFlipRando(t)
	want, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(flipRandoReplay, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(flipRandoReplay)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not the replay its seeded game records (%d bytes, want %d): run go test ./viewer -run Golden -update", flipRandoReplay, len(got), len(want))
	}
	back, err := replay.ReadFile(flipRandoReplay)
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Verify(replaytest.Registry(t), back); err != nil {
		t.Fatal(err)
	}
}

// flipRandoView is the part of Flip' Rando's view the test compares with what is drawn.
type flipRandoView struct {
	Weather []string          `json:"weather"`
	Counter int               `json:"counter"`
	Markers []string          `json:"markers"`
	Hikers  map[string][2]int `json:"hikers"`
	Tokens  []struct {
		At     [2]int `json:"at"`
		Kind   string `json:"kind"`
		Colour string `json:"colour"`
		Value  bool   `json:"value"`
	} `json:"tokens"`
	Seats []struct {
		Score     int      `json:"score"`
		Obstacles []int    `json:"obstacles"`
		Mult      []int    `json:"mult"`
		Tiles     []string `json:"tiles"`
		Total     int      `json:"total"`
	} `json:"seats"`
	Decision string `json:"decision"`
	Over     bool   `json:"over"`
	Winners  []int  `json:"winners"`
}

// viewAfter returns the view after step k of r (-1: the opening).
func viewAfter(t *testing.T, r *replay.Replay, k int) flipRandoView {
	t.Helper()
	var v flipRandoView
	viewAt(t, r, k, &v)
	return v
}

// drawnPiece is one entry of flickViewer.drawnList.
type drawnPiece struct {
	Set  string
	ID   string
	X, Y float64
	Text string
}

// TestViewer_BrowserFlipRando draws the recorded Flip' Rando game from the drawing its header
// carries, in the real browser: at the opening, in the middle and at the end, every piece the
// view holds is drawn where the drawing's lattices put it, with the text its face shows (a
// token's value or obstacle face, each track's count, each score and total); a hiker's leg
// glides along its straight line; the panel lists the three seats with their totals and, at
// the end, the winner.
func TestViewer_BrowserFlipRando(t *testing.T) {
	r, err := replay.ReadFile(flipRandoReplay)
	if err != nil {
		t.Fatal(err)
	}
	d := r.Header.Drawing
	if d == nil {
		t.Fatal("the replay's header has no drawing")
	}
	sets := map[string]int{}
	for i, s := range d.Pieces {
		sets[s.Name] = i
	}
	// where returns the centre, in cm, of lattice point (c, r) of the named set.
	where := func(set string, c, r float64) (float64, float64) {
		l := d.Pieces[sets[set]].Lattice
		return l.Origin[0] + c*l.U[0] + r*l.V[0], l.Origin[1] + c*l.U[1] + r*l.V[1]
	}
	b := openReplay(t, "fliprando", r)
	if s := browsertest.Eval[string](b, `flickViewer.style`); s != "" {
		t.Errorf("style %q, want the game's own description", s)
	}
	last := len(r.Steps) - 1
	for _, k := range []int{-1, len(r.Steps) / 2, last} {
		v := viewAfter(t, r, k)
		browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.seek(flickViewer.afterAction(%d)), true)`, k))
		waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && !flickViewer.animating && flickViewer.drawn`, k))
		got := map[string]drawnPiece{}
		for _, p := range browsertest.Eval[[]drawnPiece](b, `flickViewer.drawnList`) {
			got[p.Set+" "+p.ID] = p
		}
		// want adds the piece the drawing must show: its set and id, centre and text.
		want := map[string]drawnPiece{}
		add := func(set, id string, x, y float64, text string) {
			want[set+" "+id] = drawnPiece{set, id, x, y, text}
		}
		for c, at := range v.Hikers {
			x, y := where("hikers", float64(at[0]), float64(at[1]))
			add("hikers", c, x, y, "")
		}
		for i, tok := range v.Tokens {
			x, y := where("tokens", float64(tok.At[0]), float64(tok.At[1]))
			face := map[string]string{"tree": "T", "log": "L", "rock": "R"}[tok.Kind] // the obstacle face
			if tok.Value {
				face = map[string]string{"tree": "1", "log": "3", "rock": "2"}[tok.Kind]
			}
			add("tokens", strconv.Itoa(i), x, y, face)
		}
		for i, w := range v.Weather {
			x, y := where("weather", float64(i), 0)
			add("weather", strconv.Itoa(i), x, y, map[string]string{"lightning": "L", "thunder": "T", "sun": "S", "wind": "W", "rain": "R"}[w])
		}
		x, y := where("counter", float64(v.Counter), 0)
		add("counter", "", x, y, "")
		for i, m := range v.Markers {
			x, y := where("markers", float64(i), 0)
			add("markers", strconv.Itoa(i), x, y, strings.ToUpper(m[:1]))
		}
		for p, s := range v.Seats {
			x, y := where("scores", float64(p), 0)
			add("scores", strconv.Itoa(p), x, y, strconv.Itoa(s.Score))
			x, y = where("totals", float64(p), 0)
			add("totals", strconv.Itoa(p), x, y, strconv.Itoa(s.Total))
			for kind, n := range s.Obstacles {
				x, y := where("obstacle tracks", float64(kind), float64(p))
				add("obstacle tracks", fmt.Sprintf("%d/%d", p, kind), x, y, strconv.Itoa(n))
			}
			for track, n := range s.Mult {
				x, y := where("multipliers", float64(track), float64(p))
				add("multipliers", fmt.Sprintf("%d/%d", p, track), x, y, strconv.Itoa(n))
			}
			for tile, st := range s.Tiles {
				if st == "removed" {
					continue // a removed tile is not drawn
				}
				x, y := where("tiles", float64(tile), float64(p))
				add("tiles", fmt.Sprintf("%d/%d", p, tile), x, y, []string{"M", "S", "−", "+", "D", "J"}[tile])
			}
		}
		if len(got) != len(want) {
			t.Errorf("after step %d: %d pieces drawn, want %d", k, len(got), len(want))
		}
		for key, w := range want {
			g, ok := got[key]
			if !ok || math.Abs(g.X-w.X) > 1e-9 || math.Abs(g.Y-w.Y) > 1e-9 || g.Text != w.Text {
				t.Errorf("after step %d: %s drawn as %+v, want %+v", k, key, g, w)
			}
		}
		// The panel: a row per seat with its total; the winners named at the end.
		totals := browsertest.Eval[[]string](b, `[...document.querySelectorAll("#seats li .score")].map((e) => e.textContent)`)
		var wantTotals []string
		for _, s := range v.Seats {
			wantTotals = append(wantTotals, strconv.Itoa(s.Total))
		}
		if !slices.Equal(totals, wantTotals) {
			t.Errorf("after step %d: the panel's totals %q, want %q", k, totals, wantTotals)
		}
		wantPhase := v.Decision // the pending decision, none once the game is over
		if v.Over {
			wantPhase = ""
		}
		if ph := browsertest.Eval[string](b, `document.getElementById("phase").textContent`); ph != wantPhase {
			t.Errorf("after step %d: phase %q in the panel, want %q", k, ph, wantPhase)
		}
		result := browsertest.Eval[string](b, `document.getElementById("result").hidden ? "" : document.getElementById("result").textContent`)
		if k == last {
			if !v.Over || len(v.Winners) == 0 || !strings.Contains(result, fmt.Sprintf("seat %d", v.Winners[0])) {
				t.Errorf("at the end: result %q, view over %v winners %v", result, v.Over, v.Winners)
			}
		} else if result != "" {
			t.Errorf("after step %d: result %q before the end", k, result)
		}
		// Pixels: the board, and the red hiker with the red tokens' value faces.
		n := browsertest.Eval[map[string]int](b, `(() => {
			const c = document.getElementById("table");
			const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
			const near = (i, r, g, b) => Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 30;
			const n = { board: 0, red: 0, total: d.length / 4 };
			for (let i = 0; i < d.length; i += 4) {
				if (near(i, 219, 231, 201)) n.board++;
				else if (near(i, 220, 38, 38)) n.red++;
			}
			return n;
		})()`)
		t.Logf("after step %d: %d pieces; pixels %v", k, len(got), n)
		if n["board"] < n["total"]/20 || n["red"] < 30 {
			t.Errorf("after step %d: pixels %v: the board or the red pieces are not drawn", k, n)
		}
	}
	// The list of actions: the last one says who won, and an action that changed a total says
	// by how much.
	items := browsertest.Eval[[]string](b, `[...document.querySelectorAll("#actions li")].map((e) => e.textContent)`)
	if len(items) != len(r.Steps) {
		t.Fatalf("%d actions listed, want %d", len(items), len(r.Steps))
	}
	end := viewAfter(t, r, last)
	if w := fmt.Sprintf("seat %d wins", end.Winners[0]); len(end.Winners) == 1 && !strings.Contains(items[last], w) {
		t.Errorf("the last action %q does not say %q", items[last], w)
	}
	gains := 0
	for k := range r.Steps {
		before, after := viewAfter(t, r, k-1), viewAfter(t, r, k)
		for p := range after.Seats {
			if d := after.Seats[p].Total - before.Seats[p].Total; d > 0 {
				gains++
				if w := fmt.Sprintf("seat %d +%d", p, d); !strings.Contains(items[k], w) {
					t.Errorf("action %d %q does not say %q", k, items[k], w)
				}
			}
		}
		if gains >= 5 {
			break
		}
	}
	if gains == 0 {
		t.Error("no total changed in the game: the list's effects are not checked")
	}
	checkGlide(t, b, r) // leaves the page on the second leg of a bounce path
	shot := b.Screenshot("fliprando")
	if *updateScreenshot {
		data, err := os.ReadFile(shot)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "viewer-fliprando.png"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}

// checkGlide finds a leg of at least two vertices and checks that the viewer animates it: the
// step's glide is the hiker's move from the view before to the view after, midway through it
// the hiker is drawn on the segment between, and on the step's result at its end.
func checkGlide(t *testing.T, b *browsertest.Browser, r *replay.Replay) {
	t.Helper()
	type glide struct {
		Set, ID  string
		From, To [2]float64
	}
	for k, s := range r.Steps {
		if !strings.HasPrefix(s.Label, "move_dir:") {
			continue
		}
		before, after := viewAfter(t, r, k-1), viewAfter(t, r, k)
		colour := strings.Fields(s.Label)[1]
		a, z := before.Hikers[colour], after.Hikers[colour]
		if max(abs(float64(a[0]-z[0])), abs(float64(a[1]-z[1]))) < 2 {
			continue
		}
		gl := browsertest.Eval[[]glide](b, fmt.Sprintf(`flickViewer.glides(%d)`, k))
		if len(gl) != 1 || gl[0].Set != "hikers" || gl[0].ID != colour {
			t.Fatalf("step %d (%s): glides %+v, want the %s hiker's", k, s.Label, gl, colour)
		}
		from, to := gl[0].From, gl[0].To
		// The glide runs from the hiker's vertex before the step to its vertex after.
		var lat *draw.Lattice
		for _, ps := range r.Header.Drawing.Pieces {
			if ps.Name == "hikers" {
				lat = ps.Lattice
			}
		}
		vertex := func(v [2]int) [2]float64 {
			return [2]float64{lat.Origin[0] + float64(v[0])*lat.U[0] + float64(v[1])*lat.V[0], lat.Origin[1] + float64(v[0])*lat.U[1] + float64(v[1])*lat.V[1]}
		}
		if va, vz := vertex(a), vertex(z); abs(from[0]-va[0])+abs(from[1]-va[1])+abs(to[0]-vz[0])+abs(to[1]-vz[1]) > 1e-9 {
			t.Errorf("step %d: glide %v → %v, want the %s hiker's vertices %v → %v (%v → %v)", k, from, to, colour, a, z, va, vz)
		}
		anim := browsertest.Eval[float64](b, fmt.Sprintf(`flickViewer.animOf(%d)`, k))
		browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.seek(flickViewer.afterAction(%d) - 1e-6 - %v / 2), true)`, k, anim))
		waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && flickViewer.animating && flickViewer.drawn`, k))
		var mid *drawnPiece
		for _, p := range browsertest.Eval[[]drawnPiece](b, `flickViewer.drawnList`) {
			if p.Set == "hikers" && p.ID == colour {
				mid = &p
			}
		}
		if mid == nil {
			t.Fatalf("step %d: the %s hiker is not drawn mid-glide", k, colour)
		}
		// On the segment (cross product ~0), strictly between its ends.
		dx, dy := to[0]-from[0], to[1]-from[1]
		cross := (mid.X-from[0])*dy - (mid.Y-from[1])*dx
		along := ((mid.X-from[0])*dx + (mid.Y-from[1])*dy) / (dx*dx + dy*dy)
		if abs(cross) > 1e-6*(dx*dx+dy*dy) || along < 0.3 || along > 0.7 {
			t.Errorf("step %d: mid-glide the %s hiker is drawn at (%v, %v), %.2f along the leg %v → %v (cross %v)", k, colour, mid.X, mid.Y, along, from, to, cross)
		}
		browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.seek(flickViewer.afterAction(%d)), true)`, k))
		waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && !flickViewer.animating && flickViewer.drawn`, k))
		for _, p := range browsertest.Eval[[]drawnPiece](b, `flickViewer.drawnList`) {
			if p.Set == "hikers" && p.ID == colour && (abs(p.X-to[0]) > 1e-9 || abs(p.Y-to[1]) > 1e-9) {
				t.Errorf("step %d: after the leg the %s hiker is drawn at (%v, %v), want %v", k, colour, p.X, p.Y, to)
			}
		}
		t.Logf("step %d (%s): glide %v → %v over %.2f s", k, s.Label, from, to, anim)
		checkTrail(t, b, len(r.Steps))
		return
	}
	t.Fatal("no leg of two vertices or more in the game")
}

// checkTrail finds a leg that follows another leg and checks that on its result the page
// marks the bounce path so far: the lines of the run of gliding steps up to it, each step's
// line from its glide's start to its end, the last one ending where the hiker now stands.
func checkTrail(t *testing.T, b *browsertest.Browser, steps int) {
	t.Helper()
	type line struct {
		Step     int
		From, To [2]float64
	}
	type glide struct{ From, To [2]float64 }
	k := browsertest.Eval[int](b, fmt.Sprintf(`(() => {
		for (let k = 1; k < %d; k++) if (flickViewer.glides(k).length && flickViewer.glides(k - 1).length) return k;
		return -1;
	})()`, steps))
	if k < 0 {
		t.Fatal("no two gliding steps in a row: the trail is not checked")
	}
	first := k - 1
	for first > 0 && len(browsertest.Eval[[]glide](b, fmt.Sprintf(`flickViewer.glides(%d)`, first-1))) > 0 {
		first--
	}
	browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.seek(flickViewer.afterAction(%d)), true)`, k))
	waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && !flickViewer.animating && flickViewer.drawn`, k))
	trail := browsertest.Eval[[]line](b, `flickViewer.drawnTrail`)
	var want []line
	for j := first; j <= k; j++ {
		for _, g := range browsertest.Eval[[]glide](b, fmt.Sprintf(`flickViewer.glides(%d)`, j)) {
			want = append(want, line{j, g.From, g.To})
		}
	}
	if !slices.Equal(trail, want) {
		t.Errorf("after step %d: trail %+v, want the legs of steps %d to %d: %+v", k, trail, first, k, want)
	}
	t.Logf("after step %d: a trail of %d legs from step %d", k, len(trail), first)
}
