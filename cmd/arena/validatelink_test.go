package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidate_LinkOutQuotesNothing: validate of a link that leads out of its directory to a
// file that is not a scenario prints where its first problem is, and none of its text; it used
// to print each line's first word.
func TestValidate_LinkOutQuotesNothing(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "id_key")
	if err := os.WriteFile(secret, []byte("SECRET-KEY-1234 hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "town.scn")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "validate", link)
	if err == nil || strings.Contains(out, "SECRET") || strings.Contains(out, "hunter2") || !strings.Contains(out, link+":1: file: not a valid scenario") {
		t.Errorf("validate of a link out of its directory: err %v, stdout:\n%s", err, out)
	}
}
