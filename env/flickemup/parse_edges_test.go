package flickemup_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/flickarena/flickarena/env/flickemup"
)

// parseErrors parses text and returns its problems, failing the test if it parses.
func parseErrors(t *testing.T, text string) flickemup.ParseErrors {
	t.Helper()
	_, err := flickemup.Parse("edge.scn", []byte(text))
	var pes flickemup.ParseErrors
	if !errors.As(err, &pes) || len(pes) == 0 {
		t.Fatalf("Parse error %v, want ParseErrors", err)
	}
	return pes
}

// hasError reports whether pes holds a problem at line whose message contains msg.
func hasError(pes flickemup.ParseErrors, line int, msg string) bool {
	for _, e := range pes {
		if e.Line == line && strings.Contains(e.Msg, msg) {
			return true
		}
	}
	return false
}

// TestParse_RefusesBadText checks that invalid UTF-8, NUL, terminal escapes and bidi
// controls in a title or a story are refused on their line (issue 14, item 10).
func TestParse_RefusesBadText(t *testing.T) {
	for _, tc := range []struct{ name, title, msg string }{
		{"bad UTF-8", "Test \xff\xfe town", "not UTF-8"},
		{"NUL", "Test\x00town", "control"},
		{"ANSI escape", "Test \x1b[31mtown\x1b[0m", "control"},
		{"bell", "Test town\a", "control"},
		{"right-to-left override", "Test \u202etown", "format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(town(""), "title Test town", "title "+tc.title, 1)
			pes := parseErrors(t, text)
			if !hasError(pes, 2, tc.msg) {
				t.Errorf("want a problem on line 2 mentioning %q; got:\n%v", tc.msg, pes)
			}
			text = strings.Replace(town(""), "story A town for tests.", "story "+tc.title, 1)
			if pes := parseErrors(t, text); !hasError(pes, 3, tc.msg) {
				t.Errorf("story: want a problem on line 3 mentioning %q; got:\n%v", tc.msg, pes)
			}
		})
	}
	// Tabs and non-ASCII letters stay allowed.
	mustParse(t, strings.Replace(town(""), "title Test town", "title\tTést töwn — ok", 1))
}

// TestParse_AcceptsBOM checks that a leading UTF-8 byte order mark is skipped, and that one
// anywhere else is refused.
func TestParse_AcceptsBOM(t *testing.T) {
	sc := mustParse(t, "\uFEFF"+town(""))
	if sc.Name != "test" {
		t.Errorf("name %q, want test", sc.Name)
	}
	pes := parseErrors(t, "\uFEFF\uFEFF"+town(""))
	if !hasError(pes, 1, "format") {
		t.Errorf("a second byte order mark: want a problem on line 1; got:\n%v", pes)
	}
}

// TestParse_QuotesJunk checks that nothing from the file reaches the messages raw: no
// control or format character appears in the error text, whatever the junk.
func TestParse_QuotesJunk(t *testing.T) {
	for _, junk := range []string{
		"\x1b]0;pwned\x07horse x=1",
		"start hour=6 \x1b[2J=1",
		"hor\u202ese x=1",
		"start hour=6 ho\u202eur=1",
		"start hour=6 \u00e9t\u00e9=1 \u00e9t\u00e9=2",
		"\xff\xfe x=1",
	} {
		text := strings.Replace(town(""), "start hour=6", junk, 1)
		pes := parseErrors(t, text)
		msg := pes.Error()
		for _, r := range msg {
			if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == 0xFFFD) {
				t.Errorf("junk %q: message carries %q raw:\n%s", junk, r, msg)
				break
			}
		}
		if !hasError(pes, 4, "") {
			t.Errorf("junk %q: no problem on line 4:\n%s", junk, msg)
		}
	}
	// A junk name that is printable but no name is quoted too.
	pes := parseErrors(t, strings.Replace(town(""), "start hour=6", "start hour=6\nhorse/shoe x=1", 1))
	if !strings.Contains(pes.Error(), `"horse/shoe"`) {
		t.Errorf("unknown directive not quoted:\n%s", pes)
	}
}

