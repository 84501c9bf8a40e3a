package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// copyFile copies src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRelease_V1Database: a results database written by the release of
// commit a2836bb (testdata/release-v1.README: schema version 1, a
// tournament killed after 30 of its 60 games) is read and rated as that
// release rated it, migrated to one row per seat and game and rated the
// same, then resumed (and migrated) by the rerun of its command, which
// plays only the 30 missing games: the 60 games are those a fresh run
// plays.
func TestRelease_V1Database(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	copyFile(t, filepath.Join("testdata", "release-v1.db"), db)
	releaseText, err := os.ReadFile(filepath.Join("testdata", "release-v1.ratings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// The same figures as the release printed, the first seat now named as the game names it.
	want := strings.NewReplacer(
		"Side X's advantage per scenario", "The first seat's advantage per scenario",
		"race-v1    +48.6 Elo [-66.9, +164.2]  X scores", "race-v1  player 1    +48.6 Elo [-66.9, +164.2]  scores",
	).Replace(string(releaseText))

	// Rated as before, from the file as the release left it.
	out, _ := mustRun(t, "ratings", "--db", db)
	if got := strings.TrimPrefix(out, "Forfeits: none of the 30 games ended by a bot's fault.\n\n"); got != want {
		t.Errorf("ratings of the release's database:\n%s\nwant (as the release printed):\n%s", out, want)
	}

	// Migrated to one row per seat and game, and rated as before.
	migrated := filepath.Join(dir, "migrated.db")
	copyFile(t, db, migrated)
	st, err := store.Open(context.Background(), migrated)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := st.SchemaVersion(context.Background()); err != nil || v != store.SchemaVersion || v < 2 {
		t.Fatalf("schema version %d after the migration (%v), want %d", v, err, store.SchemaVersion)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	out, _ = mustRun(t, "ratings", "--db", migrated)
	if got := strings.TrimPrefix(out, "Forfeits: none of the 30 games ended by a bot's fault.\n\n"); got != want {
		t.Errorf("ratings of the migrated database:\n%s\nwant (as the release printed):\n%s", out, want)
	}

	// Resumed with the same command (the remote bot is the same agent).
	addr := serveAgent(t, &agentServer{name: "netbot"})
	args := []string{"run", "--bots", "random,remote=" + addr, "--scenarios", "race", "--games", "60", "--seed", "5", "--concurrency", "2"}
	out, _ = mustRun(t, append(args, "--db", db)...)
	wantLines(t, "resumed run", out, "Tournament 29f55bde6565940d76b8dbd56234ae2a:",
		"This run: 30 played, 30 already recorded, 0 voided by arena faults, 0 failed.")

	fresh := filepath.Join(dir, "fresh.db")
	mustRun(t, append(args, "--db", fresh)...)
	// index describes each game by what it was: bots, seating, outcome; and its points for
	// the games played by this arena (the release recorded none: they read as zeros).
	released := map[string]bool{}
	for _, g := range storedGames(t, migrated) {
		released[g.TournamentID+" "+g.Key] = true
	}
	index := func(recs []arena.GameRecord) map[string]string {
		m := map[string]string{}
		for _, g := range recs {
			k := g.TournamentID + " " + g.Key
			m[k] = fmt.Sprintf("%v first %d ranks %v %v turns %d seed %d",
				g.Bots, g.FirstMover, g.Ranks, g.Termination, g.Turns, g.Seed)
			if !released[k] {
				m[k] += fmt.Sprintf(" points %v", g.Points)
			}
		}
		return m
	}
	resumed, again := index(storedGames(t, db)), index(storedGames(t, fresh))
	if len(resumed) != 60 || len(again) != 60 {
		t.Fatalf("%d games resumed, %d fresh; want 60 each", len(resumed), len(again))
	}
	for k, g := range again {
		if resumed[k] != g {
			t.Errorf("game %s: resumed %+v, fresh %+v", k, resumed[k], g)
		}
	}
}
