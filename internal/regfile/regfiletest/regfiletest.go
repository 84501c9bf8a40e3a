// Package regfiletest makes named pipes for the tests of code that must never open one, and
// runs such code under a guard against hanging the test run.
package regfiletest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// HangGuard bounds a call that would block for good in open(2) on code that opens a named
// pipe. It only keeps a broken build from hanging the run: a test decides on what the call
// returns, never on how long it took.
const HangGuard = 30 * time.Second

// FIFO makes a named pipe called name in dir and returns its path; it skips the test where
// named pipes cannot be made. At the end of the test it opens the pipe's write end once,
// which lets any open(2) still blocked on it return.
func FIFO(t testing.TB, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := mkfifo(path); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() { Release(path) })
	return path
}

// Release opens the write end of the named pipe at path once, without blocking, so that
// every reader blocked in open(2) on it returns.
func Release(path string) {
	if w, err := os.OpenFile(path, os.O_WRONLY|nonBlock, 0); err == nil {
		w.Close()
	}
}

// Within runs f and returns its error; it fails the test when f has not returned within
// [HangGuard] (it is blocked, most likely in open(2) on a named pipe).
func Within(t testing.TB, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(HangGuard):
		t.Fatalf("still blocked after %v: a named pipe was opened", HangGuard)
		return nil
	}
}

// Refuses runs f under [Within] and fails the test unless f's error names pipe as not a
// regular file (a named pipe), at once; what names the call in the failure.
func Refuses(t testing.TB, pipe, what string, f func() error) {
	t.Helper()
	err := Within(t, f)
	if want := pipe + ": not a regular file (a named pipe)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %v, want %q", what, err, want)
	}
}
