package viewer_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// flickagoView is the part of Flickago's view that says what is on the board.
type flickagoView struct {
	Players []struct {
		Discs []struct {
			Place string `json:"place"`
		} `json:"discs"`
	} `json:"players"`
	Inspectors []struct {
		Waiting bool `json:"waiting"`
	} `json:"inspectors"`
}

// viewAt decodes into v the view after step k of r (-1: the opening).
func viewAt(t *testing.T, r *replay.Replay, k int, v any) {
	t.Helper()
	view := r.Header.View
	for i := 0; i <= k; i++ {
		var err error
		if view, err = replay.Patch(view, r.Steps[i].View); err != nil {
			t.Fatal(err)
		}
	}
	if err := json.Unmarshal(view, v); err != nil {
		t.Fatal(err)
	}
}

// onBoard counts, in the view after step k of r (-1: the opening), the discs of each gang on
// the board and the inspectors in play.
func onBoard(t *testing.T, r *replay.Replay, k int) (white, black, inspectors int) {
	t.Helper()
	var v flickagoView
	viewAt(t, r, k, &v)
	for p, pl := range v.Players {
		for _, d := range pl.Discs {
			if d.Place == "board" && p == 0 {
				white++
			} else if d.Place == "board" {
				black++
			}
		}
	}
	for _, in := range v.Inspectors {
		if !in.Waiting {
			inspectors++
		}
	}
	return white, black, inspectors
}

// TestViewer_BrowserFlickago draws a recorded Flickago game from the drawing its header
// carries: the board, both gangs' discs and the inspectors, and the seats' panel.
func TestViewer_BrowserFlickago(t *testing.T) {
	reg := env.NewRegistry()
	if err := flickago.Register(reg); err != nil {
		t.Fatal(err)
	}
	// Seed 13: a game with black discs on the board at the steps looked at below (seed 11
	// was one before flickago-v2's table changed the trajectories).
	r := replaytest.Play(t, reg, flickago.ID, nil, 13, 0, env.RandomPolicy{})
	if r.Header.Drawing == nil {
		t.Fatal("the replay's header has no drawing")
	}
	b := openReplay(t, "flickago", r)
	if s := browsertest.Eval[string](b, `flickViewer.style`); s != "" {
		t.Errorf("style %q, want the game's own description", s)
	}
	if n := browsertest.Eval[int](b, `document.querySelectorAll("#seats li").length`); n != 2 {
		t.Errorf("%d seats in the panel, want 2", n)
	}
	if browsertest.Eval[bool](b, `!document.getElementById("clock").hidden || !document.getElementById("teams").hidden`) {
		t.Error("Flick 'em Up!'s clock or teams are shown for Flickago")
	}
	// The opening, the middle and the end: the page draws exactly the pieces on the board.
	seen, base := 0, -1
	for _, k := range []int{-1, len(r.Steps) / 2, len(r.Steps) - 1} {
		white, black, insp := onBoard(t, r, k)
		browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.seek(flickViewer.afterAction(%d)), true)`, k))
		waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && flickViewer.drawn`, k))
		got := browsertest.Eval[map[string]int](b, `flickViewer.drawnPieces`)
		if got["discs"] != white+black || got["inspectors"] != insp {
			t.Errorf("after step %d: drawn %v, want %d discs and %d inspectors", k, got, white+black, insp)
		}
		// Pixels: the board, the black discs and the inspectors in their colours.
		n := browsertest.Eval[map[string]int](b, `(() => {
			const c = document.getElementById("table");
			const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
			const near = (i, r, g, b) => Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 30;
			const n = { board: 0, black: 0, inspector: 0, total: d.length / 4 };
			for (let i = 0; i < d.length; i += 4) {
				if (near(i, 243, 236, 217)) n.board++;
				else if (near(i, 30, 41, 59)) n.black++;
				else if (near(i, 245, 158, 11)) n.inspector++;
			}
			return n;
		})()`)
		t.Logf("after step %d: %d white, %d black discs, %d inspectors; pixels %v", k, white, black, insp, n)
		if n["board"] < n["total"]/10 {
			t.Errorf("after step %d: %d board pixels of %d: the board is not drawn", k, n["board"], n["total"])
		}
		// A disc of radius 1.5 cm covers about 300 px at this window's scale, less its label,
		// a flipped disc's ring and overlaps; the opening has no black disc, and its few pixels
		// of that colour (the anti-aliased edges of dark strokes) are the baseline.
		if base < 0 {
			if black != 0 {
				t.Fatalf("%d black discs on the board at the opening", black)
			}
			base = n["black"]
		}
		if extra := n["black"] - base; extra < 60*black || black == 0 && extra >= 60 {
			t.Errorf("after step %d: %d black-disc pixels more than the opening for %d black discs", k, extra, black)
		}
		if n["inspector"] < 60*insp {
			t.Errorf("after step %d: %d inspector pixels for %d inspectors", k, n["inspector"], insp)
		}
		seen += black
	}
	if seen == 0 {
		t.Error("no black disc on the board at any of the steps looked at: the test checks nothing")
	}
	b.Screenshot("flickago")
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}

