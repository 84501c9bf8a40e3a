package replay_test

import (
	"testing"

	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
	"github.com/flickarena/flickarena/replay"
)

// TestReadFile_FIFO: a named pipe called like a replay is refused as not a regular file, at
// once, instead of blocking in open(2) for good.
func TestReadFile_FIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "pipe"+replay.Ext)
	regfiletest.Refuses(t, pipe, "ReadFile of a named pipe", func() error { _, err := replay.ReadFile(pipe); return err })
}
