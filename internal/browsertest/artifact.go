package browsertest

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// ArtifactDir returns the directory for the test's artefacts (screenshots,
// written pages): FLICKARENA_ARTIFACTS, created if missing, or else a new
// temporary directory that is deleted after the test.
func ArtifactDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv(EnvArtifacts)
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("browsertest: artefact directory: %v", err)
	}
	return dir
}

// WriteArtifact writes data to dir as "<test name>-<name>", with the test
// name made safe for a file name, logs the path and returns it.
func WriteArtifact(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, ArtifactName(t, name))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatalf("browsertest: write artefact: %v", err)
	}
	t.Logf("artefact: %s", path)
	return path
}

// unsafeName matches the runs of characters kept out of artefact file names.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// ArtifactName returns "<test name>-<name>" with every run of characters
// other than letters, digits, '.', '_' and '-' replaced by '_' (subtests'
// slashes included), so that tests sharing FLICKARENA_ARTIFACTS do not
// overwrite each other's files.
func ArtifactName(t testing.TB, name string) string {
	return unsafeName.ReplaceAllString(t.Name()+"-"+name, "_")
}
