package env_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

func TestValidID(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"flickemup/showdown-v9", true},
		{"race-v12", true},
		{"fliprando-v2", true},
		{"flickago/standard_board-v1", true},
		{"flickemup/showdown", false},
		{"Flickemup/showdown-v1", false},
		{"flickemup/showdown-v", false},
		{"/showdown-v1", false},
		{"flickemup//showdown-v1", false},
		{"flick emup-v1", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := env.ValidID(tt.id); got != tt.want {
			t.Errorf("ValidID(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestRegistry(t *testing.T) {
	r := env.NewRegistry()
	_, err := r.Lookup("race-v1")
	if !errors.Is(err, env.ErrUnknownGame) || !strings.Contains(err.Error(), "empty") {
		t.Errorf("Lookup in an empty registry: %v", err)
	}
	if err := race.Register(r); err != nil {
		t.Fatal(err)
	}
	if err := r.Register("other/game-v3", race.Factory); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		id string
		f  env.Factory
	}{{"race-v1", race.Factory}, {"no-version", race.Factory}, {"x/y-v1", nil}} {
		if err := r.Register(bad.id, bad.f); err == nil {
			t.Errorf("Register(%q) succeeded", bad.id)
		}
	}
	if got := strings.Join(r.IDs(), " "); got != "other/game-v3 race-v1" {
		t.Errorf("IDs = %s", got)
	}
	_, err = r.Lookup("race-v2")
	if !errors.Is(err, env.ErrUnknownGame) || !strings.Contains(err.Error(), `"race-v2" (known: other/game-v3, race-v1)`) {
		t.Errorf("Lookup(unknown) = %v, want ErrUnknownGame listing the known ids", err)
	}
	g, err := r.New("race-v1", env.Options{"players": "3"})
	if err != nil || g.Spec().NumPlayers != 3 {
		t.Fatalf("New with options: %v", err)
	}
	if _, err := r.New("race-v1", env.Options{"players": "9"}); err == nil || !strings.Contains(err.Error(), `env: new "race-v1": race: env: option players: "9": want an integer from 2 to 5`) {
		t.Errorf("New with a bad option: %v", err)
	}
}
