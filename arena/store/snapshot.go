package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// ErrChangedWhileRead is returned by [Store.CheckSnapshot] when a database
// read as immutable was opened or written by a writer while it was read.
var ErrChangedWhileRead = errors.New("arena: the database changed while it was read")

// fileSnapshot is what an SQLite file looked like when a read-only store
// opened it: its size and modification time, and whether it was quiescent
// (no -wal, -shm or -journal file beside it: no connection open, nothing
// left to checkpoint or roll back).
type fileSnapshot struct {
	path      string
	size      int64
	modTime   time.Time
	quiescent bool
}

// takeSnapshot stats the SQLite file at path and its companions.
func takeSnapshot(path string) (fileSnapshot, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileSnapshot{}, err
	}
	snap := fileSnapshot{path: path, size: fi.Size(), modTime: fi.ModTime(), quiescent: true}
	for _, ext := range []string{"-wal", "-shm", "-journal"} {
		_, err := os.Stat(path + ext)
		switch {
		case err == nil:
			snap.quiescent = false
		case !errors.Is(err, fs.ErrNotExist):
			return fileSnapshot{}, err
		}
	}
	return snap, nil
}

// CheckSnapshot reports, for a read-only store that reads its SQLite file
// as immutable (see [OpenReadOnly]), whether what it read may mix two
// states of the file: it fails with [ErrChangedWhileRead] once a writer has
// opened the file (its -wal file exists) or changed it since the store was
// opened. It returns nil for any other store. Call it after the reads whose
// consistency matters, as [Copy] does.
func (s *Store) CheckSnapshot() error {
	if s.snapshot == nil {
		return nil
	}
	now, err := takeSnapshot(s.snapshot.path)
	if err != nil {
		return fmt.Errorf("arena: check %s: %w", s.snapshot.path, err)
	}
	if !now.quiescent || now.size != s.snapshot.size || !now.modTime.Equal(s.snapshot.modTime) {
		return fmt.Errorf("%w: a writer opened %s meanwhile; read it again", ErrChangedWhileRead, s.snapshot.path)
	}
	return nil
}
