package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// TestAddReplays enters a person's games of race into a tournament of random and thief: the
// ratings then rate the person, entering them again changes nothing, and a replay that does
// not reproduce, or whose game did not end by its rules, is refused.
func TestAddReplays(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "results.db")
	if _, stderr, err := run(t, "run", "--bots", "random,race-thief", "--scenarios", "race", "--games", "4", "--db", db); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	id := tournamentIDs(t, db)[0]
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "played")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, seats := range [][]string{{"human", "random"}, {"race-thief", "human:ana"}, {"human", "race-thief"}} {
		r := replaytest.Play(t, reg, race.ID, nil, uint64(40+i), 0, env.RandomPolicy{})
		r.Header.Players = seats
		if err := replay.WriteFile(filepath.Join(games, "play-"+string(rune('a'+i))+replay.GzipExt), r); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, err := run(t, "add-replays", "--db", db, "--tournament", id[:8], "--replays", games)
	if err != nil {
		t.Fatalf("add-replays: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "3 games added to tournament "+id+", 0 there already, 0 skipped") {
		t.Errorf("add-replays printed %q", out)
	}
	out, _, err = run(t, "add-replays", "--db", db, "--tournament", id, "--replays", games)
	if err != nil || !strings.Contains(out, "0 games added to tournament "+id+", 3 there already, 0 skipped") {
		t.Errorf("again: %v, %q", err, out)
	}
	out, stderr, err = run(t, "ratings", "--db", db, "--prior", "400")
	if err != nil {
		t.Fatalf("ratings: %v\n%s", err, stderr)
	}
	for _, who := range []string{"human", "human-ana", "race-thief", "random"} {
		if !strings.Contains(out, who) {
			t.Errorf("the ratings do not rate %s:\n%s", who, out)
		}
	}
	// the balance counts them, and the tournament resumes (complete) beside them
	out, stderr, err = run(t, "balance", "--db", db)
	t.Logf("balance:\n%s", out)
	if err != nil || !strings.Contains(out, "7 games") && !strings.Contains(out, " 7 ") {
		t.Errorf("balance: %v\n%s%s", err, out, stderr)
	}
	if _, stderr, err := run(t, "run", "--bots", "random,race-thief", "--scenarios", "race", "--games", "4", "--db", db); err != nil {
		t.Errorf("the tournament does not resume beside the added games: %v\n%s", err, stderr)
	}

	// skipped: a game stopped before its end (closed, expired)
	stopped := replaytest.Play(t, reg, race.ID, nil, 51, 0, env.RandomPolicy{})
	stopped.Header.Players = []string{"human", "random"}
	stopped.End.Status, stopped.End.Outcome = "stopped", nil
	path := filepath.Join(dir, "stopped"+replay.Ext)
	if err := replay.WriteFile(path, stopped); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "add-replays", "--db", db, "--tournament", id, "--replays", path)
	if err != nil || !strings.Contains(out, "skipped "+path+": no result to rate: the game did not end by its rules") || !strings.Contains(out, "0 games added") {
		t.Errorf("a stopped game: %v, %q", err, out)
	}

	// refused: a replay whose action was changed, a bot the tournament does not have, a
	// game no person played
	r := replaytest.Play(t, reg, race.ID, nil, 50, 0, env.RandomPolicy{})
	r.Header.Players = []string{"human", "random"}
	bad := []struct {
		edit func(r *replay.Replay)
		want string
	}{
		{func(r *replay.Replay) { r.Steps[0].Action.Continuous[0] /= 2 }, "does not reproduce"},
		{func(r *replay.Replay) { r.Header.Players = []string{"human", "planner"} }, "not one of the tournament's"},
		{func(r *replay.Replay) { r.Header.Players = []string{"random", "random"} }, "no seat is a person's"},
	}
	for i, b := range bad {
		c := *r
		c.Header.Players = append([]string(nil), r.Header.Players...)
		c.Steps = append([]replay.Step(nil), r.Steps...)
		c.Steps[0].Action.Continuous = append([]float32(nil), r.Steps[0].Action.Continuous...)
		e := *r.End
		c.End = &e
		b.edit(&c)
		path := filepath.Join(dir, "bad-"+string(rune('a'+i))+replay.Ext)
		if err := replay.WriteFile(path, &c); err != nil {
			t.Fatal(err)
		}
		_, _, err := run(t, "add-replays", "--db", db, "--tournament", id, "--replays", path)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("replay %d: %v, want an error saying %q", i, err, b.want)
		}
	}
}
