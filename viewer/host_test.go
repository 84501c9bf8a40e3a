package viewer_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/flickarena/flickarena/viewer"
)

// TestHandler_LoopbackHosts: a viewer for a loopback listener answers only requests whose
// Host is a loopback name. A page of another site whose DNS name is rebound to 127.0.0.1
// sends its own name as Host: it used to be answered, replays and live game included.
func TestHandler_LoopbackHosts(t *testing.T) {
	files := replayRoot(t, map[string]string{"a.jsonl": `{"type":"header"}` + "\n"})
	h := viewer.Handler(viewer.Config{Replays: files, Live: viewer.NewLive(), LoopbackHosts: true})
	for host, want := range map[string]int{
		"localhost":                   http.StatusOK,
		"localhost:8080":              http.StatusOK,
		"LOCALHOST:8080":              http.StatusOK,
		"localhost.:8080":             http.StatusOK,
		"127.0.0.1":                   http.StatusOK,
		"127.0.0.1:8080":              http.StatusOK,
		"127.1.2.3:8080":              http.StatusOK,
		"[::1]:8080":                  http.StatusOK,
		"[::1]":                       http.StatusOK,
		"evil.example":                http.StatusMisdirectedRequest,
		"evil.example:8080":           http.StatusMisdirectedRequest,
		"localhost.evil.example:8080": http.StatusMisdirectedRequest,
		"x.localhost:8080":            http.StatusMisdirectedRequest,
		"127.0.0.1.nip.io:8080":       http.StatusMisdirectedRequest,
		"192.168.1.2:8080":            http.StatusMisdirectedRequest,
		"[::ffff:10.0.0.1]:8080":      http.StatusMisdirectedRequest,
		"":                            http.StatusMisdirectedRequest,
	} {
		for _, path := range []string{"/", "/replays/", "/replays/a.jsonl"} {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Host = host
			h.ServeHTTP(rec, req)
			if rec.Code != want {
				t.Errorf("GET %s with Host %q: %d, want %d", path, host, rec.Code, want)
			}
		}
	}
	// Without the option any Host is answered (a viewer on a public address, with a token).
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Host = "viewer.example:8080"
	viewer.Handler(viewer.Config{}).ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("without LoopbackHosts, Host viewer.example: %d, want 200", rec.Code)
	}
}
