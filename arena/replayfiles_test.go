package arena_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
)

func TestNewReplayFiles(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []string{"first", "first=0", "first=x", "first=11", "some"} {
		if _, err := arena.NewReplayFiles(bad, dir, 10); err == nil {
			t.Errorf("policy %q: no error", bad)
		}
	}
	for _, none := range []string{"", "none"} {
		if k, err := arena.NewReplayFiles(none, dir, 10); k != nil || err != nil {
			t.Errorf("policy %q: %v, %v; want no keeper", none, k, err)
		}
	}
	if _, err := arena.NewReplayFiles("upsets", filepath.Join(dir, "u"), 10); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "u", arena.PendingDir)); err != nil || !fi.IsDir() {
		t.Errorf("upsets made no pending directory: %v", err)
	}

	// first=2 records the first two games of each set of bots on each scenario: rounds in
	// order, the games of a rotation set one after the other.
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("a", "b", "c"), Scenarios: arenatest.Scenarios("race"), GamesPerPairing: 4})
	k, err := arena.NewReplayFiles("first=2", dir, 10)
	if err != nil {
		t.Fatal(err)
	}
	k.Plan(sched)
	recorded := map[string]int{}
	for _, f := range sched.Fixtures {
		rec, traj := k.Record(arena.Match{Key: f.Key})
		if rec {
			recorded[f.Players[0].Name()+"/"+f.Players[1].Name()]++
			if !traj || f.Round != 0 {
				t.Errorf("fixture %s recorded (round %d), trajectories %v", f.Key, f.Round, traj)
			}
		}
	}
	if len(recorded) != 6 { // the 3 pairs, each seating
		t.Errorf("recorded %v, want one game per seating of each pair", recorded)
	}
	if got := arena.ReplayFileName("0123456789", "race|a|b|0|1"); got != "01234567-race_a_b_0_1.jsonl.gz" {
		t.Errorf("ReplayFileName = %q", got)
	}
}
