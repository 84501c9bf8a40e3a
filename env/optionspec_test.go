package env_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
)

var testSpecs = env.OptionSpecs{
	{Key: "players", Type: env.OptionInt, Min: 2, Max: 10, Default: "2", Doc: "players"},
	{Key: "sd", Type: env.OptionFloat, Min: 0, Max: 1, Default: "0.5", Doc: "noise, rad"},
	{Key: "record", Type: env.OptionBool, Default: "false", Doc: "record"},
	{Key: "shaping", Type: env.OptionString, Choices: []string{"hp", "none"}, Default: "hp", Doc: "shaping"},
	{Key: "name", Type: env.OptionString, Default: "", Doc: "any name"},
}

func TestOptionSpecs_Parse(t *testing.T) {
	if err := testSpecs.Validate(); err != nil {
		t.Fatal(err)
	}
	v, err := testSpecs.Parse(env.Options{"players": " 10 ", "sd": "0", "record": "1", "name": "x y"})
	if err != nil {
		t.Fatal(err)
	}
	if v.Int("players") != 10 || v.Float("sd") != 0 || !v.Bool("record") || v.String("shaping") != "hp" || v.String("name") != "x y" {
		t.Errorf("Parse = %+v", v)
	}
	for _, c := range []struct {
		opts env.Options
		want string
	}{
		{env.Options{"players": "0"}, `option players: "0": want an integer from 2 to 10`},
		{env.Options{"players": "11"}, "from 2 to 10"},
		{env.Options{"players": "2.5"}, "an integer"},
		{env.Options{"players": "99999999999999999999"}, "an integer"},
		{env.Options{"sd": "1e308"}, `option sd: "1e308": want a number from 0 to 1`},
		{env.Options{"sd": "-0.1"}, "from 0 to 1"},
		{env.Options{"sd": "NaN"}, "a number"},
		{env.Options{"sd": "Inf"}, "a number"},
		{env.Options{"record": "yes"}, "true or false"},
		{env.Options{"shaping": "HP"}, "one of hp, none"},
		{env.Options{"playrs": "3"}, `unknown option "playrs" (known: name, players, record, sd, shaping)`},
	} {
		if _, err := testSpecs.Parse(c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%v) = %v, want an error containing %q", c.opts, err, c.want)
		}
	}
}

func TestOptionSpecs_Validate(t *testing.T) {
	for _, c := range []struct {
		specs env.OptionSpecs
		want  string
	}{
		{env.OptionSpecs{{Key: "", Type: env.OptionBool, Default: "true"}}, "empty key"},
		{env.OptionSpecs{{Key: "a", Type: env.OptionBool, Default: "true"}, {Key: "a", Type: env.OptionBool, Default: "true"}}, "twice"},
		{env.OptionSpecs{{Key: "a", Default: "x"}}, "unknown type"},
		{env.OptionSpecs{{Key: "a", Type: env.OptionInt, Min: 3, Max: 2, Default: "3"}}, "not ordered"},
		{env.OptionSpecs{{Key: "a", Type: env.OptionInt, Min: 0.5, Max: 2, Default: "1"}}, "whole"},
		{env.OptionSpecs{{Key: "a", Type: env.OptionInt, Min: 0, Max: 2, Default: "3"}}, "default"},
		{env.OptionSpecs{{Key: "a", Type: env.OptionFloat, Choices: []string{"x"}, Default: "0"}}, "choices"},
	} {
		if err := c.specs.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want an error containing %q", c.specs, err, c.want)
		}
	}
}

// TestOptionSpecs_Games checks every game's declared options: valid specs,
// the game made with every default written out is the game made with no
// options, and each factory refuses the values of issue 14 item 9 that it
// used to accept.
func TestOptionSpecs_Games(t *testing.T) {
	for _, c := range []struct {
		id      string
		factory env.Factory
		bad     env.Options
	}{
		{race.ID, race.Factory, env.Options{"players": "0"}},
		{flickago.ID, flickago.Factory, env.Options{"angle_sd": "1e308"}},
		{flickago.ID, flickago.Factory, env.Options{"power_sd": "1e308"}},
		{flickemup.ID, flickemup.Factory, env.Options{"angle_sd": "1e308"}},
		{flickemup.ID, flickemup.Factory, env.Options{"players": "0"}},
		{flickemup.ID, flickemup.Factory, env.Options{"max_decisions": "10000000000"}},
		{fliprando.ID, fliprando.Factory, env.Options{"players": "6"}},
		{fliprando.ID, fliprando.Factory, env.Options{"first": "5"}},
		{fliprando.ID, fliprando.Factory, env.Options{"reward": "best"}},
	} {
		g, err := c.factory(nil)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		d, ok := g.(env.OptionDeclarer)
		if !ok {
			t.Fatalf("%s declares no options", c.id)
		}
		specs := d.OptionSpecs()
		if err := specs.Validate(); err != nil {
			t.Errorf("%s: %v", c.id, err)
		}
		defaults := env.Options{}
		for _, o := range specs {
			defaults[o.Key] = o.Default
		}
		explicit, err := c.factory(defaults)
		if err != nil {
			t.Fatalf("%s with its declared defaults %v: %v", c.id, defaults, err)
		}
		if a, b := marshal(t, g), marshal(t, explicit); a != b {
			t.Errorf("%s: the declared defaults make another game than no options:\n%s\n%s", c.id, a, b)
		}
		if _, err := c.factory(c.bad); err == nil || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s with %v: %v, want a range error", c.id, c.bad, err)
		}
	}
}

// marshal returns g's JSON view after a reset of seed 1.
func marshal(t *testing.T, g env.Game) string {
	t.Helper()
	v, err := env.NewVector(func(env.Options) (env.Game, error) { return g, nil }, env.Config{NumEnvs: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b, err := v.Reset(1)
	if err != nil {
		t.Fatal(err)
	}
	j, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s hash %d", j, b.StateHash[0])
}
