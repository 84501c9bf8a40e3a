package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env/flickemup"
)

// writeScenario writes our scenario name to dir/file, with edit applied to its text.
func writeScenario(t *testing.T, dir, file, name string, edit func(string) string) string {
	t.Helper()
	src, err := flickemup.Source(name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, []byte(edit(string(src))), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// must returns v, panicking on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// gamesByTournament returns the number of games of each tournament of the database.
func gamesByTournament(t *testing.T, db string) map[string]int {
	t.Helper()
	st, err := store.OpenReadOnly(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.Games(context.Background(), arena.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, g := range games {
		out[g.TournamentID]++
		if !strings.Contains(g.Scenario.ID, "my-town") || g.Scenario.Hash == "" {
			t.Errorf("game %s on scenario %+v, want my-town with a hash", g.Key, g.Scenario)
		}
	}
	return out
}

// TestRun_ScenarioFile: a designer's file plays in a tournament; the same file resumes it; an
// edited file plans a new tournament whose games never pool with the old one's.
func TestRun_ScenarioFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	same := func(s string) string { return s }
	file := writeScenario(t, dir, "my-town.scn", "showdown", same)
	if !strings.Contains(string(must(os.ReadFile(file))), "hour=6") {
		t.Fatal("the showdown no longer starts at 6: update the edit below")
	}
	args := []string{"run", "--bots", "random,aimer", "--scenarios", file, "--games", "2", "--max-turns", "30", "--db", db}
	out, _, err := run(t, args...)
	if err != nil || !strings.Contains(out, "This run: 2 played, 0 already recorded") {
		t.Fatalf("first run: %v\n%s", err, out)
	}
	out, _, err = run(t, args...)
	if err != nil || !strings.Contains(out, "This run: 0 played, 2 already recorded") {
		t.Fatalf("rerun of the same file: %v\n%s", err, out)
	}
	writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string {
		return strings.Replace(s, "hour=6", "hour=8", 1)
	})
	out, _, err = run(t, args...)
	if err != nil || !strings.Contains(out, "This run: 2 played, 0 already recorded") {
		t.Fatalf("run of the edited file: %v\n%s", err, out)
	}
	byT := gamesByTournament(t, db)
	if len(byT) != 2 {
		t.Fatalf("tournaments %v, want two of 2 games each (the edited file is another scenario)", byT)
	}
	for id, n := range byT {
		if n != 2 {
			t.Errorf("tournament %s has %d games, want 2", id, n)
		}
	}
}

// TestRun_ScenarioDirectory: a directory's .scn files are one scenario each.
func TestRun_ScenarioDirectory(t *testing.T) {
	dir := t.TempDir()
	scn := filepath.Join(dir, "scenarios")
	if err := os.Mkdir(scn, 0o755); err != nil {
		t.Fatal(err)
	}
	same := func(s string) string { return s }
	writeScenario(t, scn, "my-town.scn", "showdown", same)
	writeScenario(t, scn, "my-town-2.scn", "dry-spell", same)
	if err := os.WriteFile(filepath.Join(scn, "notes.txt"), []byte("not a scenario"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "results.db")
	out, _, err := run(t, "run", "--bots", "random,aimer", "--scenarios", scn, "--games", "2", "--max-turns", "30", "--db", db)
	if err != nil || !strings.Contains(out, "2 scenarios, 2 games per pairing") || !strings.Contains(out, "This run: 4 played") {
		t.Fatalf("run on a directory: %v\n%s", err, out)
	}
	if n := gamesByTournament(t, db); len(n) != 1 {
		t.Errorf("tournaments %v, want one", n)
	}
}

// TestRun_ScenarioFileErrors: a file's problems are reported at start-up as
// file:line: field: message, every one of every file, and nothing is played.
func TestRun_ScenarioFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeScenario(t, dir, "bad.scn", "showdown", func(s string) string {
		return strings.Replace(strings.Replace(s, "hour=6", "hour=13", 1), "title ", "titel ", 1)
	})
	if err := os.WriteFile(filepath.Join(dir, "Bad Name.scn"), []byte("scenario x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "results.db")
	_, _, err := run(t, "run", "--bots", "random,aimer", "--scenarios", bad+","+filepath.Join(dir, "Bad Name.scn"), "--games", "2", "--db", db)
	if err == nil {
		t.Fatal("a bad file was played")
	}
	msg := err.Error()
	for _, want := range []string{bad + ":", ": start.hour: ", ": title: ", "Bad Name.scn: file: "} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a database was created for a run that could not start")
	}
}
