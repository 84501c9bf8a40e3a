package arena_test

import (
	"testing"

	"github.com/flickarena/flickarena/internal/pgtest"
)

// TestMain stops the PostgreSQL server that the runner's tests on both
// store backends share (pgtest.DB starts it on first use).
func TestMain(m *testing.M) { pgtest.Main(m) }
