// Package golden compares a test's output with a golden file: the file is
// rewritten from the output under the test's -update flag, and a difference
// is reported by its first differing line. It imports nothing of the module,
// so that every package's tests (physics' too) may use it.
package golden

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Check fails t unless got is the content of the golden file at path. With
// update set it first writes got to path (creating its directory). what
// names the output in the failure ("trajectory").
func Check(t testing.TB, path string, got []byte, update bool, what string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s; first difference:\n%s", what, path, FirstDiff(got, want))
	}
}

// FirstDiff describes the first differing line of got and want (numbered
// from 1), or their lengths in lines when one is a prefix of the other.
func FirstDiff(got, want []byte) string {
	lg, lw := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(lg) && i < len(lw); i++ {
		if !bytes.Equal(lg[i], lw[i]) {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, lg[i], lw[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d vs %d lines", len(lg), len(lw))
}

// CheckConcurrent runs produce once, then in workers goroutines at once, and
// fails t for each concurrent run whose output differs from the first (under
// -race, any data race between the runs fails the test too).
func CheckConcurrent(t testing.TB, workers int, produce func() []byte) {
	t.Helper()
	want := produce()
	got := make([][]byte, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { got[w] = produce() })
	}
	wg.Wait()
	for w := range workers {
		if !bytes.Equal(got[w], want) {
			t.Errorf("goroutine %d diverged:\n%s", w, FirstDiff(got[w], want))
		}
	}
}
