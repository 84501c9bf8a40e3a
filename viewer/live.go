package viewer

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/flickarena/flickarena/replay"
)

// Live streams the game being recorded to viewers, as Server-Sent Events: it is the
// [replay.Sink] of a [replay.Recorder] and an http.Handler. A viewer that connects receives
// every line of the current game so far (from its header), then each new line as it is
// recorded; a header starts a new game. Each line is one "message" event whose data is the
// line's JSON.
//
// Recording never waits for a viewer: a viewer that falls more than [LiveBuffer] lines behind
// is disconnected, and its browser reconnects and starts again from the header.
type Live struct {
	mu     sync.Mutex // guards everything below
	lines  [][]byte   // the current game's lines, from its header
	subs   map[*subscriber]struct{}
	closed bool
}

// LiveBuffer is how many lines a viewer may lag behind before it is disconnected.
const LiveBuffer = 1024

// Heartbeat is the interval of the comments that keep an idle stream open through proxies.
const Heartbeat = 15 * time.Second

// LiveWriteTimeout bounds each write to a viewer: a viewer that takes no data for this long is
// disconnected. The stream lasts longer than a server's write timeout, so it sets its own
// deadline before each write instead.
const LiveWriteTimeout = 30 * time.Second

// subscriber is one connected viewer.
type subscriber struct {
	ch   chan []byte   // lines to send
	gone chan struct{} // closed when the viewer is dropped or Live closes
}

// NewLive returns a Live with no game yet.
func NewLive() *Live {
	return &Live{subs: make(map[*subscriber]struct{})}
}

var _ replay.Sink = (*Live)(nil)

// Line implements [replay.Sink]: it keeps line and sends it to every viewer. It never blocks.
func (l *Live) Line(line []byte) {
	var kind struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(line, &kind) // a line that is not a record is passed on as it is
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	if kind.Type == replay.TypeHeader {
		l.lines = l.lines[:0:0]
	}
	l.lines = append(l.lines, line)
	for s := range l.subs {
		select {
		case s.ch <- line:
		default:
			l.drop(s)
		}
	}
}

// drop disconnects s; the caller holds l.mu.
func (l *Live) drop(s *subscriber) {
	delete(l.subs, s)
	close(s.gone)
}

// Lines returns how many lines the current game has so far.
func (l *Live) Lines() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.lines)
}

// Close disconnects every viewer and ignores later lines.
func (l *Live) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	for s := range l.subs {
		l.drop(s)
	}
}

// subscribe returns the lines so far and a subscriber for the next ones, or nil after Close.
func (l *Live) subscribe() ([][]byte, *subscriber) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, nil
	}
	s := &subscriber{ch: make(chan []byte, LiveBuffer), gone: make(chan struct{})}
	l.subs[s] = struct{}{}
	return l.lines, s
}

// unsubscribe forgets s if it is still connected.
func (l *Live) unsubscribe(s *subscriber) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.subs[s]; ok {
		l.drop(s)
	}
}

// ServeHTTP streams the game to one viewer until it goes away or l closes.
func (l *Live) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	past, s := l.subscribe()
	if s == nil {
		http.Error(w, "the live stream is closed", http.StatusServiceUnavailable)
		return
	}
	defer l.unsubscribe(s)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	// extend moves the write deadline; a writer without deadlines (a test's recorder) has none
	extend := func() { _ = rc.SetWriteDeadline(time.Now().Add(LiveWriteTimeout)) }
	extend()
	w.WriteHeader(http.StatusOK)
	send := func(line []byte) bool {
		if _, err := w.Write([]byte("data: ")); err != nil {
			return false
		}
		if _, err := w.Write(line); err != nil {
			return false
		}
		_, err := w.Write([]byte("\n\n"))
		return err == nil
	}
	if _, err := w.Write([]byte("retry: 1000\n\n")); err != nil {
		return
	}
	for _, line := range past {
		if !send(line) {
			return
		}
	}
	fl.Flush()
	beat := time.NewTicker(Heartbeat)
	defer beat.Stop()
	for {
		select {
		case line := <-s.ch:
			extend()
			if !send(line) {
				return
			}
			fl.Flush()
		case <-beat.C:
			extend()
			if _, err := w.Write([]byte(": ping\n\n")); err != nil {
				return
			}
			fl.Flush()
		case <-s.gone:
			return
		case <-r.Context().Done():
			return
		}
	}
}
