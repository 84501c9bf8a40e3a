package viewer_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
	"github.com/flickarena/flickarena/viewer"
)

// record is one replay line decoded for editing (numbers kept as their text).
type record = map[string]any

func decodeLine(t *testing.T, line []byte) record {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var r record
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r
}

func encodeLine(t *testing.T, r record) []byte {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestViewer_BrowserRefusesBadReplays opens replays that Go's replay.Read or replay.Verify
// refuses, and checks that the page refuses each too, with a message naming the problem,
// instead of drawing nonsense (or saying "Failed to fetch" for a bad gzip).
func TestViewer_BrowserRefusesBadReplays(t *testing.T) {
	reg := replaytest.Registry(t)
	full := showdown(t, 3)
	// The opening and the steps up to two after the first flick: enough for every case, and
	// quick to verify.
	k := -1
	for i, s := range full.Steps {
		if len(s.Flicks) > 0 {
			k = i
			break
		}
	}
	if k < 0 || k+3 > len(full.Steps) {
		t.Fatalf("no flick early in the game (first at %d of %d steps)", k, len(full.Steps))
	}
	short := &replay.Replay{Header: full.Header, Steps: full.Steps[:k+3]}
	data, err := replay.Marshal(short)
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Verify(reg, short); err != nil {
		t.Fatalf("the unchanged replay does not verify: %v", err)
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) // lines[1+i] is step i
	edit := func(f func(ls [][]byte) [][]byte) []byte {
		ls := make([][]byte, len(lines))
		for i, l := range lines {
			ls[i] = bytes.Clone(l)
		}
		return append(bytes.Join(f(ls), []byte("\n")), '\n')
	}
	step := func(i int, f func(r record)) func(ls [][]byte) [][]byte {
		return func(ls [][]byte) [][]byte {
			r := decodeLine(t, ls[1+i])
			f(r)
			ls[1+i] = encodeLine(t, r)
			return ls
		}
	}
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	badGzip := bytes.Clone(gz.Bytes()[:gz.Len()/2])
	for i := 20; i < len(badGzip); i += 7 {
		badGzip[i] ^= 0x5a
	}
	cases := []struct {
		name string
		file []byte
		want string // in the page's message
	}{
		{"NegativeIndex", edit(step(0, func(r record) { r["i"] = -1 })), "line 2: step -1 where step 0 was expected"},
		{"UnorderedSteps", edit(func(ls [][]byte) [][]byte { ls[2], ls[3] = ls[3], ls[2]; return ls }), "line 3: step 2 where step 1 was expected"},
		{"Infinite", edit(step(k, func(r record) { r["action"].(record)["c"].([]any)[0] = json.Number("1e999") })), "action.c[0]: Infinity is not a finite number"},
		{"Float32Overflow", edit(step(k, func(r record) { r["action"].(record)["c"].([]any)[0] = json.Number("1e39") })), "action.c[0]: 1e+39 is not within a float32's range"},
		{"Int32Overflow", edit(step(0, func(r record) { r["action"].(record)["d"].([]any)[0] = json.Number("4294967296") })), "action.d[0]: 4294967296 is not an integer in [-2147483648, 2147483647]"},
		{"FractionalIndex", edit(step(0, func(r record) { r["i"] = json.Number("0.5") })), "i: 0.5 is not an integer"},
		{"HugePieceIndex", edit(step(k, func(r record) { r["flicks"].([]any)[0].(record)["piece"] = json.Number("1000000000000") })), "flicks[0].piece: 1000000000000 is not an integer in [0, 4095]"},
		{"HugeFramePiece", edit(step(k, func(r record) {
			fr := r["flicks"].([]any)[0].(record)["frames"].([]any)[0].([]any)
			fr[1] = json.Number("99999999")
		})), "frames[0][1]: 99999999 is not an integer in [0, 4095]"},
		{"DeepNesting", edit(func(ls [][]byte) [][]byte {
			r := decodeLine(t, ls[1])
			r["view"] = "DEEP"
			ls[1] = bytes.Replace(encodeLine(t, r), []byte(`"DEEP"`), []byte(deep), 1)
			return ls
		}), "line 2: nested deeper than 10000 levels"},
		{"PatchOutOfRange", edit(step(k, func(r record) { r["view"] = json.RawMessage(`{"pieces":{"9999":{"x":1}}}`) })), `view: index "9999" out of an array of`},
		{"BadHash", edit(step(0, func(r record) { r["hash"] = "not hex" })), `hash: "not hex" is not a 64-bit hexadecimal hash`},
		{"NoHeader", edit(func(ls [][]byte) [][]byte { return ls[1:] }), `line 1: the first line is a "step" record, not a header`},
		{"SecondHeader", edit(func(ls [][]byte) [][]byte { return append(ls[:2], append([][]byte{ls[0]}, ls[2:]...)...) }), "line 3: a second header"},
		{"AfterEnd", edit(func(ls [][]byte) [][]byte {
			return append(ls, []byte(`{"type":"end","status":"stopped","steps":1,"hash":"0000000000000000"}`), ls[1])
		}), `a "step" record after the end`},
		{"OtherFormat", edit(func(ls [][]byte) [][]byte {
			ls[0] = bytes.Replace(ls[0], []byte(replay.Format), []byte("flickarena-replay/9"), 1)
			return ls
		}), `format "flickarena-replay/9"`},
		{"NotJSON", edit(func(ls [][]byte) [][]byte { ls[2] = []byte(`{"type":"step",`); return ls }), "line 3: not JSON"},
		{"BadDrawing", edit(func(ls [][]byte) [][]byte {
			ls[0] = bytes.Replace(ls[0], []byte(`"drawing":{`), []byte(`"drawing":{"features":[{"shape":"blob","points":[[0,0]]}],`), 1)
			return ls
		}), `drawing.features[0].shape: "blob" is not rect, circle, polygon, line or text`},
		{"DrawingPathTooLong", edit(func(ls [][]byte) [][]byte {
			ls[0] = bytes.Replace(ls[0], []byte(`"path":["pieces","*"]`), []byte(`"path":["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q"]`), 1)
			return ls
		}), "is not 1 to 16 keys, none empty"},
		{"BadGzip", badGzip, "not valid gzip"},
	}
	dir, files := t.TempDir(), map[string]string{}
	for _, c := range cases {
		name := c.name + replay.Ext
		if c.name == "BadGzip" {
			name = c.name + replay.GzipExt
		}
		files[name] = string(c.file)
		// Go refuses it too: Read, or else Verify.
		r, err := replay.Read(bytes.NewReader(c.file))
		if err == nil {
			err = replay.Verify(reg, r)
		}
		if err == nil {
			t.Errorf("%s: Go's replay.Read and Verify accept it; the page should not refuse it", c.name)
		} else {
			t.Logf("%s: Go: %v", c.name, shortErr(err))
		}
	}
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Replays: openRoot(t, writeFiles(t, dir, files))}))
	defer srv.Close()
	b := browsertest.New(t)
	for _, c := range cases {
		name := c.name + replay.Ext
		if c.name == "BadGzip" {
			name = c.name + replay.GzipExt
		}
		b.Navigate(srv.URL + "/?replay=replays/" + name)
		// the page either refuses the replay or shows it
		waitFor(t, b, `flickViewer.ready || !document.getElementById("drop-hint").hidden && document.getElementById("drop-hint").textContent.startsWith("Could not load")`)
		msg := browsertest.Eval[string](b, `document.getElementById("drop-hint").hidden ? "" : document.getElementById("drop-hint").textContent`)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: the page says %q, want it to say %q", c.name, msg, c.want)
		} else {
			t.Logf("%s: page: %s", c.name, msg)
		}
		if browsertest.Eval[int](b, `flickViewer.steps`) != 0 {
			t.Errorf("%s: the page shows a game", c.name)
		}
	}
	// The unchanged replay loads.
	writeFiles(t, dir, map[string]string{"good" + replay.Ext: string(data)})
	b.Navigate(srv.URL + "/?replay=replays/good" + replay.Ext)
	waitFor(t, b, fmt.Sprintf(`flickViewer.ready && flickViewer.steps === %d`, len(short.Steps)))
	if v := browsertest.Eval[string](b, `document.getElementById("replay-list").value`); v != "replays/good"+replay.Ext {
		t.Errorf("the list shows %q, want the replay opened", v)
	}
}

