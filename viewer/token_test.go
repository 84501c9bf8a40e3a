package viewer_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/flickarena/flickarena/internal/browsertest"
	"github.com/flickarena/flickarena/viewer"
)

// landingRE finds where the token's landing page sends the browser.
var landingRE = regexp.MustCompile(`location\.replace\(("[^"]*")\)`)

// landing checks that res is the landing page of a request with the token (200, HTML, the
// cookie set, no redirect) and returns where its script sends the browser.
func landing(t *testing.T, res *http.Response) string {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Location") != "" {
		t.Fatalf("GET with ?token: %s (Location %q), want 200 and an HTML landing page", res.Status, res.Header.Get("Location"))
	}
	if len(res.Cookies()) != 1 {
		t.Fatalf("landing page cookies %v, want one", res.Cookies())
	}
	m := landingRE.FindSubmatch(body)
	if m == nil {
		t.Fatalf("landing page without location.replace:\n%s", body)
	}
	var loc string
	if err := json.Unmarshal(m[1], &loc); err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestHandler_TokenCookieAmongOthers: with two cookies of the viewer's name, a bad one first,
// the good one still lets the request in; only the first was compared, which locked the user
// out (a stale cookie of an earlier token on a parent path, say).
func TestHandler_TokenCookieAmongOthers(t *testing.T) {
	const token = "c00kie-t0ken"
	h := viewer.Handler(viewer.Config{Token: token})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/?token="+token, nil))
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		t.Fatalf("cookies %v, want one", cookies)
	}
	good := cookies[0]
	for _, values := range [][]string{{"stale", good.Value}, {good.Value, "stale"}, {"", "x", good.Value}} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		for _, v := range values {
			req.AddCookie(&http.Cookie{Name: good.Name, Value: v})
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Errorf("cookies %q: %d, want 200", req.Header.Get("Cookie"), rec.Code)
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.AddCookie(&http.Cookie{Name: good.Name, Value: "stale"})
	req.AddCookie(&http.Cookie{Name: good.Name, Value: good.Value + "0"})
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("two bad cookies: %d, want 401", rec.Code)
	}
}

// TestViewer_BrowserTokenLinkFromAnotherSite follows the token link from a page of another
// site (127.0.0.1 and localhost are two sites): the viewer opens. The SameSite=Strict cookie
// set on a redirect that another site started was not sent on the redirected request, and
// the browser showed the 401 page.
func TestViewer_BrowserTokenLinkFromAnotherSite(t *testing.T) {
	const token = "cr0ss-site-t0ken"
	v := httptest.NewServer(viewer.Handler(viewer.Config{Token: token}))
	defer v.Close()
	link := v.URL + "/?token=" + token // http://127.0.0.1:PORT
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><link rel="icon" href="data:,"><a id="go" href="%s">the viewer</a>`, link)
	}))
	defer other.Close()
	b := browsertest.New(t)
	b.Navigate(strings.Replace(other.URL, "127.0.0.1", "localhost", 1) + "/")
	// Click the link, then wait until a page with the viewer's canvas is there: the 401 page
	// has none, and the wait ends the test after browsertest.ActionTimeout.
	b.Run(chromedp.Click(chromedp.ID("go")), chromedp.WaitReady(chromedp.CSS("canvas")))
	if txt := browsertest.Eval[string](b, `document.body.innerText`); strings.Contains(txt, "requires the server's token") {
		t.Errorf("the token link from another site shows the 401 page: %q", txt)
	}
	if u := browsertest.Eval[string](b, `location.href`); strings.Contains(u, token) {
		t.Errorf("the page's URL %q keeps the token", u)
	}
}
