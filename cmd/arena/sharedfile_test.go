package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
)

// envMeeting, set to "DIR:N", makes the bots of a worker process wait at
// their first decision until N worker processes have reached theirs (each
// leaves a file in DIR), so that no worker plays before the others have
// started.
const envMeeting = "FLICKARENA_TEST_MEETING"

// meeting is a worker's side of the barrier of envMeeting; nil for none.
type meeting struct {
	dir  string
	n    int
	once sync.Once
}

// meetingOf parses the value of envMeeting ("" for no meeting).
func meetingOf(v string) (*meeting, error) {
	if v == "" {
		return nil, nil
	}
	i := strings.LastIndexByte(v, ':')
	if i < 0 {
		return nil, fmt.Errorf("%q is not DIR:N", v)
	}
	n, err := strconv.Atoi(v[i+1:])
	if err != nil {
		return nil, err
	}
	return &meeting{dir: v[:i], n: n}, nil
}

// wait signs this process in and waits, for at most a minute, until n
// processes have.
func (m *meeting) wait() error {
	m.once.Do(func() {
		_ = os.WriteFile(filepath.Join(m.dir, strconv.Itoa(os.Getpid())), nil, 0o644) // a failure shows as a timeout
	})
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		if es, err := os.ReadDir(m.dir); err == nil && len(es) >= m.n {
			return nil
		}
		if time.Now().After(deadline) {
			return errors.New("the other workers never started")
		}
	}
}

// wrap returns b waiting for the meeting before each decision.
func (m *meeting) wrap(b testBot) testBot {
	if m == nil {
		return b
	}
	return testBot{b.name, func(dst env.Action, t env.Turn, rng *rand.Rand) error {
		if err := m.wait(); err != nil {
			return err
		}
		return b.act(dst, t, rng)
	}}
}

// thisRun matches the summary line of 'arena run'.
var thisRun = regexp.MustCompile(`This run: (\d+) played, (\d+) already recorded`)

// TestRun_TwoProcessesShareSQLiteFile: two 'arena run' processes of the same
// command on one SQLite file, both playing from the start (their bots wait
// for each other's first decision), share the work as PostgreSQL workers
// do: each game is played once, by one of them (each used to play every
// game, the second recording dropped), and the file ends up holding
// exactly the games of one process alone.
func TestRun_TwoProcessesShareSQLiteFile(t *testing.T) {
	withTestBots(t)
	args := []string{"run", "--bots", "steady,sharp,passer", "--scenarios", "race", "--games", "8", "--seed", "4",
		"--concurrency", "2", "--prior", "400"}
	alone := filepath.Join(t.TempDir(), "alone.db")
	mustRun(t, append(args, "--db", alone)...)
	want := storedGames(t, alone)

	shared := filepath.Join(t.TempDir(), "shared.db")
	meet := t.TempDir()
	workers := []*worker{
		startWorker(t, "a", append(args, "--db", shared), envMeeting+"="+meet+":2", envDecisionDelay+"=1ms"),
		startWorker(t, "b", append(args, "--db", shared), envMeeting+"="+meet+":2", envDecisionDelay+"=1ms"),
	}
	played := 0
	for _, w := range workers {
		select {
		case <-w.done:
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s still running after 2 minutes", w.name)
		}
		if w.err != nil {
			t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", w.name, w.err, w.stdout.String(), w.stderr.String())
		}
		m := thisRun.FindStringSubmatch(w.stdout.String())
		if m == nil {
			t.Fatalf("%s printed no summary:\n%s", w.name, w.stdout.String())
		}
		// Both start on an empty file: a game already recorded is one it played and found recorded.
		p, _ := strconv.Atoi(m[1])
		dup, _ := strconv.Atoi(m[2])
		played += p + dup
		t.Logf("%s: %s", w.name, firstLine(w.stdout.String(), "This run:"))
	}
	if played != len(want) {
		t.Errorf("the two processes played %d games in all, want each of the %d once", played, len(want))
	}
	sameGames(t, "games of two processes sharing a file and of one alone", want, storedGames(t, shared))
}
