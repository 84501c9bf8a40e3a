package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/pgtest"
)

// envWorkerArgs, set to a JSON list of arguments, makes the test binary run
// 'arena' with them, with the chaos test's bots: a worker process.
const envWorkerArgs = "FLICKARENA_TEST_ARENA_ARGS"

// decisionDelay is how long the chaos test's bots sleep at each decision in
// a worker process, so that games take time and a kill lands mid-game;
// envDecisionDelay overrides it (a Go duration).
const decisionDelay = 4 * time.Millisecond

// envDecisionDelay sets the bots' delay in a worker process.
const envDecisionDelay = "FLICKARENA_TEST_DECISION_DELAY"

// slowed returns b sleeping d before each decision: the same name, version
// and moves.
func slowed(b testBot, d time.Duration) testBot {
	return testBot{b.name, func(dst env.Action, t env.Turn, rng *rand.Rand) error {
		time.Sleep(d)
		return b.act(dst, t, rng)
	}}
}

// workerMain runs 'arena' with the JSON arguments args and the slowed test
// bots, and returns the exit code.
func workerMain(args string) int {
	var argv []string
	if err := json.Unmarshal([]byte(args), &argv); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		return 2
	}
	delay := decisionDelay
	if d := os.Getenv(envDecisionDelay); d != "" {
		var err error
		if delay, err = time.ParseDuration(d); err != nil {
			fmt.Fprintln(os.Stderr, "worker:", envDecisionDelay+":", err)
			return 2
		}
	}
	meet, err := meetingOf(os.Getenv(envMeeting))
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", envMeeting+":", err)
		return 2
	}
	byName := map[string]arena.Bot{}
	for _, b := range []testBot{steady, sharp, passer} {
		byName[b.name] = meet.wrap(slowed(b, delay))
	}
	prev := newBuiltin
	newBuiltin = func(name string) (arena.Bot, error) {
		if b, ok := byName[name]; ok {
			return b, nil
		}
		return prev(name)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Main(ctx, argv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		return 1
	}
	return 0
}

// worker is an arena worker process of the chaos test.
type worker struct {
	name           string
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{} // closed when the process has exited
	err            error         // its exit status, set before done closes
}

// startWorker starts the test binary as 'arena args', with the environment
// variables env beside the test's.
func startWorker(t testing.TB, name string, args []string, env ...string) *worker {
	t.Helper()
	w := &worker{name: name, done: make(chan struct{})}
	w.cmd = launchWorker(t, args, env, &w.stdout, &w.stderr, w.done, &w.err)
	return w
}

// launchWorker starts the test binary as 'arena args' (see workerMain), with the environment
// variables env beside the test's and its output to stdout and stderr. When the process
// exits, its status goes to *status and done is closed; the test's cleanup kills it.
func launchWorker(t testing.TB, args, env []string, stdout, stderr io.Writer, done chan struct{}, status *error) *exec.Cmd {
	t.Helper()
	js, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), env...), envWorkerArgs+"="+string(js))
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		*status = cmd.Wait()
		close(done)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill() // an exited process is fine
		<-done
	})
	return cmd
}

// TestChaos_Workers plays one tournament on PostgreSQL with four worker
// processes given the same command; two are killed with SIGKILL at random
// moments (when a random share of the games is recorded, so mid-run) and one
// is started again. The survivors finish the tournament, rescuing the dead
// workers' sets once their leases run out: the games recorded are exactly
// the planned ones, identical game for game to a single-process run of the
// same command on SQLite. The long version plays a larger tournament.
func TestChaos_Workers(t *testing.T) {
	bots, games := "steady,sharp,passer", "24"
	if !testing.Short() {
		bots, games = "random,steady,sharp,passer", "60"
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("chaos seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))

	withTestBots(t)
	args := []string{"run", "--bots", bots, "--scenarios", "race", "--games", games, "--seed", "9", "--concurrency", "2", "--prior", "400"}
	file := filepath.Join(t.TempDir(), "single.db")
	mustRun(t, append(args, "--db", file)...)
	want := storedGames(t, file)
	planned := len(want)

	u := pgtest.DB(t)
	wargs := append(args, "--db", u, "--lease", "1s")
	workers := make([]*worker, 4)
	for i := range workers {
		workers[i] = startWorker(t, "w"+strconv.Itoa(i), wargs)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	recorded := func() int {
		var n int
		// Before the first worker makes the tables, the count fails: none recorded.
		_ = conn.QueryRow(ctx, "SELECT count(*) FROM games").Scan(&n)
		return n
	}
	// Kill two workers when a random share of the games is recorded: the
	// first in [10%, 40%), the second in [40%, 70%); restart one after.
	victims := rng.Perm(len(workers))[:2]
	thresholds := []int{planned * (10 + rng.IntN(30)) / 100, planned * (40 + rng.IntN(30)) / 100}
	deadline := time.Now().Add(3 * time.Minute)
	for i, v := range victims {
		for recorded() < thresholds[i] {
			if time.Now().After(deadline) {
				t.Fatalf("only %d of %d games recorded after 3 minutes", recorded(), planned)
			}
			time.Sleep(5 * time.Millisecond)
		}
		w := workers[v]
		if err := w.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatalf("kill %s: %v", w.name, err)
		}
		<-w.done
		t.Logf("killed %s at %d of %d games recorded", w.name, recorded(), planned)
		if ws, ok := w.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Errorf("%s had exited before its kill (%v): the kill did not land mid-run", w.name, w.err)
		}
	}
	workers = append(workers, startWorker(t, "restarted", wargs))
	t.Logf("restarted a worker at %d of %d games recorded", recorded(), planned)

	var wg sync.WaitGroup
	for i, w := range workers {
		if i == victims[0] || i == victims[1] {
			continue
		}
		wg.Go(func() {
			select {
			case <-w.done:
			case <-time.After(time.Until(deadline)):
				t.Errorf("%s still running after 3 minutes", w.name)
				return
			}
			if w.err != nil {
				t.Errorf("%s: %v\nstdout:\n%s\nstderr:\n%s", w.name, w.err, w.stdout.String(), w.stderr.String())
				return
			}
			wantLines(t, w.name+" output", w.stdout.String(), fmt.Sprintf("%d games planned", planned), "Ratings of")
			t.Logf("%s: %s", w.name, firstLine(w.stdout.String(), "This run:"))
		})
	}
	wg.Wait()
	sameGames(t, "games of the workers on PostgreSQL and of one process on SQLite", want, storedGames(t, u))
}

// firstLine returns the first line of s that starts with prefix.
func firstLine(s, prefix string) string {
	for _, l := range bytes.Split([]byte(s), []byte("\n")) {
		if bytes.HasPrefix(l, []byte(prefix)) {
			return string(l)
		}
	}
	return ""
}
