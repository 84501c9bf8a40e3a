package flickemup_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

// secretText stands for a sensitive file a link may lead to: each line an unknown directive
// that a parse error would quote.
const secretText = "SECRET-KEY-1234: hunter2\nroot:x:0:0:root:/root:/bin/bash\n"

// TestParseFile_LinkOutQuotesNothing: the problems of a file reached through a symbolic link
// that leads out of its directory quote none of its text (they used to quote each line's
// first word, 40 runes of it); a link within the directory, and the target named itself,
// are quoted as usual.
func TestParseFile_LinkOutQuotesNothing(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte(secretText), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.txt"), []byte(secretText), 0o600); err != nil {
		t.Fatal(err)
	}
	out, in := filepath.Join(dir, "out.scn"), filepath.Join(dir, "in.scn")
	if err := os.Symlink(secret, out); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("bad.txt", in); err != nil {
		t.Fatal(err)
	}
	_, err := flickemup.ParseFile(out)
	if err == nil {
		t.Fatal("the secret parsed as a scenario")
	}
	msg := err.Error()
	for _, leak := range []string{"SECRET", "hunter2", "root", "1234"} {
		if strings.Contains(msg, leak) {
			t.Errorf("the error quotes the link's target (%q):\n%s", leak, msg)
		}
	}
	if !strings.Contains(msg, out+":1: file: ") || !strings.Contains(msg, "symbolic link that leads out of its directory") {
		t.Errorf("the error does not say where and why nothing is quoted:\n%s", msg)
	}
	// A link within the directory, and the file named itself, are quoted.
	for _, path := range []string{in, secret} {
		if _, err := flickemup.ParseFile(path); err == nil || !strings.Contains(err.Error(), "SECRET-KEY-1234") {
			t.Errorf("%s: %v, want the problem quoted", path, err)
		}
	}
	// RegisterFiles of the directory quotes nothing of the target either.
	if _, err := flickemup.RegisterFiles(nil, out); err == nil || strings.Contains(err.Error(), "SECRET") {
		t.Errorf("RegisterFiles: %v", err)
	}
}
