package race_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
)

// TestEnv_Hooks checks that Race, the template of a new game, implements every optional
// hook a real game implements (but the physics games' piece catalogue and tracer, and the
// content digest of a game set up from data), and that they say sensible things.
func TestEnv_Hooks(t *testing.T) {
	e, err := race.NewEnv(race.Config{Players: 3, Rounds: 1, Noise: 0})
	if err != nil {
		t.Fatal(err)
	}
	var g env.Game = e
	hooks := map[string]bool{}
	_, hooks["env.Shaper"] = g.(env.Shaper)
	_, hooks["env.Scorer"] = g.(env.Scorer)
	_, hooks["env.SeatNamer"] = g.(env.SeatNamer)
	_, hooks["env.Ender"] = g.(env.Ender)
	_, hooks["env.OptionDeclarer"] = g.(env.OptionDeclarer)
	_, hooks["replay.Drawer"] = g.(replay.Drawer)
	_, hooks["replay.Describer"] = g.(replay.Describer)
	for name, ok := range hooks {
		if !ok {
			t.Errorf("Race is not a %s", name)
		}
	}
	if err := e.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	d := e.Drawing()
	if err := d.Validate(); err != nil {
		t.Errorf("drawing: %v", err)
	}
	if got := e.SeatNames(); len(got) != 3 || got[0] != "player 1" || len(d.Seats) != 3 || d.Seats[2].Name != "player 3" {
		t.Errorf("seat names %v, drawing seats %v", got, d.Seats)
	}
	if e.EndKind() != "" || e.EndReason() != "" {
		t.Errorf("running game: end %q, %q", e.EndKind(), e.EndReason())
	}
	a := env.Action{Discrete: []int32{race.Gain, 0}, Continuous: []float32{0.25}}
	if got := e.DescribeAction(a); got != "gain 0.25" {
		t.Errorf("DescribeAction(gain 0.25) = %q", got)
	}
	before := e.Hash()
	a.Discrete[0] = race.Steal
	if got := e.DescribeAction(a); !strings.HasPrefix(got, "steal from player ") || e.Hash() != before {
		t.Errorf("DescribeAction(steal) = %q (hash changed: %v)", got, e.Hash() != before)
	}
	for range 3 {
		if _, err := e.Step(env.Action{Discrete: []int32{race.Pass, 0}, Continuous: []float32{0}}); err != nil {
			t.Fatal(err)
		}
	}
	if k, r := e.EndKind(), e.EndReason(); k != "last turn: a tie for the best score" || r != k+" (player 1 and player 2 and player 3, 0.0 points)" {
		t.Errorf("after three passes: end %q, %q", k, r)
	}
}
