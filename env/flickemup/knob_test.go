package flickemup_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

func TestKnobs(t *testing.T) {
	text := town("", "tune start hour=6..9", "tune cowboy id=lawmen:1 hp=2..5", "tune cowboy id=outlaws:1 x=30..50:10 # east-west",
		"tune initiative cowboy=lawmen:1|outlaws:1")
	sc := mustParse(t, text)
	var names []string
	for _, k := range sc.Knobs {
		names = append(names, k.Name)
	}
	if want := []string{"start.hour", "cowboy.hp[id=lawmen:1]", "cowboy.x[id=outlaws:1]", "initiative.cowboy"}; !slices.Equal(names, want) {
		t.Fatalf("knobs %v, want %v", names, want)
	}
	k, _ := sc.Knob("cowboy.x[id=outlaws:1]")
	if got := k.Values(); !slices.Equal(got, []string{"30", "40", "50"}) {
		t.Errorf("values %v, want 30 40 50", got)
	}
	hp, _ := sc.Knob("cowboy.hp[id=lawmen:1]")
	for _, v := range hp.Values() {
		vs, err := sc.Variant(hp, v)
		if err != nil {
			t.Fatal(err)
		}
		if got := vs.Cowboys[0].HP; strconv.Itoa(got) != v || vs.Digest == sc.Digest && v != "3" {
			t.Errorf("variant hp=%v: lawmen:1 has %d hit points, digest %s", v, got, vs.Digest)
		}
		if len(vs.Knobs) != 4 {
			t.Errorf("variant hp=%v lost its knobs", v)
		}
	}
	// A value that breaks the file's rules is refused, naming the target line: outlaws:1 at
	// x=90 stands off the table.
	if _, err := sc.Variant(k, "90"); err == nil || !strings.Contains(err.Error(), "test.scn:9: cowboy") {
		t.Errorf("x=90: %v, want the outlaws:1 line's problem", err)
	}
	start, _ := sc.Knob("start.hour")
	if vs, err := sc.Variant(start, "8"); err != nil || vs.StartHour != 8 {
		t.Errorf("start hour 8: %v", err)
	}
	ini, _ := sc.Knob("initiative.cowboy")
	if vs, err := sc.Variant(ini, "outlaws:1"); err != nil || vs.Initiative.Team != flickemup.Outlaws {
		t.Errorf("initiative outlaws:1: %v", err)
	}

	for _, bad := range []struct{ line, want string }{
		{"tune start hour=9..6", "tune.hour: range"},
		{"tune start hour=6", "no key=min..max range"},
		{"tune cowboy hp=2..5", "matches 2 cowboy lines"},
		{"tune title x=1..2", "cannot be tuned"},
		{"tune saloon x=1..2", "unknown directive"},
	} {
		_, err := flickemup.Parse("test.scn", []byte(town("", bad.line)))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.line, err, bad.want)
		}
	}
}

// TestKnobs_TurnCap checks the turn-cap knob: it names no line, its values are whole turns,
// and its variants are the scenario unchanged (the arena sets the cap per value).
func TestKnobs_TurnCap(t *testing.T) {
	sc := mustParse(t, town("", "tune turns=60..140:40", "tune start hour=6..9"))
	k, ok := sc.Knob(flickemup.TurnsKnob)
	if !ok || !k.TurnCap() || len(k.Targets) != 0 || k.Line == 0 {
		t.Fatalf("turns knob %+v (found %v), want a turn cap naming no line", k, ok)
	}
	if got := k.Values(); !slices.Equal(got, []string{"60", "100", "140"}) {
		t.Errorf("values %v, want 60 100 140", got)
	}
	if start, _ := sc.Knob("start.hour"); start.TurnCap() {
		t.Error("start.hour reported as the turn cap")
	}
	vs, err := sc.Variant(k, "100")
	if err != nil || vs.Digest != sc.Digest || vs.StartHour != sc.StartHour {
		t.Errorf("variant turns=100: %v, digest %s want %s", err, vs.Digest, sc.Digest)
	}
	for _, v := range []string{"0", "2.5", "many"} {
		if _, err := sc.Variant(k, v); err == nil || !strings.Contains(err.Error(), "whole number of turns") {
			t.Errorf("variant turns=%s: %v, want a refusal", v, err)
		}
	}
	for _, bad := range []struct{ line, want string }{
		{"tune turns=0..100", "tune.turns: range"},
		{"tune turns=50.5..100", "tune.turns: range"},
		{"tune turns=100..60", "tune.turns: range"},
		{"tune turns=60..100:0", "tune.turns: range"},
		{"tune turns=1..1000", "more than 200"},
		{"tune turns=60..100\ntune turns=70..90", "knob turns declared twice"},
		{"tune turns=60 start=1..2", "want: tune <directive>"},
	} {
		_, err := flickemup.Parse("test.scn", []byte(town("", bad.line)))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.line, err, bad.want)
		}
	}
}

// TestKnobs_Group checks a selector listing several values: the knob sets one value on every
// selected line, so that pieces move together, and each listed value must select one line.
func TestKnobs_Group(t *testing.T) {
	cowboys := "cowboy id=lawmen:1 x=30 y=20 facing=90 hp=3\ncowboy id=lawmen:2 x=50 y=20 facing=90 hp=3\n" +
		"cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n"
	sc := mustParse(t, town(cowboys, "tune cowboy id=lawmen:1,lawmen:2 y=10..30:10"))
	k, ok := sc.Knob("cowboy.y[id=lawmen:1,lawmen:2]")
	if !ok || len(k.Targets) != 2 {
		t.Fatalf("group knob %+v (found %v), want two target lines", k, ok)
	}
	vs, err := sc.Variant(k, "30")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{30, 30, 70} {
		if got := vs.Cowboys[i].Pos.Y; got != want {
			t.Errorf("variant y=30: cowboy %d at y=%v, want %v", i, got, want)
		}
	}
	if vs.Digest == sc.Digest {
		t.Error("variant y=30 has the file's digest")
	}
	// A cowboy's tokens list selects as written when a line carries that very list.
	withTokens := strings.Replace(cowboys, "id=lawmen:2 x=50 y=20 facing=90 hp=3", "id=lawmen:2 x=50 y=20 facing=90 hp=3 tokens=water:clean,dynamite", 1)
	sc2 := mustParse(t, town(withTokens, "rule take-outside", "tune cowboy tokens=water:clean,dynamite hp=1..4"))
	if k, _ := sc2.Knob("cowboy.hp[tokens=water:clean,dynamite]"); len(k.Targets) != 1 {
		t.Errorf("tokens selector: targets %v, want lawmen:2's line alone", k.Targets)
	}
	for _, bad := range []struct{ line, want string }{
		{"tune cowboy id=lawmen:1,lawmen:3 y=10..30", "id=lawmen:3 matches 0 cowboy lines"},
		{"tune cowboy id=lawmen:1,lawmen:1 y=10..30", "names \"lawmen:1\" twice"},
		{"tune cowboy id=lawmen:1, y=10..30", "twice or empty"},
		{"tune cowboy id=lawmen:1,lawmen:2 hp=3,4 x=10..30", "two keys"},
	} {
		_, err := flickemup.Parse("test.scn", []byte(town(cowboys, bad.line)))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.line, err, bad.want)
		}
	}
}
