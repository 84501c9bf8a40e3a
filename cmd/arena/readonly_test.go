package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// makeUnwritable makes the file and its directory unwritable for the test:
// mode 0444 in a 0555 directory and, when the test runs as root (for whom
// modes do not stop writes), the immutable attribute (chattr +i), which
// stops root too. It reports whether writes are really refused.
func makeUnwritable(t *testing.T, dir, file string) bool {
	t.Helper()
	if err := os.Chmod(file, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = os.Chmod(dir, 0o755) // let TempDir remove it
	})
	if os.Geteuid() != 0 {
		return true
	}
	if out, err := exec.Command("chattr", "+i", file, dir).CombinedOutput(); err != nil {
		t.Logf("running as root without chattr +i (%v: %s): the file stays writable; the test checks its bytes and the absence of -wal and -shm files", err, out)
		return false
	}
	t.Cleanup(func() {
		if out, err := exec.Command("chattr", "-i", file, dir).CombinedOutput(); err != nil {
			t.Errorf("chattr -i: %v: %s", err, out)
		}
	})
	return true
}

// TestReadingCommands_ReadOnlyDatabase: ratings, balance, export, sprt and
// report read a results file that cannot be written (0444 in a 0555
// directory, immutable when run as root); they used to fail with "set WAL
// mode: attempt to write a readonly database". The file's bytes do not
// change and no -wal or -shm file appears.
func TestReadingCommands_ReadOnlyDatabase(t *testing.T) {
	withTestBots(t)
	dir := filepath.Join(t.TempDir(), "archive")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "results.db")
	mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "4", "--db", db)
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	refused := makeUnwritable(t, dir, db)
	if refused {
		if f, err := os.OpenFile(db, os.O_WRONLY, 0); err == nil {
			f.Close()
			t.Fatal("the database is still writable")
		}
	}
	page := filepath.Join(t.TempDir(), "report.html")
	for _, args := range [][]string{
		{"ratings", "--db", db},
		{"balance", "--db", db},
		{"export", "pgn", "--db", db},
		{"sprt", "--db", db, "--bots", "sharp,random"},
		{"report", "--db", db, "--out", page},
	} {
		out, _ := mustRun(t, args...)
		if len(out) == 0 {
			t.Errorf("%v printed nothing", args)
		}
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("a reading command changed the database file")
	}
	for _, ext := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(db + ext); err == nil {
			t.Errorf("a reading command left %s", db+ext)
		}
	}
	// run still needs a writable database, and says so.
	if refused {
		if _, _, err := run(t, "run", "--bots", "random,steady", "--scenarios", "race", "--games", "2", "--db", db); err == nil {
			t.Error("run wrote to an unwritable database")
		}
	}
}

// dirNames returns the names of the entries of dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestCopy_SourceDirectoryUntouched: 'arena copy' leaves its source's
// directory as it was: it used to leave -shm and -wal files beside the
// source (a read-only SQLite connection creates them and cannot remove
// them). The source copies from a writable directory and from an
// unwritable one, and its bytes do not change.
func TestCopy_SourceDirectoryUntouched(t *testing.T) {
	withTestBots(t)
	for _, unwritable := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "archive")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(dir, "results.db")
		mustRun(t, "run", "--bots", "random,steady", "--scenarios", "race", "--games", "4", "--db", src)
		before, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		names := dirNames(t, dir)
		if unwritable {
			makeUnwritable(t, dir, src)
		}
		dst := filepath.Join(t.TempDir(), "copy.db")
		out, _ := mustRun(t, "copy", "--from", src, "--to", dst)
		if !strings.Contains(out, "Copied 1 tournament") {
			t.Errorf("unwritable=%v: copy printed %q", unwritable, out)
		}
		if got := dirNames(t, dir); !slices.Equal(got, names) {
			t.Errorf("unwritable=%v: the source directory holds %q after the copy, %q before", unwritable, got, names)
		}
		after, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Errorf("unwritable=%v: the copy changed its source", unwritable)
		}
		if out, _ := mustRun(t, "ratings", "--db", dst, "--prior", "400"); !strings.Contains(out, "steady") {
			t.Errorf("unwritable=%v: ratings of the copy:\n%s", unwritable, out)
		}
	}
}
