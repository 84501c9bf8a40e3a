package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/internal/catalog"
)

// errUsage reports flags that could not be parsed; the usage was printed.
var errUsage = errors.New("usage")

// Main is the envserver program: its configuration, filled by ParseFlags,
// and its run.
type Main struct {
	// Listen is the address to listen on; see envrpc.Listen.
	Listen string
	// Token, when not empty, is the bearer token every call must carry.
	Token string
	// Limits are the server's limits.
	Limits envrpc.Limits
	// Opponents maps names to AgentService targets, offered as opponents.
	Opponents map[string]string
	// ShutdownTimeout bounds the graceful stop.
	ShutdownTimeout time.Duration
	// LogFormat is "text" or "json".
	LogFormat string
	// HTTP, when not empty, is where to serve the replay viewer (package viewer): its page,
	// the replay files of Replays, and the live games of the pools created with the watch
	// option (envrpc.WatchOption).
	HTTP string
	// Replays is the directory of replay files the viewer lists; empty for none.
	Replays string

	// Registry holds the games; nil means catalog.Registry().
	Registry *env.Registry
	// Stderr receives the log; nil means os.Stderr.
	Stderr io.Writer
	// Ready, if not nil, receives the listening address once the server
	// serves (tests listen on port 0).
	Ready chan<- net.Addr
	// ViewerReady, if not nil, receives the viewer's address once it serves.
	ViewerReady chan<- net.Addr
}

// NewMain returns a Main with the defaults.
func NewMain() *Main {
	return &Main{
		Listen:          "127.0.0.1:50051",
		Limits:          envrpc.DefaultLimits(),
		Opponents:       map[string]string{},
		ShutdownTimeout: 30 * time.Second,
		LogFormat:       "text",
	}
}

// ParseFlags sets m from the command line args, printing errors and usage
// to stderr.
func (m *Main) ParseFlags(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("envserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&m.Listen, "listen", m.Listen, "`address`: host:port, or unix:///abs/path for a unix socket")
	fs.StringVar(&m.Token, "token", "", "bearer `token` required on every call but health checks, and by the viewer (default $FLICKARENA_TOKEN)")
	tokenFile := fs.String("token-file", "", "read the bearer token from `path`")
	fs.IntVar(&m.Limits.MaxEnvsPerPool, "max-envs-per-pool", m.Limits.MaxEnvsPerPool, "largest pool, in envs")
	fs.IntVar(&m.Limits.MaxEnvs, "max-envs", m.Limits.MaxEnvs, "envs over all open pools")
	fs.IntVar(&m.Limits.MaxPools, "max-pools", m.Limits.MaxPools, "open pools")
	fs.DurationVar(&m.Limits.IdleTimeout, "idle-timeout", m.Limits.IdleTimeout, "close a pool idle this long (0: never)")
	fs.IntVar(&m.Limits.MaxMessageBytes, "max-message-bytes", m.Limits.MaxMessageBytes, "largest message either way, in bytes")
	fs.Func("opponent", "`name=target`: a remote bot (AgentService) single-agent pools may name as opponent; repeatable", func(v string) error {
		name, target, ok := strings.Cut(v, "=")
		if !ok || name == "" || target == "" {
			return fmt.Errorf("want name=target, got %q", v)
		}
		m.Opponents[name] = target
		return nil
	})
	fs.DurationVar(&m.ShutdownTimeout, "shutdown-timeout", m.ShutdownTimeout, "how long in-flight calls may take on SIGTERM")
	fs.StringVar(&m.LogFormat, "log-format", m.LogFormat, "log `format` on stderr: text or json")
	fs.StringVar(&m.HTTP, "http", "", "serve the replay viewer at `address` (host:port): stored replays and the live game of pools created with the option watch=true")
	fs.StringVar(&m.Replays, "replays", "", "`directory` of replay files the viewer lists (with --http)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "envserver: unexpected arguments %q\n", fs.Args())
		fs.Usage()
		return errUsage
	}
	if m.Token == "" {
		m.Token = os.Getenv("FLICKARENA_TOKEN")
	}
	if *tokenFile != "" {
		b, err := os.ReadFile(*tokenFile)
		if err != nil {
			return fmt.Errorf("token file: %w", err)
		}
		m.Token = strings.TrimSpace(string(b))
	}
	if m.LogFormat != "text" && m.LogFormat != "json" {
		fmt.Fprintf(stderr, "envserver: --log-format %q: want text or json\n", m.LogFormat)
		return errUsage
	}
	if m.Limits.IdleTimeout == 0 {
		m.Limits.IdleTimeout = -1 // the flag's 0 means never; envrpc's 0 means the default
	}
	return nil
}

// Run serves until ctx is done, then shuts down gracefully: no new pools,
// sessions end after their current request, in-flight calls finish (within
// ShutdownTimeout), pools close. It returns nil after a clean shutdown.
func (m *Main) Run(ctx context.Context) error {
	stderr := m.Stderr
	if stderr == nil {
		stderr = os.Stderr
	}
	var h slog.Handler = slog.NewTextHandler(stderr, nil)
	if m.LogFormat == "json" {
		h = slog.NewJSONHandler(stderr, nil)
	}
	log := slog.New(h)
	reg := m.Registry
	if reg == nil {
		var err error
		if reg, err = catalog.Registry(); err != nil {
			return err
		}
	}
	opts := []envrpc.Option{envrpc.WithLimits(m.Limits), envrpc.WithLogger(log), envrpc.WithVersion(version())}
	for name, target := range m.Opponents {
		conn, err := envrpc.Dial(target, "", m.Limits.MaxMessageBytes)
		if err != nil {
			return fmt.Errorf("opponent %s: %w", name, err)
		}
		defer conn.Close()
		opts = append(opts, envrpc.WithOpponent(name, envrpc.NewAgentPolicy(conn, 0)))
	}
	var view *viewerServer
	if m.HTTP != "" {
		var err error
		if view, err = startViewer(m.HTTP, m.Replays, m.Token); err != nil {
			return err
		}
		defer view.close(m.ShutdownTimeout)
		opts = append(opts, envrpc.WithWatch(view.live))
		log.Info("viewer", "url", "http://"+view.addr.String()+"/", "replays", m.Replays, "auth", m.Token != "")
		if m.ViewerReady != nil {
			m.ViewerReady <- view.addr
		}
	}
	srv := envrpc.New(reg, opts...)
	g := envrpc.NewGRPCServer(srv, m.Token)
	l, err := envrpc.Listen(m.Listen)
	if err != nil {
		_ = srv.Close()
		return err
	}
	served := make(chan error, 1)
	go func() { served <- g.Serve(l) }()
	log.Info("serving", "addr", l.Addr().String(), "games", reg.IDs(), "auth", m.Token != "", "version", version())
	if m.Ready != nil {
		m.Ready <- l.Addr()
	}

	select {
	case err := <-served:
		_ = srv.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", m.ShutdownTimeout.String())
	srv.Drain()
	stopped := make(chan struct{})
	go func() {
		g.GracefulStop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(m.ShutdownTimeout):
		log.Error("shutdown timeout: stopping hard")
		g.Stop()
		<-stopped
	}
	_ = srv.Close()
	if err := <-served; err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// version returns the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "dev"
}
