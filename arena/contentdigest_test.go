package arena_test

import (
	"reflect"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// digestGame is Race with a content digest, as a game played from a data file.
type digestGame struct {
	*race.Env
	digest string
}

func (g *digestGame) ContentDigest() string { return g.digest }

// TestEnvReferee_ScenarioContent: a game's content digest is part of its scenario's hash, so
// an edited scenario file plans another tournament, never the old one.
func TestEnvReferee_ScenarioContent(t *testing.T) {
	content := "a"
	reg := env.NewRegistry()
	if err := reg.Register("test/file-v1", func(env.Options) (env.Game, error) {
		g, err := race.NewEnv(race.DefaultConfig())
		if err != nil {
			return nil, err
		}
		return &digestGame{Env: g, digest: content}, nil
	}); err != nil {
		t.Fatal(err)
	}
	plan := func() (arena.Scenario, string) {
		t.Helper()
		ref, err := arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg,
			Scenarios: map[string]arena.EnvScenario{"file": {Game: "test/file-v1"}}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := ref.Scenario("file")
		if err != nil {
			t.Fatal(err)
		}
		sched, err := arena.NewSchedule(arena.Tournament{Bots: []arena.Player{gainer, passer},
			Scenarios: []arena.Scenario{s}, GamesPerPairing: 2, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return s, sched.Info.ID
	}
	s1, id1 := plan()
	again, idAgain := plan()
	content = "b"
	s2, id2 := plan()
	if !reflect.DeepEqual(again, s1) || idAgain != id1 {
		t.Errorf("same content, different scenario or tournament: %+v %s, %+v %s", s1, id1, again, idAgain)
	}
	if s2.Hash == s1.Hash || id2 == id1 {
		t.Errorf("edited content, same scenario hash %s or tournament %s", s1.Hash, id1)
	}
}
