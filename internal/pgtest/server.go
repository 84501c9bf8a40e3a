package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Timeouts of the server's life.
const (
	// StartTimeout bounds initdb and the server's start.
	StartTimeout = 60 * time.Second
	// StopTimeout bounds the fast shutdown; the server is killed after it.
	StopTimeout = 30 * time.Second
)

// Superuser is the database superuser of every server, trusted on the socket.
const Superuser = "postgres"

// Server is a running private PostgreSQL server.
type Server struct {
	dir  string              // owned by the server's user: data/, the socket, postgres.log
	bin  string              // the directory of postgres
	cred *syscall.Credential // the user postgres runs as; nil: the current one
	cmd  *exec.Cmd
	done chan struct{} // closed when the server process has exited
	err  error         // the process's exit status, set before done is closed
}

// Start runs initdb in a new temporary directory and starts postgres on a
// Unix socket there, waiting until it accepts connections. The caller must
// call [Server.Stop].
func Start(ctx context.Context) (*Server, error) {
	bin, err := findBin(os.Getenv, debianRoot)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, StartTimeout)
	defer cancel()
	// Short: a socket path has at most 107 bytes, so a long TMPDIR gives way to /tmp.
	base := os.TempDir()
	if len(base) > 60 {
		base = "/tmp"
	}
	dir, err := os.MkdirTemp(base, "pgtest-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	cred, err := serverUser(dir)
	if err != nil {
		_ = os.RemoveAll(dir) // err is the one to report
		return nil, err
	}
	s := &Server{dir: dir}
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", s.dataDir(), "-U", Superuser,
		"--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = procAttr(cred)
	initdb.Env = append(os.Environ(), "LC_ALL=C")
	if out, err := initdb.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %w\n%s", err, out)
	}
	s.bin, s.cred = bin, cred
	if err := s.launch(ctx); err != nil {
		return nil, errors.Join(err, s.Stop())
	}
	return s, nil
}

// launch starts postgres on the cluster and waits until it accepts
// connections.
func (s *Server) launch(ctx context.Context) error {
	logFile, err := os.OpenFile(s.logPath(), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer logFile.Close() // the child has its own descriptor
	cmd := exec.Command(filepath.Join(s.bin, "postgres"), "-D", s.dataDir(), "-k", s.dir,
		"-c", "listen_addresses=", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=300", "-c", "shared_buffers=32MB")
	cmd.SysProcAttr = procAttr(s.cred)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	s.cmd, s.done = cmd, make(chan struct{})
	go func() {
		s.err = cmd.Wait()
		close(s.done)
	}()
	return s.waitReady(ctx)
}

// Halt shuts the server down as [Server.Stop] does but keeps its data and
// directory: an outage of the database, ended by [Server.Resume].
func (s *Server) Halt() error {
	if !s.running() {
		return errors.New("pgtest: halt: the server is not running")
	}
	_ = s.cmd.Process.Signal(syscall.SIGINT) // an exited process is fine
	select {
	case <-s.done:
		return nil
	case <-time.After(StopTimeout):
		_ = s.cmd.Process.Kill()
		<-s.done
		return fmt.Errorf("pgtest: postgres did not stop within %v; killed", StopTimeout)
	}
}

// Resume starts a halted server again on the same data and socket, waiting
// until it accepts connections.
func (s *Server) Resume(ctx context.Context) error {
	if s.running() {
		return errors.New("pgtest: resume: the server is running")
	}
	ctx, cancel := context.WithTimeout(ctx, StartTimeout)
	defer cancel()
	return s.launch(ctx)
}

// serverUser returns the user the server runs as (nil: the current one) and
// hands dir to it. Root runs it as "postgres", or else "nobody".
func serverUser(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var errs []error
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("pgtest: user %s: %w", name, err)
		}
		if err := os.Chown(dir, int(uid), int(gid)); err != nil {
			return nil, fmt.Errorf("pgtest: hand %s to user %s: %w", dir, name, err)
		}
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, fmt.Errorf("pgtest: running as root and no user to run postgres as: %w", errors.Join(errs...))
}

// waitReady waits until the server accepts connections, has exited, or ctx
// is done.
func (s *Server) waitReady(ctx context.Context) error {
	for {
		c, err := pgx.Connect(ctx, s.URL("postgres"))
		if err == nil {
			return c.Close(ctx)
		}
		select {
		case <-s.done:
			return fmt.Errorf("pgtest: postgres exited at start: %w\n%s", s.err, s.log())
		case <-ctx.Done():
			return fmt.Errorf("pgtest: postgres not ready: %w (last: %w)\n%s", ctx.Err(), err, s.log())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// dataDir is the cluster's directory.
func (s *Server) dataDir() string { return filepath.Join(s.dir, "data") }

// logPath is the server log's file.
func (s *Server) logPath() string { return filepath.Join(s.dir, "postgres.log") }

// log returns the end of the server log, for error messages.
func (s *Server) log() string {
	b, _ := os.ReadFile(s.logPath()) // best effort: the log only explains
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(bytes.TrimSpace(b))
}

// URL returns the connection URL of database db on the server: the
// superuser over the Unix socket.
func (s *Server) URL(db string) string {
	q := url.Values{"host": {s.dir}, "user": {Superuser}, "sslmode": {"disable"}}
	return (&url.URL{Scheme: "postgres", Path: "/" + db, RawQuery: q.Encode()}).String()
}

// CreateDB creates the empty database name and returns its URL.
func (s *Server) CreateDB(ctx context.Context, name string) (string, error) {
	c, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	defer c.Close(context.WithoutCancel(ctx))
	if _, err := c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	return s.URL(name), nil
}

// Stop shuts the server down (a fast shutdown: open sessions are ended),
// unless it is halted, and deletes its directory.
func (s *Server) Stop() error {
	var err error
	if s.running() {
		err = s.Halt()
	}
	return errors.Join(err, os.RemoveAll(s.dir))
}

// running reports whether the server process is started and not exited.
func (s *Server) running() bool {
	if s.cmd == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}
