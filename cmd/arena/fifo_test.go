package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
)

// TestReadCapped_FIFO: a named pipe is refused as not a regular file, at once; readCapped used
// to open it before its check and block in open(2) for good.
func TestReadCapped_FIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "pipe.jsonl")
	err := regfiletest.Within(t, func() error { _, err := readCapped(pipe, "replay file", maxReplayFileBytes); return err })
	if err == nil || err.Error() != pipe+": not a regular file (a named pipe)" {
		t.Errorf("readCapped of a named pipe: %v, want not a regular file", err)
	}
}

// TestCommands_FIFO: every command that reads scenario files answers a named pipe called
// *.scn with an error naming it, instead of hanging for good deaf to SIGTERM: validate, tune,
// and run --scenarios with the pipe or a directory that holds it.
func TestCommands_FIFO(t *testing.T) {
	withTestBots(t)
	dir := t.TempDir()
	writeScenario(t, dir, "town.scn", "showdown", func(s string) string { return s })
	pipe := regfiletest.FIFO(t, dir, "pipe.scn")
	db := filepath.Join(t.TempDir(), "results.db")
	want := pipe + ": not a regular file (a named pipe)"
	for _, args := range [][]string{
		{"validate", pipe},
		{"tune", "--scenario", pipe},
		{"run", "--bots", "random,sharp", "--scenarios", dir, "--games", "1", "--db", db},
		{"run", "--bots", "random,sharp", "--scenarios", pipe, "--games", "1", "--db", db},
	} {
		var out string
		err := regfiletest.Within(t, func() error {
			var err error
			out, _, err = run(t, args...)
			return err
		})
		if err == nil || !strings.Contains(out+err.Error(), want) {
			t.Errorf("arena %s: err %v, stdout %q; want %q", strings.Join(args, " "), err, out, want)
		}
	}
}
