package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/flickarena/flickarena/viewer"
)

// The viewer's HTTP timeouts. A replay is tens of kilobytes, so two minutes to send one is
// generous; the live stream sets its own deadline per write (viewer.LiveWriteTimeout).
const (
	viewerReadHeaderTimeout = 10 * time.Second
	viewerReadTimeout       = 30 * time.Second
	viewerWriteTimeout      = 2 * time.Minute
	viewerIdleTimeout       = 2 * time.Minute
)

// viewerServer is the replay viewer's web server (--http).
type viewerServer struct {
	addr net.Addr
	live *viewer.Live
	root *os.Root // the replay directory, nil for none
	srv  *http.Server
	done chan error
}

// startViewer serves the viewer at addr, with the replays of dir (none if empty) and the play
// mode's API playAPI (none if nil), requiring token when it is not empty. The directory is opened as an os.Root: a link that leads out of
// it is not served. Without a token on a loopback address, only requests naming a loopback
// host are answered (viewer.Config.LoopbackHosts).
func startViewer(addr, dir, token string, playAPI http.Handler) (*viewerServer, error) {
	var root *os.Root
	if dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--replays %s: not a directory", dir)
		}
		var err error
		if root, err = os.OpenRoot(dir); err != nil {
			return nil, fmt.Errorf("--replays %s: %w", dir, err)
		}
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		if root != nil {
			root.Close()
		}
		return nil, fmt.Errorf("--http: %w", err)
	}
	v := &viewerServer{addr: l.Addr(), live: viewer.NewLive(), root: root, done: make(chan error, 1)}
	// Without a token, a loopback viewer answers only loopback host names (DNS rebinding).
	loopbackOnly := token == "" && isLoopback(l.Addr())
	v.srv = &http.Server{
		Handler:           viewer.Handler(viewer.Config{Replays: root, Live: v.live, Play: playAPI, Token: token, LoopbackHosts: loopbackOnly}),
		ReadHeaderTimeout: viewerReadHeaderTimeout,
		ReadTimeout:       viewerReadTimeout,
		WriteTimeout:      viewerWriteTimeout,
		IdleTimeout:       viewerIdleTimeout,
	}
	go func() { v.done <- v.srv.Serve(l) }()
	return v, nil
}

// close ends the live streams and stops the server, within timeout.
func (v *viewerServer) close(timeout time.Duration) {
	v.live.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := v.srv.Shutdown(ctx); err != nil {
		_ = v.srv.Close()
	}
	<-v.done
	if v.root != nil {
		v.root.Close()
	}
}

// isLoopback reports whether a listener's address is a loopback IP address.
func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}
