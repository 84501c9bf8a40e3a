package viewer_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
	"github.com/flickarena/flickarena/viewer"
)

// TestHandler_FIFO: a named pipe named like a replay in the served directory is neither
// listed nor opened. Opening it used to block each request in open(2) for good, an OS thread
// each, until the process died at Go's 10,000-thread limit; now every request answers 404.
func TestHandler_FIFO(t *testing.T) {
	dir := t.TempDir()
	pipe := regfiletest.FIFO(t, dir, "pipe.jsonl")
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(`{"type":"header"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := viewer.Handler(viewer.Config{Replays: openRoot(t, dir)})
	const requests = 64
	codes := make(chan int, requests)
	var wg sync.WaitGroup
	for range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/replays/pipe.jsonl", nil))
			codes <- rec.Code
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	// A guard against hanging the run on a broken build, not a timing: the requests either
	// all return or are blocked in open(2).
	select {
	case <-done:
	case <-time.After(regfiletest.HangGuard):
		t.Errorf("requests for the named pipe still blocked (%d of %d answered): the handler opened it", len(codes), requests)
		regfiletest.Release(pipe) // a writer lets every blocked open return
	}
	<-done
	close(codes)
	for code := range codes {
		if code != http.StatusNotFound {
			t.Errorf("GET /replays/pipe.jsonl: %d, want 404", code)
			break
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/replays/", nil))
	if body := strings.TrimSpace(rec.Body.String()); body != `["a.jsonl"]` {
		t.Errorf("list: %s, want the regular file only", body)
	}
}
