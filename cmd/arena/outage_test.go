package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/flickarena/flickarena/internal/pgtest"
)

// fileWorker is a worker process whose stderr goes to a file, which the
// test may read while the process runs.
type fileWorker struct {
	cmd     *exec.Cmd
	stdout  strings.Builder
	errPath string
	done    chan struct{}
	err     error
}

// startFileWorker starts the test binary as 'arena args' (see workerMain).
func startFileWorker(t *testing.T, args []string, env ...string) *fileWorker {
	t.Helper()
	w := &fileWorker{errPath: filepath.Join(t.TempDir(), "stderr"), done: make(chan struct{})}
	f, err := os.Create(w.errPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close() // the child has its own descriptor
	w.cmd = launchWorker(t, args, env, &w.stdout, f, w.done, &w.err)
	return w
}

// stderr returns what the worker has written to stderr so far.
func (w *fileWorker) stderr() string {
	b, _ := os.ReadFile(w.errPath) // a missing file reads as nothing yet
	return string(b)
}

// waitFor polls cond every 10 ms until it holds, failing the test after a
// minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting after a minute for %s", what)
		}
	}
}

// recordedGames counts the games at u, 0 while the database cannot answer.
func recordedGames(u string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		return 0
	}
	defer c.Close(ctx)
	var n int
	_ = c.QueryRow(ctx, "SELECT count(*) FROM games").Scan(&n) // before the tables exist: none
	return n
}

// playedBy returns the games a run printed it played and found recorded.
func playedBy(t *testing.T, out string) (played, recorded int) {
	t.Helper()
	m := thisRun.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary line in:\n%s", out)
	}
	played, _ = strconv.Atoi(m[1])
	recorded, _ = strconv.Atoi(m[2])
	return played, recorded
}

// TestRun_DatabaseOutage stops the PostgreSQL server under a worker
// mid-tournament (it used to end at the first failed statement). Through
// an outage shorter than --db-retry the worker retries, says so, and
// completes the tournament when the server is back: every game played
// once, the games those of one process on SQLite. Through an outage longer
// than --db-retry it exits non-zero, saying why, and a rerun once the
// server is back plays exactly the missing games: nothing lost or
// duplicated.
func TestRun_DatabaseOutage(t *testing.T) {
	withTestBots(t)
	ctx := context.Background()
	args := []string{"run", "--bots", "steady,sharp,passer", "--scenarios", "race", "--games", "12", "--seed", "6",
		"--concurrency", "2", "--prior", "400", "--lease", "1s"}
	alone := filepath.Join(t.TempDir(), "alone.db")
	mustRun(t, append(args, "--db", alone)...)
	want := storedGames(t, alone)
	planned := len(want)
	srv := pgtest.New(t)
	slow := envDecisionDelay + "=5ms"

	t.Run("Short", func(t *testing.T) {
		u, err := srv.CreateDB(ctx, "short")
		if err != nil {
			t.Fatal(err)
		}
		w := startFileWorker(t, append(args, "--db", u, "--db-retry", "1m"), slow)
		waitFor(t, "a quarter of the games", func() bool { return recordedGames(u) >= planned/4 })
		if err := srv.Halt(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the worker to report the outage", func() bool {
			return strings.Contains(w.stderr(), "database unreachable")
		})
		if err := srv.Resume(ctx); err != nil {
			t.Fatal(err)
		}
		select {
		case <-w.done:
		case <-time.After(2 * time.Minute):
			t.Fatal("the worker still runs 2 minutes after the outage")
		}
		if w.err != nil {
			t.Fatalf("the worker did not survive the outage: %v\nstdout:\n%s\nstderr:\n%s", w.err, w.stdout.String(), w.stderr())
		}
		t.Logf("%s (%s)", firstLine(w.stdout.String(), "This run:"), firstLine(w.stderr(), "database unreachable"))
		played, recorded := playedBy(t, w.stdout.String())
		if played+recorded != planned {
			t.Errorf("the worker played %d games (%d recorded, %d found recorded), want each of %d once",
				played+recorded, played, recorded, planned)
		}
		sameGames(t, "games through a short outage and of one process on SQLite", want, storedGames(t, u))
	})

	t.Run("Long", func(t *testing.T) {
		u, err := srv.CreateDB(ctx, "long")
		if err != nil {
			t.Fatal(err)
		}
		w := startFileWorker(t, append(args, "--db", u, "--db-retry", "1s"), slow)
		waitFor(t, "a quarter of the games", func() bool { return recordedGames(u) >= planned/4 })
		if err := srv.Halt(); err != nil {
			t.Fatal(err)
		}
		select {
		case <-w.done:
		case <-time.After(2 * time.Minute):
			t.Fatal("the worker still runs 2 minutes into an outage beyond its --db-retry of 1s")
		}
		if w.err == nil {
			t.Fatalf("the worker exited 0 through an outage beyond --db-retry:\n%s", w.stdout.String())
		}
		if msg := w.stderr(); !strings.Contains(msg, "database unreachable for") || !strings.Contains(msg, "run the same command again") {
			t.Errorf("the worker's stderr does not say why it stopped:\n%s", msg)
		}
		if err := srv.Resume(ctx); err != nil {
			t.Fatal(err)
		}
		before := recordedGames(u)
		t.Logf("the worker stopped with %d of %d games recorded: %s", before, planned, lastLine(w.stderr()))
		out, _ := mustRun(t, append(args, "--db", u)...)
		played, recorded := playedBy(t, out)
		if recorded != before || played != planned-before {
			t.Errorf("rerun: %d played, %d found recorded; want the %d missing played and the %d recorded kept",
				played, recorded, planned-before, before)
		}
		sameGames(t, "games after a rerun and of one process on SQLite", want, storedGames(t, u))
	})
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
