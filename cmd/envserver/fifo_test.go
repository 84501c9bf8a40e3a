package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
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
	regfiletest.Refuses(t, pipe, "Run with a named pipe among the scenarios", func() error { return m.Run(context.Background()) })
}

// TestMain_TokenFileFIFO: --token-file naming a named pipe is refused, not waited on.
func TestMain_TokenFileFIFO(t *testing.T) {
	pipe := regfiletest.FIFO(t, t.TempDir(), "token")
	regfiletest.Refuses(t, pipe, "--token-file of a named pipe", func() error { return NewMain().ParseFlags([]string{"--token-file", pipe}, io.Discard) })
}
