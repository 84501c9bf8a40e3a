package flickemup_test

import (
	"errors"
	"os"
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

// TestVariant_KeyInComment: a knob whose key its target line leaves out but whose trailing
// comment names it sets the key on the line; the comment stays as written, and each value is
// a game of its own (the variants used to rewrite the comment, three values one game).
func TestVariant_KeyInComment(t *testing.T) {
	data, err := os.ReadFile("testdata/knob-in-comment.scn")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := flickemup.Parse("knob-in-comment.scn", data)
	if err != nil {
		t.Fatal(err)
	}
	k, ok := sc.Knob("cowboy.max[id=lawmen:1]")
	if !ok {
		t.Fatalf("no knob cowboy.max[id=lawmen:1] in %v", sc.Knobs)
	}
	if got := k.Values(); !slices.Equal(got, []string{"3", "4", "5"}) {
		t.Fatalf("values %v, want 3 4 5", got)
	}
	for i, want := range []int{3, 4, 5} {
		vs, err := sc.Variant(k, k.Values()[i])
		if err != nil {
			t.Fatalf("max=%d: %v", want, err)
		}
		if got := vs.Cowboys[0].Max; got != want {
			t.Errorf("max=%d: lawmen:1's max is %d", want, got)
		}
		if line := strings.Split(string(vs.Source), "\n")[9]; !strings.HasSuffix(line, " # max=3 by default, as hp") {
			t.Errorf("max=%d: line 10 reads %q, want the comment as written", want, line)
		}
	}
	// A CRLF file's line gets the key before its comment and keeps its line end.
	crlf, err := flickemup.Parse("crlf.scn", []byte(strings.ReplaceAll(string(data), "\n", "\r\n")))
	if err != nil {
		t.Fatal(err)
	}
	if v, err := crlf.Variant(k, "5"); err != nil || v.Cowboys[0].Max != 5 {
		t.Errorf("CRLF file, max=5: %v", err)
	}
}

// TestVariants_SameGame: a knob two of whose values play the same game is refused, naming
// them and the tune line.
func TestVariants_SameGame(t *testing.T) {
	sc := mustParse(t, town("", "tune cowboy id=lawmen:1 facing=0..360:180"))
	k, _ := sc.Knob("cowboy.facing[id=lawmen:1]")
	_, err := sc.Variants(k)
	var errs flickemup.ParseErrors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Line != 10 || !strings.Contains(errs[0].Msg, "the values 0 and 360 make the same game") {
		t.Errorf("facing 0, 180, 360: %v, want 0 and 360 refused as one game on line 10", err)
	}
	choices := mustParse(t, town("", "tune cowboy id=lawmen:1 hp=3|03"))
	k, _ = choices.Knob("cowboy.hp[id=lawmen:1]")
	if _, err := choices.Variants(k); err == nil || !strings.Contains(err.Error(), "the values 3 and 03 make the same game") {
		t.Errorf("hp=3|03: %v, want one game refused", err)
	}
}

// TestVariants_Refused: every refused value is listed with the line at fault, the value and
// the knob's tune line.
func TestVariants_Refused(t *testing.T) {
	sc := mustParse(t, town("", "tune cowboy id=lawmen:1 hp=-1..1"))
	k, _ := sc.Knob("cowboy.hp[id=lawmen:1]")
	_, err := sc.Variants(k)
	var errs flickemup.ParseErrors
	if !errors.As(err, &errs) {
		t.Fatalf("hp=-1..1: %v, want values refused", err)
	}
	var first []string // each value's first problem
	for _, e := range errs {
		if e.Line == 8 && e.Field == "cowboy.hp" {
			first = append(first, e.Error())
		}
	}
	for i, v := range []string{"-1", "0"} {
		if want := "test.scn:8: cowboy.hp: " + v + " is out of range 1 to 38 (with the value " + v + " of knob cowboy.hp[id=lawmen:1], line 10)"; i >= len(first) || first[i] != want {
			t.Errorf("value %s: problems %q, want %q", v, first, want)
		}
	}
	if strings.Contains(err.Error(), "with the value 1 ") {
		t.Errorf("hp=1 refused: %v", err)
	}
}

// TestKnobValues_Exact: a range's values are exact decimals, never in exponent form, and a
// range whose numbers or count are not finite, or a list naming a choice twice, is refused.
func TestKnobValues_Exact(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"tune cowboy id=lawmen:1 x=1000000..3000000:1000000", []string{"1000000", "2000000", "3000000"}},
		{"tune cowboy id=lawmen:1 x=0..0.3:0.1", []string{"0", "0.1", "0.2", "0.3"}},
		{"tune cowboy id=lawmen:1 x=-1..1:0.5", []string{"-1", "-0.5", "0", "0.5", "1"}},
		{"tune cowboy id=lawmen:1 x=0.00001..0.00003:0.00001", []string{"0.00001", "0.00002", "0.00003"}},
		{"tune cowboy id=lawmen:1 x=1.0000000001..1.0000000003:0.0000000001", []string{"1.0000000001", "1.0000000002", "1.0000000003"}},
	} {
		sc := mustParse(t, town("", c.line))
		if got := sc.Knobs[0].Values(); !slices.Equal(got, c.want) {
			t.Errorf("%s: values %v, want %v", c.line, got, c.want)
		}
	}
	huge := "1" + strings.Repeat("0", 308)
	for _, bad := range []struct{ line, want string }{
		{"tune cowboy id=lawmen:1 x=-" + huge + ".." + huge + ":" + huge, "too many values"},
		{"tune cowboy id=lawmen:1 x=0..1" + huge, "tune.x: range"},
		{"tune cowboy id=lawmen:1 hp=3|4|3", `list "3" twice`},
	} {
		_, err := flickemup.Parse("test.scn", []byte(town("", bad.line)))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%.60s: %v, want %q", bad.line, err, bad.want)
		}
	}
}
