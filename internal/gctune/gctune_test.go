package gctune_test

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/flickarena/flickarena/internal/gctune"
)

func TestDefault(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Run("unset", func(t *testing.T) {
		t.Setenv("GOGC", "x") // registers the restore of the original value
		os.Unsetenv("GOGC")
		debug.SetGCPercent(100)
		if got := gctune.Default(); got != "400" {
			t.Errorf("Default() = %q, want 400", got)
		}
		if now := debug.SetGCPercent(100); now != gctune.Percent {
			t.Errorf("GC percent is %d, want %d", now, gctune.Percent)
		}
	})
	t.Run("environment wins", func(t *testing.T) {
		t.Setenv("GOGC", "150")
		debug.SetGCPercent(100)
		if got := gctune.Default(); got != "150" {
			t.Errorf("Default() = %q, want the environment's 150", got)
		}
		if now := debug.SetGCPercent(100); now != 100 {
			t.Errorf("GC percent changed to %d although GOGC was set", now)
		}
	})
}
