package store_test

import (
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/arena/store"
)

// TestDefaultReplayDir: the replays of an SQLite file go beside it, those of
// a PostgreSQL database into the current directory.
func TestDefaultReplayDir(t *testing.T) {
	if got := store.DefaultReplayDir(filepath.Join("x", "results.db")); got != filepath.Join("x", "results-replays") {
		t.Errorf("DefaultReplayDir = %q", got)
	}
	if got := store.DefaultReplayDir("postgres://u@h/arena"); got != "replays" {
		t.Errorf("DefaultReplayDir of a URL = %q", got)
	}
}
