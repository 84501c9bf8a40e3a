package flickemup_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

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
