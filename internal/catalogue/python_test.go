package catalogue_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/internal/catalogue"
)

var update = flag.Bool("update", false, "rewrite the generated "+catalogue.PythonFile)

// TestPython fails when the committed python/flickarena/_catalogue.py differs from what the
// generator writes from the catalogue, as make checkgenerate does for the protobuf code: a
// game added, removed or versioned regenerates it (go run ./internal/catalogue/pycatalogue, or
// this test with -update).
func TestPython(t *testing.T) {
	want, err := catalogue.Python()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", filepath.FromSlash(catalogue.PythonFile))
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the catalogue generates: run go run ./internal/catalogue/pycatalogue (or make generate) and commit it\nwant:\n%s", catalogue.PythonFile, want)
	}
}
