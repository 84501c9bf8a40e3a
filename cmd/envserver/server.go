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
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/flickarena/flickarena/cmd/internal/serving"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/internal/catalogue"
	"github.com/flickarena/flickarena/internal/regfile"
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
	// OpponentTimeout bounds each call to a remote opponent (one move).
	OpponentTimeout time.Duration
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
	// PlaySessions is how many games people may play at once at /play (with HTTP).
	PlaySessions int
	// PlayIdle closes a game at /play whose page made no request for this long.
	PlayIdle time.Duration
	// Scenarios are Flick 'em Up! scenario files, or directories of them, served each as the
	// game flickemup/file/<stem>-vN (flickemup.RegisterFiles); checked at start-up.
	Scenarios []string

	// Registry holds the games; nil means catalogue.Registry().
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
		OpponentTimeout: 10 * time.Second,
		ShutdownTimeout: 30 * time.Second,
		LogFormat:       "text",
		PlaySessions:    defaultPlaySessions,
		PlayIdle:        defaultPlayIdle,
	}
}

// ParseFlags sets m from the command line args, printing errors and usage
// to stderr.
func (m *Main) ParseFlags(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("envserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&m.Listen, "listen", m.Listen, "`address`: host:port, or unix:///abs/path for a unix socket")
	fs.StringVar(&m.Token, "token", "", "bearer `token` required on every call but health checks, and by the viewer (default $FLICKARENA_TOKEN)")
	tokenFile := fs.String("token-file", "", "read the bearer token from `path`, a regular file (an empty or blank file is an error, as is --token too)")
	fs.IntVar(&m.Limits.MaxEnvsPerPool, "max-envs-per-pool", m.Limits.MaxEnvsPerPool, fmt.Sprintf("largest pool, in envs (1 to %d)", envrpc.MaxEnvsCap))
	fs.IntVar(&m.Limits.MaxEnvs, "max-envs", m.Limits.MaxEnvs, fmt.Sprintf("envs over all open pools (1 to %d)", envrpc.MaxEnvsCap))
	fs.IntVar(&m.Limits.MaxPools, "max-pools", m.Limits.MaxPools, fmt.Sprintf("open pools (1 to %d)", envrpc.MaxPoolsCap))
	fs.DurationVar(&m.Limits.IdleTimeout, "idle-timeout", m.Limits.IdleTimeout, "close a pool idle this long (0: never)")
	fs.IntVar(&m.Limits.MaxMessageBytes, "max-message-bytes", m.Limits.MaxMessageBytes,
		fmt.Sprintf("largest message either way, in bytes (%d to %d)", envrpc.MinMessageBytes, envrpc.MaxMessageBytesCap))
	fs.DurationVar(&m.Limits.MaxCallCPU, "max-call-cpu", m.Limits.MaxCallCPU,
		"CPU time one Reset or Step call may take, its opponents' included (0: no bound), enforced as a wall-clock deadline of this divided by the CPUs the pool keeps busy; "+
			"a call over it fails with RESOURCE_EXHAUSTED and, like a call cut short by the client's deadline or a disconnect, stops its work and leaves the pool needing a Reset of every env")
	fs.Func("opponent", "`name=target`: a remote bot (AgentService) single-agent pools may name as opponent, besides the built-in bots (agents/builtin, played in process); repeatable", func(v string) error {
		name, target, ok := strings.Cut(v, "=")
		if !ok || name == "" || target == "" {
			return fmt.Errorf("want name=target, got %q", v)
		}
		m.Opponents[name] = target
		return nil
	})
	fs.DurationVar(&m.OpponentTimeout, "opponent-timeout", m.OpponentTimeout, "how long a remote opponent may take for one move (at most 10m)")
	fs.DurationVar(&m.ShutdownTimeout, "shutdown-timeout", m.ShutdownTimeout, "how long in-flight calls may take on SIGTERM")
	fs.StringVar(&m.LogFormat, "log-format", m.LogFormat, "log `format` on stderr: text or json")
	fs.StringVar(&m.HTTP, "http", "", "serve the replay viewer at `address` (host:port): stored replays, the live game of pools created with the option watch=true, "+
		"and the play mode at /play, where a person plays any served game against the bots (built-in and --opponent)")
	fs.StringVar(&m.Replays, "replays", "", "`directory` of replay files the viewer lists (with --http); the games played at /play are saved there")
	fs.IntVar(&m.PlaySessions, "play-sessions", m.PlaySessions, fmt.Sprintf("games people may play at once at /play (1 to %d)", maxPlaySessions))
	fs.DurationVar(&m.PlayIdle, "play-idle", m.PlayIdle, "close a game at /play whose page made no request for this long (1s to 24h); its replay is saved")
	fs.Func("scenarios", "Flick 'em Up! scenario files to serve: a `path` to a .scn file or a directory of them, each file the game flickemup/file/<stem>-vN (its name without .scn; N its version line, else the rules version); repeatable", func(v string) error {
		if v == "" {
			return errors.New("want a file or directory")
		}
		m.Scenarios = append(m.Scenarios, v)
		return nil
	})
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
	if err := m.resolveToken(fs, *tokenFile); err != nil {
		return err
	}
	if err := m.checkLimits(); err != nil {
		return err
	}
	if err := checkOpponentNames(m.Opponents); err != nil {
		return err
	}
	if m.PlaySessions < 1 || m.PlaySessions > maxPlaySessions {
		return fmt.Errorf("--play-sessions %d: want 1 to %d", m.PlaySessions, maxPlaySessions)
	}
	if m.PlayIdle < time.Second || m.PlayIdle > maxPlayIdle {
		return fmt.Errorf("--play-idle %v: want 1s to %v", m.PlayIdle, maxPlayIdle)
	}
	if m.OpponentTimeout <= 0 || m.OpponentTimeout > 10*time.Minute {
		return fmt.Errorf("--opponent-timeout %v: want more than 0 and at most 10m", m.OpponentTimeout)
	}
	if m.LogFormat != "text" && m.LogFormat != "json" {
		fmt.Fprintf(stderr, "envserver: --log-format %q: want text or json\n", m.LogFormat)
		return errUsage
	}
	if m.Limits.IdleTimeout == 0 {
		m.Limits.IdleTimeout = -1 // the flag's 0 means never; envrpc's 0 means the default
	}
	if m.Limits.MaxCallCPU == 0 {
		m.Limits.MaxCallCPU = -1 // the flag's 0 means no bound; envrpc's 0 means the default
	}
	return nil
}

// checkLimits refuses a limit flag out of its range, naming the flag:
// counts and sizes from 1 (1024 bytes for messages) to envrpc's caps, an
// idle timeout not negative.
func (m *Main) checkLimits() error {
	l := m.Limits
	for _, f := range []struct {
		flag     string
		v        int
		min, max int
	}{
		{"max-envs-per-pool", l.MaxEnvsPerPool, 1, envrpc.MaxEnvsCap},
		{"max-envs", l.MaxEnvs, 1, envrpc.MaxEnvsCap},
		{"max-pools", l.MaxPools, 1, envrpc.MaxPoolsCap},
		{"max-message-bytes", l.MaxMessageBytes, envrpc.MinMessageBytes, envrpc.MaxMessageBytesCap},
	} {
		if f.v < f.min || f.v > f.max {
			return fmt.Errorf("--%s %d: want %d to %d", f.flag, f.v, f.min, f.max)
		}
	}
	if l.IdleTimeout < 0 {
		return fmt.Errorf("--idle-timeout %v: want 0 (never) or more", l.IdleTimeout)
	}
	if l.MaxCallCPU < 0 {
		return fmt.Errorf("--max-call-cpu %v: want 0 (no bound) or more", l.MaxCallCPU)
	}
	return nil
}

// maxTokenFileBytes bounds the token file read by --token-file.
const maxTokenFileBytes = 4096

// resolveToken sets m.Token from --token, --token-file or
// $FLICKARENA_TOKEN (when neither flag gives one), in that order. Asking for a token and getting none is
// an error, never a server without authentication: a blank --token, a
// token file that is empty, blank or unreadable, or both flags at once.
func (m *Main) resolveToken(fs *flag.FlagSet, tokenFile string) error {
	tokenSet := false
	fs.Visit(func(f *flag.Flag) { tokenSet = tokenSet || f.Name == "token" })
	switch {
	case tokenSet && tokenFile != "":
		return errors.New("--token and --token-file both set: give one")
	case tokenSet && m.Token != "" && strings.TrimSpace(m.Token) == "":
		return errors.New("--token: blank; give a token, or leave the flag out to serve without one")
	case tokenSet && strings.TrimSpace(m.Token) != m.Token:
		return errors.New("--token: leading or trailing white space is not allowed in a token")
	case tokenFile != "":
		b, err := readBounded(tokenFile, maxTokenFileBytes)
		if err != nil {
			return fmt.Errorf("--token-file: %w", err)
		}
		tok := strings.TrimSpace(string(b))
		if tok == "" {
			return fmt.Errorf("--token-file %s: the file is empty or blank; refusing to start without authentication", tokenFile)
		}
		if strings.ContainsAny(tok, " \t\r\n") {
			return fmt.Errorf("--token-file %s: the token has white space inside; want one token on one line", tokenFile)
		}
		m.Token = tok
	case m.Token == "":
		env := os.Getenv("FLICKARENA_TOKEN")
		if env != "" && strings.TrimSpace(env) == "" {
			return errors.New("$FLICKARENA_TOKEN: blank; give a token, or unset it to serve without one")
		}
		m.Token = strings.TrimSpace(env)
	}
	return nil
}

// readBounded reads the regular file at path (anything else is refused, never opened, see
// internal/regfile), refusing one over limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	b, err := regfile.ReadFile(path, limit)
	if tl := (*regfile.TooLargeError)(nil); errors.As(err, &tl) {
		return nil, fmt.Errorf("%s: over %d bytes; a token file holds one token", path, limit)
	}
	return b, err
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
		if reg, err = catalogue.Registry(); err != nil {
			return err
		}
	}
	if len(m.Scenarios) > 0 {
		ids, err := flickemup.RegisterFiles(reg, m.Scenarios...)
		if err != nil {
			lines := strings.Split(err.Error(), "\n")
			for i, l := range lines {
				lines[i] = "  " + strings.TrimPrefix(l, "flickemup: ")
			}
			return fmt.Errorf("--scenarios:\n%s", strings.Join(lines, "\n"))
		}
		for _, id := range ids {
			log.Info("scenario file", "game", id)
		}
	}
	opts := []envrpc.Option{envrpc.WithLimits(m.Limits), envrpc.WithLogger(log), envrpc.WithVersion(serving.Version())}
	opts = append(opts, serving.Opponents()...)
	remote := map[string]*envrpc.AgentPolicy{}
	for name, target := range m.Opponents {
		conn, err := envrpc.Dial(target, "", m.Limits.MaxMessageBytes)
		if err != nil {
			return fmt.Errorf("opponent %s: %w", name, err)
		}
		defer conn.Close()
		remote[name] = envrpc.NewAgentPolicy(conn, m.OpponentTimeout)
		opts = append(opts, envrpc.WithOpponent(name, remote[name]))
	}
	var view *viewerServer
	if m.HTTP != "" {
		games, err := m.startPlay(reg, remote, log)
		if err != nil {
			return err
		}
		defer games.Close() // after the viewer's close (deferred next): no request is left
		if view, err = startViewer(m.HTTP, m.Replays, m.Token, games); err != nil {
			return err
		}
		defer view.close(m.ShutdownTimeout)
		opts = append(opts, envrpc.WithWatch(view.live))
		log.Info("viewer", "url", "http://"+view.addr.String()+"/", "play", "http://"+view.addr.String()+"/play/", "replays", m.Replays, "auth", m.Token != "")
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
	log.Info("serving", "addr", l.Addr().String(), "games", reg.IDs(), "auth", m.Token != "", "version", serving.Version())
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
