package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun_DamagedDatabase: 'arena run' of a new tournament on a results file
// whose pages were overwritten fails, naming the file and saying what to do,
// and so does a reading command; nothing is appended to the file.
func TestRun_DamagedDatabase(t *testing.T) {
	withTestBots(t)
	db := filepath.Join(t.TempDir(), "results.db")
	mustRun(t, "run", "--bots", "random,steady,sharp", "--scenarios", "race", "--games", "100", "--db", db)
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	pages := len(data) / page
	if pages < 10 {
		t.Fatalf("%d pages: too few to damage", pages)
	}
	for i := pages / 2 * page; i < (pages/2+2)*page; i++ {
		data[i] = byte(i)
	}
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--bots", "random,steady", "--scenarios", "race", "--games", "2", "--seed", "7", "--db", db},
		{"ratings", "--db", db},
	} {
		_, _, err := run(t, args...)
		if err == nil || !strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), db) ||
			!strings.Contains(err.Error(), "backup") {
			t.Errorf("arena %s on a damaged file: %v; want it refused, naming the file and what to do", args[0], err)
		}
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(data) {
		t.Error("the damaged file changed")
	}
}
