package flickemup_test

import (
	"strings"
	"testing"
)

// TestParse_StrayWords checks that every word of a line is read or an error: a word without
// '=' that a directive does not take is refused on its line (issue 35, item 10: "bogusword",
// "\"unterminated" and "start hour=6 hour" passed arena validate).
func TestParse_StrayWords(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		line           int
		msg            string
	}{
		{"start", "start hour=6", "start hour=6 bogusword", 4, `unexpected word "bogusword"`},
		{"a key without value", "start hour=6", "start hour=6 hour", 4, `unexpected word "hour"`},
		{"a quote", "start hour=6", `start hour=6 "unterminated`, 4, "without quotes"},
		{"a tab before the comment", "start hour=6", "start hour=6\t# six o'clock", 4, "a trailing comment starts with a space"},
		{"two", "start hour=6", "start hour=6 a b c", 4, `unexpected word "a" (and 2 more)`},
		{"scenario", "scenario test", "scenario test extra", 1, `unexpected word "extra"`},
		{"initiative", "initiative cowboy=lawmen:1", "initiative cowboy=lawmen:1 lawmen:2", 5, `unexpected word "lawmen:2"`},
		{"building", "depth=10\nbuilding kind=undertaker", "depth=10 wide\nbuilding kind=undertaker", 6, `unexpected word "wide"`},
		{"cowboy", "hp=3\ncowboy id=outlaws:1", "hp=3 colt\ncowboy id=outlaws:1", 8, `unexpected word "colt"`},
		{"victory", "victory noon-hp", "victory noon-hp lawmen", 12, `unexpected word "lawmen"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := town("")
			if !strings.Contains(text, tc.old) {
				t.Fatalf("the test town has no %q", tc.old)
			}
			pes := parseErrors(t, strings.Replace(text, tc.old, tc.new, 1))
			if !hasError(pes, tc.line, tc.msg) {
				t.Errorf("want a problem on line %d mentioning %q; got:\n%v", tc.line, tc.msg, pes)
			}
		})
	}
	// The directives appended after the cowboys (lines 10 on).
	for _, extra := range []string{
		"table width=90 height=90 square",
		"rule duels twice",
		"gallows x=45 y=80 high",
		"prop kind=barrel x=60 y=60 full",
		"neutral name=man x=60 y=30 old",
		"token kind=colt in=saloon shiny",
		"tune start hour=6..8 x",
	} {
		t.Run(strings.Fields(extra)[0], func(t *testing.T) {
			pes := parseErrors(t, town("", extra))
			if !hasError(pes, 10, "unexpected") && !hasError(pes, 10, "want: tune") {
				t.Errorf("%q: want a problem on line 10; got:\n%v", extra, pes)
			}
		})
	}
}

// TestParse_Comments checks what starts a trailing comment on a key=value line: a '#' after
// a space, or one right after the directive; the words of the comment are not read.
func TestParse_Comments(t *testing.T) {
	sc := mustParse(t, strings.Replace(town(""), "start hour=6", "start hour=7 # seven o'clock, x=1 \"quoted", 1))
	if sc.StartHour != 7 {
		t.Errorf("start hour %d, want 7", sc.StartHour)
	}
	mustParse(t, strings.Replace(town(""), "title Test town", `title "Quoted" town # not a comment`, 1))
	pes := parseErrors(t, strings.Replace(town(""), "start hour=6", "start # hour=6", 1))
	if !hasError(pes, 4, "missing") {
		t.Errorf("start # hour=6: want hour missing on line 4 (the rest is a comment); got:\n%v", pes)
	}
	if hasError(pes, 4, "unexpected") {
		t.Errorf("start # hour=6: the comment's words are read; got:\n%v", pes)
	}
}