// TestParse_LongLines checks that a line beyond MaxLineBytes is refused on its own line (the
// old scanner reported it one line early, and only from 1 MiB), that later lines keep their
// numbers, and that a file beyond MaxFileBytes is refused whole.
func TestParse_LongLines(t *testing.T) {
	long := "story " + strings.Repeat("x", flickemup.MaxLineBytes)
	text := strings.Replace(town(""), "start hour=6", long+"\nstart hour=12", 1)
	pes := parseErrors(t, text)
	if !hasError(pes, 4, "a line is at most") {
		t.Errorf("want the long line refused on line 4; got:\n%v", pes)
	}
	if !hasError(pes, 5, "out of range") {
		t.Errorf("want the hour refused on line 5; got:\n%v", pes)
	}
	// Just at the limit is fine.
	ok := "story " + strings.Repeat("x", flickemup.MaxLineBytes-len("story "))
	mustParse(t, strings.Replace(town(""), "start hour=6", ok+"\nstart hour=6", 1))

	huge := town("") + strings.Repeat("# padding\n", flickemup.MaxFileBytes/10)
	pes = parseErrors(t, huge)
	if len(pes) != 1 || !strings.Contains(pes[0].Msg, "at most") || pes[0].Field != "file" {
		t.Errorf("huge file: want one file-size problem, got:\n%v", pes)
	}
	// Two megabytes on line 3, as the attack: reported on line 3 (through the file cap).
	path := filepath.Join(t.TempDir(), "big.scn")
	if err := os.WriteFile(path, []byte("scenario big\ntitle Big\nstory "+strings.Repeat("y", 2<<20)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	errs := flickemup.ValidateFile(path)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "a scenario file is at most") {
		t.Errorf("2 MB file: %v", errs)
	}
}

// TestParseFile_Device checks that ParseFile refuses an endless device, not a regular file,
// rather than reading it.
func TestParseFile_Device(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	errs := flickemup.ValidateFile("/dev/zero")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "/dev/zero: not a regular file (a character device)") {
		t.Errorf("/dev/zero: %v", errs)
	}
}

// TestParse_CauseFirst checks that a problem that follows from a refused line is listed after
// that line's own problem and names it, even when it stands earlier in the file.
func TestParse_CauseFirst(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		cause, effect  string // text of the refused line and of the line referring to it
		field          string
	}{
		{"initiative", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3", "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=three",
			"hp=three", "initiative", "initiative.cowboy"},
		{"building", "building kind=saloon x=20 y=45 facing=0 door=6 depth=10", "token kind=gold in=saloon\nbuilding kind=saloon x=20 y=45 facing=0 door=60 depth=10",
			"door=60", "in=saloon", "token.in"},
		{"token count", "start hour=6", "start hour=6\nvictory tokens team=lawmen kind=gold count=2 in=saloon\ntoken kind=gold in=saloon count=2 face=sideways",
			"face=sideways", "victory tokens", "victory.count"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(town(""), tc.old, tc.new, 1)
			lineOf := func(sub string) int { return strings.Count(text[:strings.Index(text, sub)], "\n") + 1 }
			cause, effect := lineOf(tc.cause), lineOf(tc.effect)
			if effect >= cause {
				t.Fatalf("test bug: the effect (line %d) must stand before its cause (line %d)", effect, cause)
			}
			pes := parseErrors(t, text)
			ic, ie := -1, -1
			for i, e := range pes {
				if e.Line == cause && ic < 0 {
					ic = i
				}
				if e.Line == effect && e.Field == tc.field {
					ie = i
					if e.Cause != cause || !strings.Contains(e.Msg, "line "+strconv.Itoa(cause)) {
						t.Errorf("effect %v: want cause line %d named", e, cause)
					}
				}
			}
			if ic < 0 || ie < 0 || ie < ic {
				t.Errorf("want the problem of line %d listed before the one of line %d it causes; got:\n%v", cause, effect, pes)
			}
		})
	}
}
