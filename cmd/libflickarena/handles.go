package main

import (
	"fmt"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/cmd/internal/serving"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/internal/catalogue"
	"github.com/flickarena/flickarena/internal/gctune"
)

// The library's one server, made at the first call that needs it.
var (
	serverOnce sync.Once
	server     *envrpc.Server
	serverErr  error
)

// theServer returns the library's server: envserver's games and opponents, with envserver's
// default limits but no idle timeout (an in-process pool belongs to its process) and no CPU
// budget of one call. The budget is a wall-clock deadline, which a process stopped by a
// signal (Ctrl-Z, SIGSTOP) or suspended with its machine would pass while it does not run,
// ending the call and interrupting the pool; in process, the caller owns the process and its
// time. Making it
// sets the Go collector's target as envserver does (GOGC=400 unless $GOGC is set: the
// physics allocates per flick; internal/gctune).
func theServer() (*envrpc.Server, error) {
	serverOnce.Do(func() {
		gctune.Default()
		reg, err := catalogue.Registry()
		if err == nil {
			err = registerTestGames(reg)
		}
		if err != nil {
			serverErr = status.Errorf(codes.Internal, "libflickarena: games: %v", err)
			return
		}
		opts := []envrpc.Option{envrpc.WithLimits(envrpc.Limits{IdleTimeout: -1, MaxCallCPU: -1}), envrpc.WithVersion(serving.Version())}
		server = envrpc.New(reg, append(opts, serving.Opponents()...)...)
	})
	return server, serverErr
}

// pools are the open pools by handle. Handles count from 1 and are never reused, so that
// a handle below next that is not open is one already closed.
var pools = struct {
	mu   sync.Mutex
	open map[uint64]*envrpc.LocalPool
	next uint64
}{open: map[uint64]*envrpc.LocalPool{}, next: 1}

// register gives lp a new handle.
func register(lp *envrpc.LocalPool) uint64 {
	pools.mu.Lock()
	defer pools.mu.Unlock()
	h := pools.next
	pools.next++
	pools.open[h] = lp
	return h
}

// lookup returns the open pool of handle h, or a NotFound status.
func lookup(h uint64) (*envrpc.LocalPool, error) {
	pools.mu.Lock()
	lp := pools.open[h]
	given := h > 0 && h < pools.next
	pools.mu.Unlock()
	switch {
	case lp != nil:
		return lp, nil
	case given:
		return nil, status.Errorf(codes.NotFound, "handle %d: pool closed", h)
	}
	return nil, status.Errorf(codes.NotFound, "handle %d: unknown pool handle (never given out)", h)
}

// unregister removes handle h and returns its pool: nil and true for a handle already
// closed, nil and false for one never given out.
func unregister(h uint64) (*envrpc.LocalPool, bool) {
	pools.mu.Lock()
	defer pools.mu.Unlock()
	lp := pools.open[h]
	delete(pools.open, h)
	return lp, lp != nil || (h > 0 && h < pools.next)
}

// errHandle is the error of a NULL handle pointer.
var errHandle = status.Error(codes.InvalidArgument, "handle: NULL; pass where to write the new pool's handle")

// errorf returns an InvalidArgument status naming an argument of the C call.
func errorf(arg, format string, args ...any) error {
	return status.Errorf(codes.InvalidArgument, "%s: %s", arg, fmt.Sprintf(format, args...))
}
