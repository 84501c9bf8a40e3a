package golden_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/internal/golden"
)

func TestCheck_UpdateThenMatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "x.golden")
	golden.Check(t, path, []byte("a\nb\n"), true, "output")
	golden.Check(t, path, []byte("a\nb\n"), false, "output")
}

func TestFirstDiff(t *testing.T) {
	if got := golden.FirstDiff([]byte("a\nb"), []byte("a\nc")); !strings.HasPrefix(got, "line 2:") {
		t.Errorf("FirstDiff = %q, want line 2", got)
	}
	if got := golden.FirstDiff([]byte("a"), []byte("a\nb")); got != "lengths differ: 1 vs 2 lines" {
		t.Errorf("FirstDiff = %q", got)
	}
}

func TestCheckConcurrent(t *testing.T) {
	golden.CheckConcurrent(t, 3, func() []byte { return []byte("same") })
}
