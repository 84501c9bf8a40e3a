package arena_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// keeper is a fake arena.ReplayKeeper that keeps replays in memory.
type keeper struct {
	record, traj bool
	err          error // returned by Keep

	mu   sync.Mutex
	kept map[string]*replay.Replay
	outs map[string]arena.Outcome
}

func (k *keeper) Record(arena.Match) (bool, bool) { return k.record, k.traj }

func (k *keeper) Keep(m arena.Match, out arena.Outcome, r *replay.Replay) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.kept == nil {
		k.kept, k.outs = map[string]*replay.Replay{}, map[string]arena.Outcome{}
	}
	k.kept[m.Key], k.outs[m.Key] = r, out
	return k.err
}

func TestEnvReferee_Replays(t *testing.T) {
	reg := replaytest.Registry(t)
	scenarios := map[string]arena.EnvScenario{"race": {Game: race.ID}, "showdown": {Game: flickemup.ID}}
	tests := []struct {
		name     string
		scenario string
		x, y     arena.Bot
		k        *keeper
		wantErr  bool
		flicks   bool   // the replay has trajectories
		end      string // the replay's end status
	}{
		{"Race", "race", gainer, passer, &keeper{record: true, traj: true}, false, false, "terminated"},
		{"Showdown", "showdown", random.New(), random.New(), &keeper{record: true, traj: true}, false, true, "terminated"},
		{"ShowdownWithoutTrajectories", "showdown", random.New(), random.New(), &keeper{record: true}, false, false, "terminated"},
		{"BotFault", "race", gainer, cheater, &keeper{record: true}, false, false, "stopped"},
		{"NotRecorded", "race", gainer, passer, &keeper{}, false, false, ""},
		{"KeepFails", "race", gainer, passer, &keeper{record: true, err: errors.New("disk full")}, true, false, "terminated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg, Scenarios: scenarios, Replays: tt.k})
			if err != nil {
				t.Fatal(err)
			}
			sc, err := ref.Scenario(tt.scenario)
			if err != nil {
				t.Fatal(err)
			}
			m := arena.Match{Key: "game-1", Scenario: sc, Seed: 77, Players: []arena.Player{tt.x, tt.y}}
			out, err := ref.Play(context.Background(), m)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Play: %v, want error %v", err, tt.wantErr)
			}
			r := tt.k.kept[m.Key]
			if tt.end == "" {
				if r != nil {
					t.Fatal("a game not to record was kept")
				}
				return
			}
			if r == nil {
				t.Fatal("no replay kept")
			}
			if r.End == nil || r.End.Status != tt.end {
				t.Fatalf("end %+v, want status %q", r.End, tt.end)
			}
			if tt.wantErr {
				return
			}
			if out.Termination == arena.TermNormal && len(r.Steps) != out.Turns {
				t.Errorf("%d steps recorded for %d turns", len(r.Steps), out.Turns)
			}
			if r.Header.Title != m.Key || r.Header.Seed == nil || r.Header.Seed.Key != m.Seed ||
				len(r.Header.Players) != 2 || r.Header.Players[0] != tt.x.Name() {
				t.Errorf("header: title %q, seed %+v, players %v", r.Header.Title, r.Header.Seed, r.Header.Players)
			}
			if tt.scenario == "showdown" && out.Termination == arena.TermNormal &&
				!strings.Contains(out.Reason, "standing") && !strings.Contains(out.Reason, "noon") {
				t.Errorf("reason %q, want the game's own (last team standing or noon)", out.Reason)
			}
			if out.Reason != "" && !strings.Contains(r.End.Note, out.Reason) {
				t.Errorf("end note %q, want the outcome's reason %q", r.End.Note, out.Reason)
			}
			flicks := 0
			for _, s := range r.Steps {
				flicks += len(s.Flicks)
			}
			if (flicks > 0) != tt.flicks {
				t.Errorf("%d flicks recorded, want trajectories: %v", flicks, tt.flicks)
			}
			if err := replay.Verify(reg, r); err != nil {
				t.Errorf("the replay does not verify: %v", err)
			}
		})
	}
}
