package envrpc

import (
	"time"

	"github.com/flickarena/flickarena/env"
)

// Logger receives the server's structured log records: a message and
// alternating keys and values. *slog.Logger implements it. The server logs
// one record per pool created and closed, and every internal error.
type Logger interface {
	Info(msg string, args ...any)
	Error(msg string, args ...any)
}

// nopLogger discards every record.
type nopLogger struct{}

func (nopLogger) Info(string, ...any)  {}
func (nopLogger) Error(string, ...any) {}

// Option configures a Server.
type Option func(*Server)

// WithLimits sets the server's limits (zero fields keep their defaults).
// It panics if l.Check fails: check limits that come from a user first.
func WithLimits(l Limits) Option {
	if err := l.Check(); err != nil {
		panic(err)
	}
	return func(s *Server) { s.limits = l.withDefaults() }
}

// WithLogger sets where the server logs; by default it logs nothing.
func WithLogger(l Logger) Option {
	return func(s *Server) {
		if l != nil {
			s.log = l
		}
	}
}

// WithVersion sets the server version reported by GetServerInfo; default
// "dev".
func WithVersion(v string) Option { return func(s *Server) { s.version = v } }

// WithOpponent adds a named opponent for the single-agent view: a Policy
// that plays every seat but the agent's in any game (it must be safe for
// concurrent use). The name "random" (env.RandomPolicy) is always there and
// can be replaced.
func WithOpponent(name string, p env.Policy) Option {
	return WithOpponentSpec(name, Opponent{Policy: p})
}

// WithOpponentSpec adds a named opponent described by o: a bot that may
// play some games only, with a help text for GetServerInfo. It panics on a
// nil Policy (a programmer error in the server's wiring).
func WithOpponentSpec(name string, o Opponent) Option {
	if o.Policy == nil {
		panic("envrpc: opponent " + name + " has a nil Policy")
	}
	return func(s *Server) { s.opponents[name] = o }
}

// withClock sets the clock of the idle-pool expiry (tests).
func withClock(now func() time.Time) Option { return func(s *Server) { s.now = now } }
