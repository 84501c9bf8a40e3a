package env_test

import (
	"maps"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
)

// TestOptionSpecs_Canonical checks that each spelling of an option's value has one canonical
// form, the plain decimal one for numbers, and that values an option refuses and unknown
// keys are kept for Parse to report (issue 35: fliprando:players=3, =03 and =+3 named three
// tournaments of one game).
func TestOptionSpecs_Canonical(t *testing.T) {
	for _, c := range []struct{ key, in, want string }{
		{"players", "03", "3"},
		{"players", "+3", "3"},
		{"players", " 3 ", "3"},
		{"players", "3", "3"},
		{"sd", "0.50", "0.5"},
		{"sd", "+.5", "0.5"},
		{"sd", "5e-1", "0.5"},
		{"sd", "-0", "0"},
		{"sd", "1e-7", "0.0000001"},
		{"record", "1", "true"},
		{"record", "FALSE", "false"},
		{"name", " x ", " x "},
		{"players", "99", "99"},
		{"sd", "0x1p-1", "0x1p-1"},
		{"playrs", "03", "03"},
	} {
		in := env.Options{c.key: c.in}
		got := testSpecs.Canonical(in)
		if got[c.key] != c.want || len(got) != 1 {
			t.Errorf("Canonical(%s=%q) = %v, want %s=%q", c.key, c.in, got, c.key, c.want)
		}
		if in[c.key] != c.in {
			t.Errorf("Canonical modified its argument: %v", in)
		}
	}
	if got := testSpecs.Canonical(nil); got != nil {
		t.Errorf("Canonical(nil) = %v", got)
	}
	specs := (&fliprando.Env{}).OptionSpecs()
	want := specs.Canonical(env.Options{"players": "3"})
	for _, s := range []string{"03", "+3", "003"} {
		if got := specs.Canonical(env.Options{"players": s}); !maps.Equal(got, want) {
			t.Errorf("fliprando players=%s: canonical %v, want %v", s, got, want)
		}
	}
}

// TestOptionSpecs_DecimalFloats checks that a float option is a decimal number:
// hexadecimal and underscores, which strconv.ParseFloat takes, are refused.
func TestOptionSpecs_DecimalFloats(t *testing.T) {
	for _, bad := range []string{"0x1p-1", "0_5", "0.5_0", "Inf", "NaN", "0x.8p0", "1e", "."} {
		if _, err := testSpecs.Parse(env.Options{"sd": bad}); err == nil {
			t.Errorf("sd=%s accepted", bad)
		}
		if _, err := (env.Options{"sd": bad}).Float("sd", 0); err == nil {
			t.Errorf("Options.Float(sd=%s) accepted", bad)
		}
	}
	for _, good := range []string{"0.5", ".5", "5e-1", "+0.5", "1", "0"} {
		if _, err := testSpecs.Parse(env.Options{"sd": good}); err != nil {
			t.Errorf("sd=%s: %v", good, err)
		}
	}
}
