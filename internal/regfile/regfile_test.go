//go:build unix

package regfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hangGuard bounds a call that would block forever on the old code; it only keeps a broken
// build from hanging the test run, the result is decided by what the call returns.
const hangGuard = 30 * time.Second

// fifo makes a named pipe in a temporary directory and returns its path. The cleanup opens
// its write end, which releases any open(2) still blocked on it.
func fifo(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() { release(path) })
	return path
}

// release opens the write end of the FIFO at path once, unblocking a reader stuck in open.
func release(path string) {
	if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		w.Close()
	}
}

// within runs f and returns its error, or fails the test when f has not returned within
// hangGuard (it blocked in open).
func within(t *testing.T, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(hangGuard):
		t.Fatal("the call blocked: it opened the named pipe")
		return nil
	}
}

func TestOpen_RefusesFIFO(t *testing.T) {
	path := fifo(t, "pipe.scn")
	err := within(t, func() error {
		f, _, err := Open(path)
		if err == nil {
			f.Close()
		}
		return err
	})
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
		t.Errorf("Open of a FIFO: %v, want not a regular file (a named pipe)", err)
	}
	err = within(t, func() error { _, err := ReadFile(path, 100); return err })
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile of a FIFO: %v, want ErrNotRegular", err)
	}
}

func TestOpenIn_RefusesFIFO(t *testing.T) {
	path := fifo(t, "pipe.jsonl")
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	err = within(t, func() error {
		f, _, err := OpenIn(root, "pipe.jsonl")
		if err == nil {
			f.Close()
		}
		return err
	})
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("OpenIn of a FIFO: %v, want ErrNotRegular", err)
	}
}

// TestChecked_SwappedFile: a FIFO that appears after the stat is opened without blocking and
// refused on its descriptor.
func TestChecked_SwappedFile(t *testing.T) {
	path := fifo(t, "swapped")
	var f *os.File
	err := within(t, func() error {
		var err error
		f, err = os.OpenFile(path, openFlags, 0)
		return err
	})
	if err != nil {
		t.Fatalf("a non-blocking open of a FIFO: %v", err)
	}
	if _, _, err := checked(f, path); !errors.Is(err, ErrNotRegular) {
		t.Errorf("checked: %v, want ErrNotRegular", err)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(path, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(path, 5); err != nil || string(data) != "hello" {
		t.Errorf("ReadFile at the limit: %q, %v", data, err)
	}
	if _, err := ReadFile(path, 4); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "5 bytes, more than the limit of 4 bytes") {
		t.Errorf("ReadFile over the limit: %v", err)
	}
	if _, err := ReadFile(dir, 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("ReadFile of a directory: %v", err)
	}
	if _, err := ReadFile("/dev/null", 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a character device") {
		t.Errorf("ReadFile of /dev/null: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("a.txt", link); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(link, 5); err != nil || string(data) != "hello" {
		t.Errorf("ReadFile through a link to a regular file: %q, %v", data, err)
	}
}
