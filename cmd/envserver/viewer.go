package main

import (
	"context"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/flickarena/flickarena/viewer"
)

// viewerServer is the replay viewer's web server (--http).
type viewerServer struct {
	addr net.Addr
	live *viewer.Live
	srv  *http.Server
	done chan error
}

// startViewer serves the viewer at addr, with the replays of dir (none if empty).
func startViewer(addr, dir string) (*viewerServer, error) {
	var files fs.FS
	if dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("--replays %s: not a directory", dir)
		}
		files = os.DirFS(dir)
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--http: %w", err)
	}
	v := &viewerServer{addr: l.Addr(), live: viewer.NewLive(), done: make(chan error, 1)}
	v.srv = &http.Server{Handler: viewer.Handler(viewer.Config{Replays: files, Live: v.live}), ReadHeaderTimeout: 10 * time.Second}
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
}
