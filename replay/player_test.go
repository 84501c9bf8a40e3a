package replay_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
)

var recordOn = env.Options{replay.RecordOption: "true"}

// TestVerify_Showdown is the determinism test: a showdown played with random legal actions
// from a fixed seed, recorded with its trajectories, written and read back, then replayed
// through a fresh engine from the same seed, must give bit-identical frames (fixed point and
// the digests of the exact values), the same views and hashes, and the same final hash.
func TestVerify_Showdown(t *testing.T) {
	for _, key := range []uint64{1, 2, 3} {
		r := play(t, newRegistry(t), flickemup.ID, recordOn, key, 0)
		flicks, frames := 0, 0
		for _, s := range r.Steps {
			flicks += len(s.Flicks)
			for _, f := range s.Flicks {
				frames += len(f.Frames)
			}
		}
		if r.End == nil || flicks == 0 || frames == 0 {
			t.Fatalf("seed %d: end %v, %d flicks, %d frames: want a finished game with trajectories", key, r.End, flicks, frames)
		}
		path := filepath.Join(t.TempDir(), "showdown"+replay.GzipExt)
		if err := replay.WriteFile(path, r); err != nil {
			t.Fatal(err)
		}
		back, err := replay.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := replay.Verify(newRegistry(t), back); err != nil {
			t.Errorf("seed %d: %v", key, err)
		}
		// Replayed again, the recording is the same bytes.
		again, err := replay.Rebuild(newRegistry(t), back, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := replay.Marshal(r)
		b, _ := replay.Marshal(again)
		if !bytes.Equal(a, b) {
			t.Errorf("seed %d: the replayed game does not record the same bytes", key)
		}
		if again.End.Hash != r.End.Hash {
			t.Errorf("seed %d: final hash %v, recorded %v", key, again.End.Hash, r.End.Hash)
		}
		t.Logf("seed %d: %d steps, %d flicks, %d frames, %d bytes (%s)", key, len(r.Steps), flicks, frames, len(a), r.End.Status)
	}
}

// TestVerify_Tampered checks that Verify notices any change of a replay.
func TestVerify_Tampered(t *testing.T) {
	reg := newRegistry(t)
	r := play(t, reg, flickemup.ID, recordOn, 4, 60)
	var fs, fk = -1, -1 // a step with a flick that has frames
	for i, s := range r.Steps {
		for k, f := range s.Flicks {
			if len(f.Frames) > 1 && fs < 0 {
				fs, fk = i, k
			}
		}
	}
	if fs < 0 {
		t.Fatal("no flick with frames in the first 60 steps")
	}
	// clone copies r deeply enough for one change.
	clone := func() *replay.Replay {
		data, _ := replay.Marshal(r)
		c, err := replay.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tests := []struct {
		name   string
		change func(c *replay.Replay)
		field  string // the MismatchError's field; "" for another error
	}{
		{"OpeningHash", func(c *replay.Replay) { c.Header.Hash++ }, "hash"},
		{"OpeningView", func(c *replay.Replay) { c.Header.View = []byte(`{"scenario":"x"}`) }, "view"},
		{"StepHash", func(c *replay.Replay) { c.Steps[3].Hash ^= 1 }, "hash"},
		{"StepView", func(c *replay.Replay) { c.Steps[fs].View = []byte(`{"hour":7}`) }, "view"},
		{"FrameValue", func(c *replay.Replay) { c.Steps[fs].Flicks[fk].Frames[0][2]++ }, "flicks"},
		{"FrameTime", func(c *replay.Replay) { c.Steps[fs].Flicks[fk].Frames[1][0]++ }, "flicks"},
		{"Digest", func(c *replay.Replay) { c.Steps[fs].Flicks[fk].Digest++ }, "flicks.digest"},
		{"Label", func(c *replay.Replay) { c.Steps[fs].Label = "something else" }, "step"},
		{"Player", func(c *replay.Replay) { c.Steps[0].Player = 1 }, "player"},
		{"Action", func(c *replay.Replay) { c.Steps[fs].Action.Continuous[0] += 1 }, "*"},
		{"Seed", func(c *replay.Replay) { c.Header.Seed.Key++ }, "*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := clone()
			tt.change(c)
			err := replay.Verify(reg, c)
			var me *replay.MismatchError
			switch {
			case err == nil:
				t.Fatal("Verify accepted the changed replay")
			case tt.field == "*":
			case tt.field == "flicks.digest":
				if !errors.As(err, &me) || me.Field != fmt.Sprintf("flicks[%d].digest", fk) {
					t.Errorf("got %v, want a digest mismatch", err)
				}
			case tt.field == "flicks":
				if !errors.As(err, &me) || len(me.Field) < 6 || me.Field[:6] != "flicks" {
					t.Errorf("got %v, want a flick mismatch", err)
				}
			default:
				if !errors.As(err, &me) || me.Field != tt.field {
					t.Errorf("got %v, want a mismatch of %s", err, tt.field)
				}
			}
		})
	}
	if err := replay.Verify(reg, clone()); err != nil {
		t.Errorf("the unchanged replay fails: %v", err)
	}
}

func TestVerify_NoSeed(t *testing.T) {
	r := raceReplay(t)
	r.Header.Seed = nil
	if err := replay.Verify(newRegistry(t), r); !errors.Is(err, replay.ErrNoSeed) {
		t.Errorf("got %v, want ErrNoSeed", err)
	}
}

func TestVerify_Race(t *testing.T) {
	reg := newRegistry(t)
	r := play(t, reg, race.ID, nil, 11, 0)
	if err := replay.Verify(reg, r); err != nil {
		t.Error(err)
	}
	r.Steps = r.Steps[:len(r.Steps)-1] // the end line now comes one step early
	if err := replay.Verify(reg, r); err == nil {
		t.Error("a replay missing its last step verifies")
	}
}

// TestRebuild adds the trajectories to a replay recorded without them.
func TestRebuild(t *testing.T) {
	reg := newRegistry(t)
	thin := play(t, reg, flickemup.ID, nil, 6, 80)
	for _, s := range thin.Steps {
		if len(s.Flicks) > 0 {
			t.Fatal("a replay recorded without the option has flicks")
		}
	}
	full, err := replay.Rebuild(reg, thin, recordOn)
	if err != nil {
		t.Fatal(err)
	}
	if full.Header.Options[replay.RecordOption] != "true" || full.Header.Table == nil {
		t.Errorf("rebuilt header: options %v, table %v", full.Header.Options, full.Header.Table)
	}
	flicks := 0
	for i, s := range full.Steps {
		flicks += len(s.Flicks)
		if s.Hash != thin.Steps[i].Hash || string(s.View) != string(thin.Steps[i].View) {
			t.Fatalf("step %d differs from the thin replay", i)
		}
	}
	if flicks == 0 {
		t.Error("the rebuilt replay has no flicks")
	}
	if err := replay.Verify(reg, full); err != nil {
		t.Error(err)
	}
	// Back without the option: the same thin replay.
	back, err := replay.Rebuild(reg, full, env.Options{replay.RecordOption: ""})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := replay.Marshal(thin)
	b, _ := replay.Marshal(back)
	if !bytes.Equal(a, b) {
		t.Error("rebuilt without the option, the replay differs from the one recorded without it")
	}
	thin.Steps[10].Hash++
	var me *replay.MismatchError
	if _, err := replay.Rebuild(reg, thin, recordOn); !errors.As(err, &me) || me.Step != 10 {
		t.Errorf("a wrong hash at step 10: got %v", err)
	}
}

// TestVerify_FlipRando records a discrete game of more than two seats, Flip' Rando at 3
// players: no flicks, a view patch and a label per step, the rank outcome of every seat.
// Written and read back, it verifies; replayed again it records the same bytes; a changed
// action, hash, view or label is noticed.
func TestVerify_FlipRando(t *testing.T) {
	reg := newRegistry(t)
	opts := env.Options{"players": "3"}
	r := play(t, reg, fliprando.ID, opts, 5, 0)
	if r.End == nil || r.End.Status != "terminated" || len(r.End.Outcome) != 3 || r.Header.Drawing == nil {
		t.Fatalf("end %+v, drawing %v: want a finished 3-seat game with its drawing", r.End, r.Header.Drawing != nil)
	}
	seats := map[int]bool{}
	for _, s := range r.Steps {
		seats[s.Player] = true
		if len(s.Flicks) != 0 || s.Label == "" {
			t.Fatalf("step %d: %d flicks, label %q", s.Index, len(s.Flicks), s.Label)
		}
	}
	if len(seats) != 3 {
		t.Errorf("seats %v acted, want all 3", seats)
	}
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := replay.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Verify(reg, back); err != nil {
		t.Fatal(err)
	}
	again, err := replay.Rebuild(reg, back, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := replay.Marshal(again); !bytes.Equal(data, b) {
		t.Error("the replayed game does not record the same bytes")
	}
	t.Logf("%d steps, %d bytes, outcome %v", len(r.Steps), len(data), r.End.Outcome)
	// A leg: the step whose action is a direction; another direction makes another game.
	leg := -1
	for i, s := range r.Steps {
		if strings.HasPrefix(s.Label, "move_dir:") && i > 0 {
			leg = i
			break
		}
	}
	if leg < 0 {
		t.Fatal("no leg in the game")
	}
	for name, change := range map[string]func(c *replay.Replay){
		"Action": func(c *replay.Replay) { c.Steps[leg].Action.Discrete[0] = 0 },
		"Hash":   func(c *replay.Replay) { c.Steps[leg].Hash ^= 1 },
		"View":   func(c *replay.Replay) { c.Steps[leg].View = []byte(`{"round":9}`) },
		"Label":  func(c *replay.Replay) { c.Steps[leg].Label = "move_dir: red dir N?" },
		"Seats":  func(c *replay.Replay) { c.Steps[leg].Player = (c.Steps[leg].Player + 1) % 3 },
		"Outcome": func(c *replay.Replay) {
			c.End.Outcome[0], c.End.Outcome[1] = c.End.Outcome[1]+1, c.End.Outcome[0]
		},
	} {
		c, err := replay.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		change(c)
		if err := replay.Verify(reg, c); err == nil {
			t.Errorf("%s: Verify accepted the changed replay", name)
		}
	}
}
