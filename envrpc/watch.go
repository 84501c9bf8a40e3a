package envrpc

import (
	"maps"
	"strconv"
	"sync/atomic"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// WatchOption is the pool option ("watch": "true") that streams the games of the pool's env 0
// to the server's watch sink ([WithWatch]), recorded as replays with their flicks'
// trajectories when the game can: `envserver --http ADDR` shows them live in the replay
// viewer while training runs. The option belongs to the server: the games never see it. Only
// the most recently created watched pool streams. A server without a watch sink refuses the
// option.
const WatchOption = "watch"

// WithWatch sets where watched pools stream env 0's games, one replay line at a time: a
// replay.Sink such as a viewer.Live. It must not block.
func WithWatch(sink replay.Sink) Option {
	return func(s *Server) { s.watch = &watcher{sink: sink} }
}

// watcher streams the newest watched pool to its sink.
type watcher struct {
	sink    replay.Sink
	created atomic.Uint64 // watched pools created so far
	current atomic.Uint64 // the number of the pool that streams
}

// gate is the sink of watched pool n: it passes lines on while n is the newest watched pool.
type gate struct {
	w *watcher
	n uint64
}

// Line implements replay.Sink.
func (g gate) Line(line []byte) {
	if g.w.current.Load() == g.n {
		g.w.sink.Line(line)
	}
}

// watchOptions takes the watch option out of a pool's options and says whether the pool is
// watched.
func (s *Server) watchOptions(opts env.Options) (env.Options, bool, error) {
	v, ok := opts[WatchOption]
	if !ok {
		return opts, false, nil
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		return nil, false, invalidf("config.options", "%s = %q: want true or false", WatchOption, v)
	}
	if on && s.watch == nil {
		return nil, false, invalidf("config.options", "%s: this server shows no viewer (start envserver with --http)", WatchOption)
	}
	rest := maps.Clone(opts)
	delete(rest, WatchOption)
	return rest, on, nil
}

// watchFactory returns f with its first game, env 0, recorded to the watch sink: created with
// replay.RecordOption when the game accepts it, so that its flicks are animated. The pool
// becomes the one that streams. A Vector calls its factory for env 0 first, from one
// goroutine.
func (s *Server) watchFactory(f env.Factory, title string) env.Factory {
	n := s.watch.created.Add(1)
	s.watch.current.Store(n)
	first := true
	return func(opts env.Options) (env.Game, error) {
		if !first {
			return f(opts)
		}
		first = false
		with := maps.Clone(opts)
		if with == nil {
			with = env.Options{}
		}
		with[replay.RecordOption] = "true"
		g, err := f(with)
		if err != nil {
			if g, err = f(opts); err != nil {
				return nil, err
			}
			with = opts
		}
		return replay.Wrap(g, replay.Config{Options: with, Title: title, Sink: gate{s.watch, n}}), nil
	}
}
