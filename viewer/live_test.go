package viewer_test

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/viewer"
)

// events reads Server-Sent Events from a response, sending each event's data on the channel.
func events(t *testing.T, res *http.Response) <-chan string {
	ch := make(chan string, 100)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				ch <- data
			}
		}
	}()
	return ch
}

func TestLive(t *testing.T) {
	live := viewer.NewLive()
	srv := httptest.NewServer(viewer.Handler(viewer.Config{Live: live}))
	defer srv.Close()
	header := func(n int) string { return `{"type":"header","n":` + string(rune('0'+n)) + `}` }
	step := func(i int) string { return `{"type":"step","i":` + string(rune('0'+i)) + `}` }

	live.Line([]byte(`{"type":"step","i":9}`)) // before any header: kept, but a header clears it
	live.Line([]byte(header(1)))
	live.Line([]byte(step(0)))
	if n := live.Lines(); n != 2 {
		t.Errorf("Lines() = %d, want 2 (the header and one step)", n)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("content type %q", ct)
	}
	ev := events(t, res)
	want := []string{header(1), step(0)} // the game so far
	live.Line([]byte(step(1)))           // then what comes
	live.Line([]byte(header(2)))         // a new game
	live.Line([]byte(step(0)))
	want = append(want, step(1), header(2), step(0))
	for i, w := range want {
		if got := <-ev; got != w {
			t.Fatalf("event %d: %s, want %s", i, got, w)
		}
	}
	if n := live.Lines(); n != 2 {
		t.Errorf("after a new header, Lines() = %d, want 2", n)
	}
	// Close ends the stream.
	live.Close()
	for range ev {
	}
	live.Line([]byte(step(1))) // ignored
	res2, err := http.Get(srv.URL + "/live")
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("after Close: status %d, want 503", res2.StatusCode)
	}
}
