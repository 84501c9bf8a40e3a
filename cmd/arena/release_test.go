package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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
// tournament killed after 30 of its 60 games, on Race when its id was
// dummy/race-v1) is read and rated as that release rated it, and migrated to
// one row per seat and game and rated the same: its games are history, kept
// as data. The rerun of its command does not resume it: Race is now race-v1,
// and the game id is part of a scenario's hash, hence of a tournament's
// identity (docs/decisions/race-one-name.md). So the rerun migrates the file
// and starts a new tournament of 60 games beside the release's, which keeps
// its 30 games untouched; the new games are those a fresh run plays, and the
// ratings pool both under race-v1 (the same scenario name and version). The
// release's full id is refused by name.
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

	// Rerun with the same command (the remote bot is the same agent): a new tournament.
	addr := serveAgent(t, &agentServer{name: "netbot"})
	args := []string{"run", "--bots", "random,remote=" + addr, "--scenarios", "race", "--games", "60", "--seed", "5", "--concurrency", "2"}
	const releaseID = "29f55bde6565940d76b8dbd56234ae2a"
	if ids := tournamentIDs(t, migrated); len(ids) != 1 || ids[0] != releaseID {
		t.Fatalf("the release's database has tournaments %q, want %s", ids, releaseID)
	}
	released := storedGames(t, migrated)
	if len(released) != 30 {
		t.Fatalf("the release's database has %d games, want 30", len(released))
	}
	out, _ = mustRun(t, append(args, "--db", db)...)
	wantLines(t, "rerun", out, "This run: 60 played, 0 already recorded, 0 voided by arena faults, 0 failed.")
	if strings.Contains(out, releaseID) {
		t.Errorf("the rerun resumed the release's tournament of dummy/race-v1:\n%s", out)
	}
	ids := tournamentIDs(t, db)
	if len(ids) != 2 || !slices.Contains(ids, releaseID) {
		t.Fatalf("tournaments after the rerun %q, want the release's %s and a new one", ids, releaseID)
	}
	newID := ids[0]
	if newID == releaseID {
		newID = ids[1]
	}
	games := storedGames(t, db)
	for _, g := range released {
		i := slices.IndexFunc(games, func(h arena.GameRecord) bool { return h.ID == g.ID })
		if i < 0 || !reflect.DeepEqual(games[i], g) {
			t.Errorf("the release's game %d changed by the rerun", g.ID)
		}
	}

	fresh := filepath.Join(dir, "fresh.db")
	mustRun(t, append(args, "--db", fresh)...)
	if ids := tournamentIDs(t, fresh); len(ids) != 1 || ids[0] != newID {
		t.Errorf("a fresh run's tournaments %q, want the rerun's %s", ids, newID)
	}
	// index describes each game of tournament tid by what it was: bots, seating, outcome, points.
	index := func(recs []arena.GameRecord, tid string) map[string]string {
		m := map[string]string{}
		for _, g := range recs {
			if g.TournamentID == tid {
				m[g.Key] = fmt.Sprintf("%v first %d ranks %v %v turns %d seed %d points %v",
					g.Bots, g.FirstMover, g.Ranks, g.Termination, g.Turns, g.Seed, g.Points)
			}
		}
		return m
	}
	rerun, again := index(games, newID), index(storedGames(t, fresh), newID)
	if len(rerun) != 60 || len(again) != 60 {
		t.Fatalf("%d games rerun, %d fresh; want 60 each", len(rerun), len(again))
	}
	for k, g := range again {
		if rerun[k] != g {
			t.Errorf("game %s: rerun %+v, fresh %+v", k, rerun[k], g)
		}
	}

	// Rated together: the same scenario (race) at the same version (1).
	out, _ = mustRun(t, "ratings", "--db", db)
	wantLines(t, "ratings after the rerun", out, "Ratings of 2 bots from 90 games", "race-v1  player 1 ", " 90 games\n")

	// The release's full id names no game of this arena.
	_, _, err = run(t, append([]string{"run", "--bots", "random,remote=" + addr, "--scenarios", "dummy/race-v1", "--games", "2"},
		"--db", filepath.Join(dir, "old-id.db"))...)
	if err == nil || !strings.Contains(err.Error(), `unknown scenario "dummy/race-v1" (playable: `) {
		t.Errorf("a run on dummy/race-v1: %v, want an unknown scenario", err)
	}
}
