package tune

import (
	"regexp"
	"strconv"
	"strings"
)

// slugRE matches what a game id segment may not hold.
var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// VariantID returns the game id of a knob value's variant of the scenario file served as
// fileID, an id ending in "-vN": "flickemup/file/my-town-v9" with start.hour=7 is
// "flickemup/file/my-town/start-hour-7-v9". In the value's segment "-" is written "m" and
// "." "p" (KnobValue reads them back).
func VariantID(fileID, knob, v string) string {
	i := strings.LastIndex(fileID, "-v")
	base, version := fileID[:i], fileID[i+2:]
	val := strings.Trim(slugRE.ReplaceAllString(strings.NewReplacer("-", "m", ".", "p").Replace(strings.ToLower(v)), "-"), "-")
	return base + "/" + slug(knob) + "-" + val + "-v" + version
}

// slug is a knob's name as a game id segment: "start.hour" is "start-hour".
func slug(knob string) string {
	return strings.Trim(slugRE.ReplaceAllString(strings.ToLower(knob), "-"), "-")
}

// KnobValue reads a knob's value back from a variant's game id (see VariantID): the segment
// after the knob's slug, with "m" read as a minus sign and "p" as a decimal point when that
// makes a number; a choice keeps its slug ("lawmen-1" for lawmen:1).
func KnobValue(id, knob string) string {
	slug := slug(knob)
	rest := id
	if i := strings.LastIndex(id, "/"+slug+"-"); i >= 0 {
		rest = id[i+len(slug)+2:]
	}
	if i := strings.LastIndex(rest, "-v"); i >= 0 {
		rest = rest[:i]
	}
	if n := strings.NewReplacer("m", "-", "p", ".").Replace(rest); isNumber(n) {
		return n
	}
	return rest
}

// isNumber reports whether s is a decimal number.
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}
