package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/regfile/regfiletest"
)

// TestMain_ScenariosFIFO: --scenarios DIR with a named pipe called *.scn refuses to start,
// naming it; it used to block in open(2) for good, deaf to SIGTERM.
func TestMain_ScenariosFIFO(t *testing.T) {
	dir := t.TempDir()
	src, err := flickemup.Source("showdown")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "town.scn"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	pipe := regfiletest.FIFO(t, dir, "pipe.scn")
	m := NewMain()
	if err := m.ParseFlags([]string{"--listen", "127.0.0.1:0", "--scenarios", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	m.Stderr = io.Discard
	err = regfiletest.Within(t, func() error { return m.Run(context.Background()) })
	if err == nil || !strings.Contains(err.Error(), pipe+": not a regular file (a named pipe)") {
		t.Errorf("Run with a named pipe among the scenarios: %v, want not a regular file", err)
	}
}

// TestMain_TokenFileFIFO: --token-file naming a named pipe is refused, not waited on.
func TestMain_TokenFileFIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "token")
	err := regfiletest.Within(t, func() error { return NewMain().ParseFlags([]string{"--token-file", pipe}, io.Discard) })
	if err == nil || !strings.Contains(err.Error(), pipe+": not a regular file (a named pipe)") {
		t.Errorf("--token-file of a named pipe: %v, want not a regular file", err)
	}
}