// shortErr cuts an error message for the log.
func shortErr(err error) string {
	s := err.Error()
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}

// TestViewer_BrowserLiveRefusesBadRecord: the live stream's records are checked like a file's;
// a bad one is reported and the rest of its game skipped.
func TestViewer_BrowserLiveRefusesBadRecord(t *testing.T) {
	r := showdown(t, 4)
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	live := viewer.NewLive()
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Live: live}))
	defer srv.Close()
	defer live.Close()
	live.Line(lines[0])
	live.Line(lines[1])
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/?live")
	waitFor(t, b, `flickViewer.live && flickViewer.steps === 1`)
	live.Line(lines[3]) // step 2 where step 1 is expected
	live.Line(lines[2])
	waitFor(t, b, `!document.getElementById("drop-hint").hidden`)
	msg := browsertest.Eval[string](b, `document.getElementById("drop-hint").textContent`)
	if want := "live stream: line 3: step 2 where step 1 was expected"; !strings.Contains(msg, want) {
		t.Errorf("the page says %q, want %q", msg, want)
	}
	if n := browsertest.Eval[int](b, `flickViewer.steps`); n != 1 {
		t.Errorf("%d steps shown after the bad record, want 1 (the rest of the game skipped)", n)
	}
	// The next game is shown again.
	live.Line(lines[0])
	live.Line(lines[1])
	live.Line(lines[2])
	waitFor(t, b, `flickViewer.steps === 2 || flickViewer.waiting === 2`)
}
