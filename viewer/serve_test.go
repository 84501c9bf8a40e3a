package viewer_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer"
)

// discard is a ResponseWriter that keeps the status and counts the body, holding none of it.
type discard struct {
	h    http.Header
	code int
	n    int64
}

func (d *discard) Header() http.Header { return d.h }
func (d *discard) WriteHeader(code int) {
	if d.code == 0 {
		d.code = code
	}
}
func (d *discard) Write(p []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	d.n += int64(len(p))
	return len(p), nil
}

// allocated returns how many bytes f allocates on the heap (over the whole process: the test
// runs nothing else meanwhile).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// maxBuffered is the most a replay download may allocate, whatever the file's size: the
// copy buffers, not the file.
const maxBuffered = 4 << 20

// TestHandler_Streams serves a replay file much larger than maxBuffered and checks that the
// handler streams it: what it allocates does not grow with the file (a 256 MiB file read
// whole would allocate 256 MiB).
func TestHandler_Streams(t *testing.T) {
	const size = 256 << 20
	t.Run("SparseFile", func(t *testing.T) {
		dir := t.TempDir()
		f, err := os.Create(filepath.Join(dir, "huge.jsonl.gz"))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
		f.Close()
		h := viewer.Handler(viewer.Config{Replays: openRoot(t, dir)})
		w := &discard{h: http.Header{}}
		n := allocated(func() { h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/replays/huge.jsonl.gz", nil)) })
		if w.code != http.StatusOK || w.n != size {
			t.Fatalf("status %d, %d bytes served, want 200 and %d", w.code, w.n, size)
		}
		if n > maxBuffered {
			t.Errorf("serving a %d-byte file allocated %d bytes, want at most %d", size, n, maxBuffered)
		}
		// A range request gets its range: the file is served by http.ServeContent.
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/replays/huge.jsonl.gz", nil)
		req.Header.Set("Range", "bytes=100-109")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusPartialContent || rec.Body.Len() != 10 {
			t.Errorf("range request: status %d, %d bytes, want 206 and 10", rec.Code, rec.Body.Len())
		}
	})
}

// TestHandler_Symlink serves a directory through an os.Root: a link inside the directory to
// a replay in it is served, a link to a file outside it is neither listed nor served.
func TestHandler_Symlink(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "secret.jsonl")
	if err := os.WriteFile(secret, []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(`{"type":"header"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"x.jsonl": secret, "passwd.jsonl": "/etc/passwd", "up.jsonl": "../" + filepath.Base(outside) + "/secret.jsonl", "in.jsonl": "a.jsonl"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	h := viewer.Handler(viewer.Config{Replays: root})
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	if code, body := get("/replays/"); code != 200 || strings.TrimSpace(body) != `["a.jsonl","in.jsonl"]` {
		t.Errorf("list: %d %s, want the file and the link inside the directory only", code, body)
	}
	for _, name := range []string{"x.jsonl", "passwd.jsonl", "up.jsonl"} {
		if code, body := get("/replays/" + name); code != http.StatusNotFound || strings.Contains(body, "secret") || strings.Contains(body, "root:") {
			t.Errorf("%s (a link out of the directory): %d %q, want 404", name, code, body)
		}
	}
	if code, body := get("/replays/in.jsonl"); code != 200 || body != `{"type":"header"}`+"\n" {
		t.Errorf("in.jsonl (a link inside the directory): %d %q", code, body)
	}
}

// TestHandler_Token requires the token: given once in the URL, it is kept in an HttpOnly,
// SameSite=Strict cookie, and the URL loses it (the landing page replaces itself).
func TestHandler_Token(t *testing.T) {
	const token = "s3cret-t0ken"
	fsys := replayRoot(t, map[string]string{"a.jsonl": `{"type":"header"}` + "\n"})
	h := viewer.Handler(viewer.Config{Replays: fsys, Live: viewer.NewLive(), Token: token})
	do := func(path string, mod func(*http.Request)) *http.Response {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if mod != nil {
			mod(req)
		}
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	for _, path := range []string{"/", "/replays/", "/replays/a.jsonl", "/live", "/?token=wrong", "/?token="} {
		if res := do(path, nil); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %s, want 401", path, res.Status)
		}
	}
	res := do("/?replay=replays%2Fa.jsonl&token="+token, nil)
	if loc := landing(t, res); loc != "./?replay=replays%2Fa.jsonl" {
		t.Fatalf("GET with ?token: the landing page goes to %q, want the URL without the token", loc)
	}
	if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("landing page headers %v: want no-store and no-referrer", res.Header)
	}
	cookies := res.Cookies()
	if len(cookies) != 1 || !strings.HasPrefix(cookies[0].Name, viewer.CookieName) || len(cookies[0].Name) != len(viewer.CookieName)+8 {
		t.Fatalf("cookies %v, want one %s", cookies, viewer.CookieName)
	}
	c := cookies[0]
	if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Value == "" || strings.Contains(c.Value, token) {
		t.Errorf("cookie %+v: want HttpOnly, SameSite=Strict, Path=/, a value other than the token", c)
	}
	withCookie := func(v string) func(*http.Request) {
		return func(r *http.Request) { r.AddCookie(&http.Cookie{Name: c.Name, Value: v}) }
	}
	for _, path := range []string{"/", "/replays/", "/replays/a.jsonl"} {
		if res := do(path, withCookie(c.Value)); res.StatusCode != http.StatusOK {
			t.Errorf("GET %s with the cookie: %s, want 200", path, res.Status)
		}
	}
	if res := do("/replays/a.jsonl", withCookie(c.Value+"0")); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong cookie: %s, want 401", res.Status)
	}
	if res := do("/replays/a.jsonl", withCookie(token)); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("the token as the cookie: %s, want 401", res.Status)
	}
	// Another viewer's token has another cookie.
	other := viewer.Handler(viewer.Config{Token: token + "2"})
	rec := httptest.NewRecorder()
	other.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/?token="+token+"2", nil))
	if oc := rec.Result().Cookies(); len(oc) != 1 || oc[0].Name == c.Name {
		t.Errorf("two tokens' cookies %v and %s: want two names", oc, c.Name)
	}
	// Under a prefix, the redirect stays within it; on a replay, it names the replay.
	mux := http.NewServeMux()
	mux.Handle("/viewer/", http.StripPrefix("/viewer", h))
	for path, want := range map[string]string{"/viewer/?token=" + token: "./", "/viewer/replays/a.jsonl?token=" + token: "./a.jsonl"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if loc := landing(t, rec.Result()); loc != want {
			t.Errorf("GET %s: the landing page goes to %q, want %q", path, loc, want)
		}
	}
	bearer := func(v string) func(*http.Request) {
		return func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+v) }
	}
	if res := do("/replays/", bearer(token)); res.StatusCode != http.StatusOK {
		t.Errorf("the bearer token: %s, want 200", res.Status)
	}
	if res := do("/replays/", bearer("nope")); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong bearer token: %s, want 401", res.Status)
	}
}

// TestViewer_BrowserToken opens a viewer that requires a token in a real browser: without it
// the page is refused; through ?token= it loads, its URL loses the token, its script cannot
// read the cookie, and the replays and the live stream it fetches are served.
func TestViewer_BrowserToken(t *testing.T) {
	const token = "br0wser-t0ken"
	r := showdown(t, 2)
	dir := t.TempDir()
	if err := replay.WriteFile(filepath.Join(dir, "stored"+replay.GzipExt), r); err != nil {
		t.Fatal(err)
	}
	live := viewer.NewLive()
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Replays: openRoot(t, dir), Live: live, Token: token}))
	defer srv.Close()
	defer live.Close()
	b := browsertest.New(t)
	b.Navigate(srv.URL + "/")
	if txt := browsertest.Eval[string](b, `document.body.innerText`); !strings.Contains(txt, "requires the server's token") {
		t.Errorf("without the token the page shows %q", txt)
	}
	b.Navigate(srv.URL + "/?token=" + token)
	waitFor(t, b, fmt.Sprintf(`window.flickViewer && flickViewer.ready && flickViewer.steps === %d`, len(r.Steps)))
	if u := browsertest.Eval[string](b, `location.href`); strings.Contains(u, token) {
		t.Errorf("the page's URL %q keeps the token", u)
	}
	if c := browsertest.Eval[string](b, `document.cookie`); c != "" {
		t.Errorf("the page's script reads the cookie %q: want it HttpOnly", c)
	}
	// The live stream, through the cookie too.
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(data, []byte("\n"))
	for _, l := range lines[:4] {
		live.Line(l)
	}
	browsertest.Eval[bool](b, `(document.getElementById("live-button").click(), true)`)
	// the stored game is being watched: the live one waits for its end, its lines received
	waitFor(t, b, `flickViewer.live && flickViewer.waiting === 3`)
	for _, e := range b.Errors() {
		if !strings.Contains(e, "status of 401") { // the browser logs the refused first load
			t.Errorf("page error: %q", e)
		}
	}
}
