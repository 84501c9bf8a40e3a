package main

import (
	"reflect"
	"testing"
)

// TestCommandLine_RoundTrip: the recorded command line reads back as the
// arguments it was written from, whatever they hold.
func TestCommandLine_RoundTrip(t *testing.T) {
	args := []string{"--scenario", "/tmp/my dir/my-town.scn", "--knob", "cowboy.hp[id=lawmen:2]", "--title", "",
		"--note", "Ol' Cooper's \"gang\"", "--x", `back\slash $HOME`, "--tabs", "a\tb", "--zone=0.45,0.55", "--ünï", "côde"}
	line := commandLine("tune", args)
	words, err := splitCommand(line)
	if err != nil {
		t.Fatalf("split %q: %v", line, err)
	}
	if want := append([]string{"arena", "tune"}, args...); !reflect.DeepEqual(words, want) {
		t.Errorf("%q splits into %q, want %q", line, words, want)
	}
	if got := commandLine("run", []string{"--bots", "aimer", "--games", "4", "--db", "results.db"}); got != "arena run --bots aimer --games 4 --db results.db" {
		t.Errorf("plain arguments written as %q, want them unquoted", got)
	}
}

func TestSplitCommand(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`a  b`, []string{"a", "b"}},
		{`a 'b c' "d e" f\ g`, []string{"a", "b c", "d e", "f g"}},
		{`'' x`, []string{"", "x"}},
		{`"a\"b\\c\d"`, []string{`a"b\c\d`}},
		{`'it'\''s'`, []string{"it's"}},
	} {
		got, err := splitCommand(c.line)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{`a 'b`, `"a`} {
		if _, err := splitCommand(bad); err == nil {
			t.Errorf("splitCommand(%q) succeeded, want an unterminated quote", bad)
		}
	}
}

// TestTuneArgs: a tune's recorded command reads back with a path holding a
// space, as this arena writes it (quoted) and as older arenas wrote it
// (joined with spaces, unquoted).
func TestTuneArgs(t *testing.T) {
	want := []string{"--scenario", "my dir/my  town.scn", "--knob", "start.hour", "--look", "2"}
	for _, c := range []struct {
		line string
		want []string
	}{
		{commandLine("tune", want), want},
		{"arena tune --scenario my dir/my town.scn --knob start.hour --look 2",
			[]string{"--scenario", "my dir/my town.scn", "--knob", "start.hour", "--look", "2"}},
		{"arena tune --scenario=my dir/x.scn --knob start.hour",
			[]string{"--scenario=my dir/x.scn", "--knob", "start.hour"}},
		{"arena tune --scenario Ol' Cooper's/x.scn --knob start.hour", // a lone quote: as an older arena wrote it
			[]string{"--scenario", "Ol' Cooper's/x.scn", "--knob", "start.hour"}},
	} {
		got, ok := tuneArgs(c.line)
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("tuneArgs(%q) = %q, %v; want %q", c.line, got, ok, c.want)
		}
	}
	if _, ok := tuneArgs("arena run --bots aimer"); ok {
		t.Error("an arena run command read as a tune")
	}
}
