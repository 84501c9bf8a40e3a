package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// TestMain_Viewer serves the viewer beside the gRPC server: the page, a stored replay, and
// the live game of a watched pool.
func TestMain_Viewer(t *testing.T) {
	dir := t.TempDir()
	reg := replaytest.Registry(t)
	stored := replaytest.Play(t, reg, race.ID, nil, 1, 0, env.RandomPolicy{})
	if err := replay.WriteFile(filepath.Join(dir, "game"+replay.GzipExt), stored); err != nil {
		t.Fatal(err)
	}
	m := NewMain()
	if err := m.ParseFlags([]string{"--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--replays", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	ready, viewerReady := make(chan net.Addr, 1), make(chan net.Addr, 1)
	m.Registry, m.Stderr, m.Ready, m.ViewerReady = reg, io.Discard, ready, viewerReady
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	var addr, web net.Addr
	for addr == nil || web == nil {
		select {
		case addr = <-ready:
		case web = <-viewerReady:
		case err := <-done:
			t.Fatalf("Run: %v", err)
		case <-time.After(10 * time.Second):
			t.Fatal("not serving after 10 s")
		}
	}
	base := "http://" + web.String()
	get := func(path string) string {
		t.Helper()
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s", path, res.Status)
		}
		return string(b)
	}
	if page := get("/"); !strings.Contains(page, `{"server":true,"live":true,"can_play":true}`) {
		t.Error("the page does not offer the live game and the play mode")
	}
	if page := get("/play/"); !strings.Contains(page, `"play":true`) {
		t.Error("/play/ is not the play page")
	}
	// the play mode offers every served game, with the built-in bots that play it
	if games := get("/play/api/games"); !strings.Contains(games, `{"id":"flickemup/bank-job-v9","seats":["lawmen","outlaws"],"bots":["aimer","planner","planner-deep","planner-lite","random"],"aim":true}`) {
		t.Errorf("/play/api/games does not offer a scenario against the built-in bots: %.300s", games)
	}
	if list := get("/replays/"); strings.TrimSpace(list) != `["game.jsonl.gz"]` {
		t.Errorf("replays/ = %s", list)
	}

	// A watched pool plays a whole game in env 0.
	conn, err := envrpc.Dial(addr.String(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	vec, err := envrpc.NewRemoteVector(ctxFor(t), conn, &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 2,
		IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE, Options: map[string]string{envrpc.WatchOption: "true"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := vec.Reset(9)
	if err != nil {
		t.Fatal(err)
	}
	spec := vec.Spec()
	acts := spec.NewActions(2)
	rng := rand.New(rand.NewPCG(1, 1))
	steps := 0
	for !b.Done(0) {
		for i := range 2 {
			a := acts.At(spec, i)
			mask := b.MaskAt(i)
			for h, hd := range spec.Heads {
				for v := range hd.N {
					if mask[spec.MaskOffset(h)+v] {
						a.Discrete[h] = int32(v)
						break
					}
				}
			}
			a.Continuous[0] = rng.Float32()*2 - 1
		}
		if b, err = vec.Step(acts); err != nil {
			t.Fatal(err)
		}
		steps++
	}
	// The live stream replays the game so far: its header, its steps, its end.
	req, _ := http.NewRequestWithContext(ctxFor(t), http.MethodGet, base+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	var types []string
	for len(types) < steps+2 && sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var rec struct{ Type, Game string }
			if err := json.Unmarshal([]byte(data), &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Type == replay.TypeHeader && rec.Game != race.ID {
				t.Errorf("live header of game %q", rec.Game)
			}
			types = append(types, rec.Type)
		}
	}
	if len(types) != steps+2 || types[0] != replay.TypeHeader || types[len(types)-1] != replay.TypeEnd {
		t.Errorf("live stream: %d records (%v … %v), want a header, %d steps and an end", len(types), types[0], types[len(types)-1], steps)
	}
	vec.Close()
	cancel()
	select { // the open stream does not hold the shutdown
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return after the shutdown")
	}
	res.Body.Close()
}

func TestMain_ViewerBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--replays", "/no/such/dir"},
		{"--listen", "127.0.0.1:0", "--http", "nonsense:address:x"},
	} {
		m := NewMain()
		if err := m.ParseFlags(args, io.Discard); err != nil {
			t.Fatal(err)
		}
		m.Stderr = io.Discard
		if err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "--") {
			t.Errorf("%q: got %v, want an error naming the flag", args, err)
		}
	}
}

// serveViewer runs a Main with args and the viewer on a free port until the test ends, and
// returns the viewer's base URL.
func serveViewer(t *testing.T, args ...string) string {
	t.Helper()
	m := NewMain()
	if err := m.ParseFlags(append([]string{"--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"}, args...), io.Discard); err != nil {
		t.Fatal(err)
	}
	viewerReady := make(chan net.Addr, 1)
	m.Registry, m.Stderr, m.ViewerReady = replaytest.Registry(t), io.Discard, viewerReady
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	select {
	case web := <-viewerReady:
		return "http://" + web.String()
	case err := <-done:
		t.Fatalf("Run: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("not serving after 10 s")
	}
	return ""
}

// TestMain_ViewerSymlink: a link in the replay directory to a file outside it is neither
// listed nor served (`ln -s /etc/passwd DIR/x.jsonl` was served).
func TestMain_ViewerSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game.jsonl"), []byte(`{"type":"header"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "x.jsonl")); err != nil {
		t.Fatal(err)
	}
	base := serveViewer(t, "--replays", dir)
	res, err := http.Get(base + "/replays/x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound || strings.Contains(string(body), "root:") {
		t.Errorf("GET /replays/x.jsonl (a link to /etc/passwd): %s %q, want 404", res.Status, shorten(body))
	}
	res, err = http.Get(base + "/replays/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if strings.TrimSpace(string(body)) != `["game.jsonl"]` {
		t.Errorf("replays/ = %s, want the regular file only", body)
	}
}

// shorten cuts a body for a message.
func shorten(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// TestMain_ViewerToken: with --token, the viewer requires it too; the token given once in the
// URL is kept in a cookie.
func TestMain_ViewerToken(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game.jsonl"), []byte(`{"type":"header"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const token = "t0ken-for-the-viewer"
	base := serveViewer(t, "--replays", dir, "--token", token)
	for _, path := range []string{"/", "/replays/", "/replays/game.jsonl", "/live"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %s, want 401", path, res.Status)
		}
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Jar: jar}
	res, err := client.Get(base + "/?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	// The landing page sets the cookie and replaces itself with the URL without the token.
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), `location.replace("./")`) {
		t.Fatalf("GET /?token=…: %s, want the landing page going to ./:\n%s", res.Status, page)
	}
	res, err = client.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "<canvas") {
		t.Fatalf("GET / with the cookie: %s, want the page", res.Status)
	}
	res, err = client.Get(base + "/replays/game.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET a replay with the cookie: %s, want 200", res.Status)
	}
}

