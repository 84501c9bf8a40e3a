package viewer_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/flickarena/flickarena/viewer"
)

func TestHandler(t *testing.T) {
	files := replayRoot(t, map[string]string{
		"b.jsonl.gz":      "\x1f\x8b\x01\x02",
		"a.jsonl":         `{"type":"header"}` + "\n",
		"notes.txt":       "not a replay",
		".tmp.jsonl":      "half written",
		"sub/c.jsonl":     "in a directory",
		"dir.jsonl/x.txt": "a directory named like a replay",
	})
	tests := []struct {
		name        string
		cfg         viewer.Config
		path        string
		code        int
		contentType string
		body        string // "" skips the check
	}{
		{"Page", viewer.Config{}, "/", 200, "text/html; charset=utf-8", ""},
		{"List", viewer.Config{Replays: files}, "/replays/", 200, "application/json", `["a.jsonl","b.jsonl.gz"]` + "\n"},
		{"ListNone", viewer.Config{}, "/replays/", 200, "application/json", "[]\n"},
		{"Plain", viewer.Config{Replays: files}, "/replays/a.jsonl", 200, "application/x-ndjson", `{"type":"header"}` + "\n"},
		{"Gzip", viewer.Config{Replays: files}, "/replays/b.jsonl.gz", 200, "application/gzip", "\x1f\x8b\x01\x02"},
		{"NotAReplay", viewer.Config{Replays: files}, "/replays/notes.txt", 404, "", ""},
		{"Missing", viewer.Config{Replays: files}, "/replays/z.jsonl", 404, "", ""},
		{"Subdirectory", viewer.Config{Replays: files}, "/replays/sub/c.jsonl", 404, "", ""},
		{"Escaped", viewer.Config{Replays: files}, "/replays/sub%2Fc.jsonl", 404, "", ""},
		{"Traversal", viewer.Config{Replays: files}, "/replays/..%2Fsecret.jsonl", 404, "", ""},
		{"NoReplays", viewer.Config{}, "/replays/a.jsonl", 404, "", ""},
		{"NoLive", viewer.Config{}, "/live", 404, "", ""},
		{"Other", viewer.Config{}, "/favicon.ico", 404, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			viewer.Handler(tt.cfg).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.code {
				t.Fatalf("status %d, want %d (%s)", res.StatusCode, tt.code, body)
			}
			if tt.contentType != "" && res.Header.Get("Content-Type") != tt.contentType {
				t.Errorf("content type %q, want %q", res.Header.Get("Content-Type"), tt.contentType)
			}
			if tt.body != "" && string(body) != tt.body {
				t.Errorf("body %q, want %q", body, tt.body)
			}
		})
	}
	t.Run("PageData", func(t *testing.T) {
		for _, live := range []bool{false, true} {
			cfg := viewer.Config{}
			if live {
				cfg.Live = viewer.NewLive()
			}
			rec := httptest.NewRecorder()
			viewer.Handler(cfg).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
			d := dataOf(t, rec.Body.Bytes())
			if d["server"] != true || (d["live"] == true) != live {
				t.Errorf("live %v: page data %v", live, d)
			}
		}
	})
}
