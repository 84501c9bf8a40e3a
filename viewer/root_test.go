package viewer_test

import (
	"os"
	"path/filepath"
	"testing"
)

// replayRoot writes files (name, slash-separated, to contents) into a new temporary directory
// and returns it opened as an os.Root, closed at the end of the test.
func replayRoot(t *testing.T, files map[string]string) *os.Root {
	t.Helper()
	return openRoot(t, writeFiles(t, t.TempDir(), files))
}

// writeFiles writes files (name, slash-separated, to contents) into dir and returns dir.
func writeFiles(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openRoot opens dir as an os.Root, closed at the end of the test.
func openRoot(t *testing.T, dir string) *os.Root {
	t.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { root.Close() })
	return root
}
