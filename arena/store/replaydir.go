package store

import (
	"path/filepath"
	"strings"
)

// DefaultReplayDir is the replay directory beside a database: results.db → results-replays;
// for a PostgreSQL database ([IsPostgresURL]), "replays" in the current directory.
func DefaultReplayDir(db string) string {
	if IsPostgresURL(db) {
		return "replays" // a server's database has no directory: the current one
	}
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	return filepath.Join(filepath.Dir(db), base+"-replays")
}
