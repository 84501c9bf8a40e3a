package viewer_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/viewer"
)

// TestHandler_PlayToken: the play page and its API follow the viewer's token rules, and the
// page is served at play/ (play redirects there).
func TestHandler_PlayToken(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("api " + r.URL.Path)) })
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Play: api, Token: "s3cret"}))
	defer srv.Close()
	get := func(path, bearer string) (int, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(b)
	}
	for _, p := range []string{"/play/", "/play/api/games", "/play"} {
		if code, _ := get(p, ""); code != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %d, want 401", p, code)
		}
		if code, _ := get(p, "wrong"); code != http.StatusUnauthorized {
			t.Errorf("GET %s with a wrong token: %d, want 401", p, code)
		}
	}
	if code, page := get("/play/", "s3cret"); code != http.StatusOK || !strings.Contains(page, `"play":true`) {
		t.Errorf("the play page: %d", code)
	}
	if code, body := get("/play/api/games", "s3cret"); code != http.StatusOK || body != "api /games" {
		t.Errorf("the API: %d %q, want the play handler's answer for /games", code, body)
	}
	if code, _ := get("/play", "s3cret"); code != http.StatusSeeOther {
		t.Errorf("/play: %d, want a redirect to play/", code)
	}
	if code, page := get("/", "s3cret"); code != http.StatusOK || !strings.Contains(page, `"can_play":true`) {
		t.Errorf("the viewer does not link to the play mode: %d", code)
	}
}