// TestViewer_BrowserDescribedFlicks draws a Flick 'em Up! game from its description alone
// (its style removed): during a flick the pieces of the physics table move along their
// recorded trajectories, and on a step's result they stand where the view says.
func TestViewer_BrowserDescribedFlicks(t *testing.T) {
	r := showdown(t, screenshotKey)
	r.Header.Drawing.Style = ""
	// The first flick from step 20 on in which the flicked piece is listed in a frame.
	k, frame := -1, []int64(nil)
	for i := 20; i < len(r.Steps) && k < 0; i++ {
		if len(r.Steps[i].Flicks) == 0 {
			continue
		}
		f := r.Steps[i].Flicks[0]
		for _, fr := range f.Frames[len(f.Frames)/2:] {
			if len(fr) >= 5 && fr[1] == int64(f.Piece) {
				k, frame = i, fr
				break
			}
		}
	}
	if k < 0 {
		t.Fatal("no flick with frames of the flicked piece")
	}
	var anim float64 // the step's flicks' time, s
	for _, f := range r.Steps[k].Flicks {
		anim += float64(f.Time) / replay.TimeScale
	}
	b := openReplay(t, "described", r)
	if s := browsertest.Eval[string](b, `flickViewer.style`); s != "" {
		t.Fatalf("style %q, want the description alone", s)
	}
	type drawn struct {
		Set  string
		I    int
		X, Y float64
	}
	piece := r.Steps[k].Flicks[0].Piece
	find := func(list []drawn) *drawn {
		for i := range list {
			if list[i].I == piece {
				return &list[i]
			}
		}
		return nil
	}
	// Mid-flick: the flicked piece is where the frame puts it.
	tq := float64(frame[0])/replay.TimeScale + 0.5/replay.TimeScale
	browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.pause(), flickViewer.seek(flickViewer.afterAction(%d) - 1e-6 - %v + %v), true)`, k, anim, tq))
	waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && flickViewer.animating && flickViewer.drawn`, k))
	p := find(browsertest.Eval[[]drawn](b, `flickViewer.drawnList`))
	wx, wy := float64(frame[2])/replay.PosScale, float64(frame[3])/replay.PosScale
	if p == nil || abs(p.X-wx) > 1e-6 || abs(p.Y-wy) > 1e-6 {
		t.Errorf("mid-flick, piece %d drawn at %+v, want the frame's (%v, %v)", piece, p, wx, wy)
	}
	// On the step's result: every piece on the table, where the view says.
	browsertest.Eval[bool](b, fmt.Sprintf(`(flickViewer.seek(flickViewer.afterAction(%d)), true)`, k))
	waitFor(t, b, fmt.Sprintf(`flickViewer.step === %d && !flickViewer.animating && flickViewer.drawn`, k))
	var v struct {
		Pieces []struct {
			X, Y float64
			Off  bool
		}
	}
	viewAt(t, r, k, &v)
	list := browsertest.Eval[[]drawn](b, `flickViewer.drawnList`)
	on := 0
	for i, pc := range v.Pieces {
		if pc.Off {
			continue
		}
		on++
		piece = i
		if d := find(list); d == nil || d.X != pc.X || d.Y != pc.Y {
			t.Errorf("piece %d drawn at %+v, want the view's (%v, %v)", i, d, pc.X, pc.Y)
		}
	}
	if len(list) != on {
		t.Errorf("%d pieces drawn, want the %d on the table", len(list), on)
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestViewer_BrowserLattice draws pieces whose view gives lattice coordinates in an object
// keyed by colour, as Flip' Rando's hikers ({"red": [c, r]}) and its tokens ({"at": [c, r]}):
// the page places each through the drawing's lattice and styles it by its key.
func TestViewer_BrowserLattice(t *testing.T) {
	lat := &draw.Lattice{Origin: [2]float64{10, 5}, U: [2]float64{4, 0}, V: [2]float64{2, 3.4641}}
	circle := func(fill string) draw.PieceStyle {
		return draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "circle", Radius: 1.2}, Fill: fill}
	}
	r := &replay.Replay{Header: replay.Header{
		Format: replay.Format, Game: "test/hex-v1", Heads: []replay.Head{}, Dims: []replay.Dim{},
		View: json.RawMessage(`{"hikers":{"red":[1,2],"blue":[3,0]},"tokens":[{"at":[2,2],"kind":"tree"},{"at":[0,1],"kind":"rock"}]}`),
		Drawing: &draw.Drawing{
			Area:     draw.Box{Max: [2]float64{40, 30}},
			Features: []draw.Feature{{Shape: draw.FeaturePolygon, Points: [][2]float64{{10, 5}, {30, 5}, {35, 13.66}, {15, 13.66}}, Fill: "#dcfce7"}},
			Pieces: []draw.PieceSet{
				{Name: "hikers", Path: []string{"hikers", "*"}, Pos: ".", Lattice: lat, Key: []string{"$0"},
					Styles: map[string]draw.PieceStyle{"red": circle("#dc2626"), "blue": circle("#2563eb")}},
				{Name: "tokens", Path: []string{"tokens", "*"}, Pos: "at", Lattice: lat, Key: []string{"kind"},
					Styles: map[string]draw.PieceStyle{"tree": circle("#15803d")}}, // no rock style: not drawn
			},
		},
	}}
	if err := r.Header.Drawing.Validate(); err != nil {
		t.Fatal(err)
	}
	b := openReplay(t, "hex", r)
	type drawn struct {
		Set  string
		X, Y float64
	}
	got := browsertest.Eval[[]drawn](b, `flickViewer.drawnList`)
	at := func(set string, c, r float64) drawn {
		return drawn{set, lat.Origin[0] + c*lat.U[0] + r*lat.V[0], lat.Origin[1] + c*lat.U[1] + r*lat.V[1]}
	}
	want := []drawn{at("hikers", 3, 0), at("hikers", 1, 2), at("tokens", 2, 2)} // blue before red: keys in order
	if len(got) != len(want) {
		t.Fatalf("drawn %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Set != want[i].Set || abs(got[i].X-want[i].X) > 1e-9 || abs(got[i].Y-want[i].Y) > 1e-9 {
			t.Errorf("piece %d drawn %+v, want %+v", i, got[i], want[i])
		}
	}
	if errs := b.Errors(); len(errs) > 0 {
		t.Errorf("page errors: %q", errs)
	}
}