// TestMain_ViewerLoopbackHosts: without a token, the viewer on a loopback address answers
// only requests naming a loopback host (it used to answer any Host, so that a page of another
// site could read it by rebinding its DNS name to 127.0.0.1); with a token, any Host.
func TestMain_ViewerLoopbackHosts(t *testing.T) {
	get := func(base, host string) int {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, base+"/replays/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Authorization", "Bearer t0ken")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	open := serveViewer(t)
	port := open[strings.LastIndexByte(open, ':'):]
	for host, want := range map[string]int{"localhost" + port: 200, "127.0.0.1" + port: 200, "rebound.example" + port: http.StatusMisdirectedRequest} {
		if code := get(open, host); code != want {
			t.Errorf("no token, Host %s: %d, want %d", host, code, want)
		}
	}
	if code := get(serveViewer(t, "--token", "t0ken"), "viewer.example"); code != http.StatusOK {
		t.Errorf("with a token, Host viewer.example: %d, want 200", code)
	}
}

// TestStartViewer_Timeouts: the viewer's server bounds reading a request and writing a
// response, so that a slow client cannot hold a connection forever.
func TestStartViewer_Timeouts(t *testing.T) {
	v, err := startViewer("127.0.0.1:0", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer v.close(time.Second)
	if v.srv.ReadHeaderTimeout <= 0 || v.srv.ReadTimeout <= 0 || v.srv.WriteTimeout <= 0 || v.srv.IdleTimeout <= 0 {
		t.Errorf("timeouts: read header %v, read %v, write %v, idle %v; want all set", v.srv.ReadHeaderTimeout, v.srv.ReadTimeout, v.srv.WriteTimeout, v.srv.IdleTimeout)
	}
}
