package browsertest_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flickarena/flickarena/internal/browsertest"
)

// page is a small document that exercises what the helpers observe: a
// console error, an uncaught exception, an alert, a box of known size.
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>browsertest page</title></head>
<body style="margin:0">
<div id="box" style="width:120px;height:30px;background:#369"></div>
<script>
console.log("hello");
console.error("broken: %d", 42);
alert("hi there");
document.getElementById("box").dataset.ready = "yes";
throw new Error("boom");
</script>
</body></html>`

// clean is a document without any error.
const clean = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>clean</title></head>
<body><p>fine</p><script>console.log("all good")</script></body></html>`

func writePage(t *testing.T, name, html string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBrowser(t *testing.T) {
	b := browsertest.New(t)

	t.Run("Clean", func(t *testing.T) {
		b := b.For(t)
		b.Open(writePage(t, "clean.html", clean))
		if errs := b.Errors(); len(errs) != 0 {
			t.Errorf("Errors() = %q, want none", errs)
		}
		if got := browsertest.Eval[string](b, `document.title`); got != "clean" {
			t.Errorf("title = %q, want %q", got, "clean")
		}
		msgs := b.Console()
		if !slices.ContainsFunc(msgs, func(m chromedp.ConsoleMessage) bool { return m.Text == "all good" }) {
			t.Errorf("Console() = %v, want the page's log line", msgs)
		}
	})

	// Follow: a click on a link whose page answers late; what runs after Follow runs in
	// the new page, with no polling.
	t.Run("Follow", func(t *testing.T) {
		b := b.For(t)
		mux := http.NewServeMux()
		mux.HandleFunc("/{$}", func(w http.ResponseWriter, _ *http.Request) {
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>first</title></head>
<body style="margin:0"><a id="go" href="/next" style="display:block;width:200px;height:40px">next</a></body></html>`)
		})
		mux.HandleFunc("/favicon.ico", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
		mux.HandleFunc("/next", func(w http.ResponseWriter, _ *http.Request) {
			time.Sleep(300 * time.Millisecond)
			fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>next</title></head><body></body></html>`)
		})
		srv := httptest.NewServer(mux)
		defer srv.Close()
		// The tab is shared: leave the server's pages before it closes, so that no late
		// request of theirs (the favicon) fails into the next subtest's errors.
		defer b.Navigate("about:blank")
		b.Navigate(srv.URL + "/")
		b.Follow(chromedp.MouseClickXY(100, 20))
		if got := browsertest.Eval[string](b, `document.title`); got != "next" {
			t.Errorf("title after Follow = %q, want %q", got, "next")
		}
	})

	t.Run("Broken", func(t *testing.T) {
		b := b.For(t)
		b.Open(writePage(t, "page.html", page))
		type rect struct{ W, H float64 }
		r := browsertest.Eval[rect](b, `(() => {
			const r = document.getElementById("box").getBoundingClientRect();
			return {W: r.width, H: r.height};
		})()`)
		if r != (rect{120, 30}) {
			t.Errorf("box = %+v, want 120×30", r)
		}
		if got := browsertest.Eval[string](b, `document.getElementById("box").dataset.ready`); got != "yes" {
			t.Errorf("the page did not run past its alert: ready = %q", got)
		}
		errs := b.Errors()
		for _, want := range []string{"broken: 42", "boom", "dialog alert: hi there"} {
			if !slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, want) }) {
				t.Errorf("Errors() = %q, missing %q", errs, want)
			}
		}
		if len(errs) != 3 {
			t.Errorf("Errors() has %d entries, want 3: %q", len(errs), errs)
		}

		path := b.Screenshot("page")
		png, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s is not a PNG", path)
		}
	})
}
