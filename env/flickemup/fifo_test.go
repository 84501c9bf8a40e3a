package flickemup_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
)

// TestParseFile_FIFO: a named pipe is refused as not a regular file, at once. ParseFile used
// to open it and block in open(2) for good, deaf to SIGTERM.
func TestParseFile_FIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "pipe.scn")
	regfiletest.Refuses(t, pipe, "ParseFile of a named pipe", func() error { _, err := flickemup.ParseFile(pipe); return err })
}

// TestRegisterFiles_FIFO: a directory holding a named pipe called *.scn is refused, naming
// it, and nothing is registered.
func TestRegisterFiles_FIFO(t *testing.T) {
	dir := t.TempDir()
	src, err := flickemup.Source("showdown")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.scn"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	pipe := regfiletest.FIFO(t, dir, "pipe.scn")
	reg := env.NewRegistry()
	regfiletest.Refuses(t, pipe, "RegisterFiles of a directory with a named pipe", func() error { _, err := flickemup.RegisterFiles(reg, dir); return err })
	if _, err := reg.Lookup("flickemup/file/a-v9"); err == nil {
		t.Error("a.scn registered despite the other file's problem")
	}
}
