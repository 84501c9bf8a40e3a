package replay_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
	"github.com/flickarena/flickarena/replay"
)

// TestReadFile_FIFO: a named pipe called like a replay is refused as not a regular file, at
// once, instead of blocking in open(2) for good.
func TestReadFile_FIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "pipe"+replay.Ext)
	err := regfiletest.Within(t, func() error { _, err := replay.ReadFile(pipe); return err })
	if err == nil || !strings.Contains(err.Error(), pipe+": not a regular file (a named pipe)") {
		t.Errorf("ReadFile of a named pipe: %v, want not a regular file", err)
	}
}
