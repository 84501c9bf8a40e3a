package regfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
)

func TestOpen_RefusesFIFO(t *testing.T) {
	path := regfiletest.FIFO(t, t.TempDir(), "pipe.scn")
	err := regfiletest.Within(t, func() error {
		f, _, err := Open(path)
		if err == nil {
			f.Close()
		}
		return err
	})
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a named pipe") {
		t.Errorf("Open of a FIFO: %v, want not a regular file (a named pipe)", err)
	}
	err = regfiletest.Within(t, func() error { _, err := ReadFile(path, 100); return err })
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile of a FIFO: %v, want ErrNotRegular", err)
	}
}

func TestOpenIn_RefusesFIFO(t *testing.T) {
	path := regfiletest.FIFO(t, t.TempDir(), "pipe.jsonl")
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	err = regfiletest.Within(t, func() error {
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
	path := regfiletest.FIFO(t, t.TempDir(), "swapped")
	var f *os.File
	err := regfiletest.Within(t, func() error {
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
	var tl *TooLargeError
	if _, err := ReadFile(path, 4); !errors.As(err, &tl) || err.Error() != path+": 5 bytes, more than the limit of 4 bytes" {
		t.Errorf("ReadFile over the limit: %v", err)
	}
	if _, err := ReadFile(dir, 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("ReadFile of a directory: %v", err)
	}
	if _, err := os.Stat("/dev/null"); err == nil {
		if _, err := ReadFile("/dev/null", 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a character device") {
			t.Errorf("ReadFile of /dev/null: %v", err)
		}
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
