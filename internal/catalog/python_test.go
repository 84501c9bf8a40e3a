package catalog_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/internal/catalog"
)

var update = flag.Bool("update", false, "rewrite the generated "+catalog.PythonFile)

// TestPython fails when the committed python/flickarena/_catalog.py differs from what the
// generator writes from the catalogue, as make checkgenerate does for the protobuf code: a
// game added, removed or versioned regenerates it (go run ./internal/catalog/pycatalog, or
// this test with -update).
func TestPython(t *testing.T) {
	want, err := catalog.Python()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", filepath.FromSlash(catalog.PythonFile))
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
		t.Errorf("%s is not what the catalogue generates: run go run ./internal/catalog/pycatalog (or make generate) and commit it\nwant:\n%s", catalog.PythonFile, want)
	}
}
