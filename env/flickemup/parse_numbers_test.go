package flickemup_test

import (
	"strings"
	"testing"
)

// TestParse_DecimalNumbersOnly checks that the numbers of a scenario file are decimal digits
// with an optional leading '-' and, but for integers, an optional fraction: hexadecimal,
// underscores, exponents, '+', a bare point and infinities are refused on their line (issue
// 35: "0x1Dp0" and "2_9" parsed as 29), and the numbers of our files still parse.
func TestParse_DecimalNumbersOnly(t *testing.T) {
	const cowboy = "cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3"
	for _, bad := range []string{"0x1Dp0", "2_9", "+40", "4e1", "40.", ".5", "Inf", "NaN", "0x28", "4_0.0", "--40", "40,0"} {
		t.Run("x="+bad, func(t *testing.T) {
			text := strings.Replace(town(""), cowboy, strings.Replace(cowboy, "x=40", "x="+bad, 1), 1)
			if pes := parseErrors(t, text); !hasError(pes, 8, "is not a number") {
				t.Errorf("x=%s: want a problem on line 8; got:\n%v", bad, pes)
			}
		})
	}
	for _, bad := range []string{"+3", "0x3", "3_0", "3e0", "3.0", " 3"} {
		t.Run("hp="+bad, func(t *testing.T) {
			text := strings.Replace(town(""), cowboy, strings.Replace(cowboy, "hp=3", "hp="+bad, 1), 1)
			if pes := parseErrors(t, text); !hasError(pes, 8, "is not an integer") {
				t.Errorf("hp=%s: want a problem on line 8; got:\n%v", bad, pes)
			}
		})
	}
	for _, bad := range []string{"lawmen:01", "lawmen:+1", "lawmen:1.0"} {
		t.Run("id="+bad, func(t *testing.T) {
			text := strings.Replace(town(""), cowboy, strings.Replace(cowboy, "lawmen:1", bad, 1), 1)
			if pes := parseErrors(t, text); !hasError(pes, 8, "want lawmen:1 to outlaws:5") {
				t.Errorf("id=%s: want a problem on line 8; got:\n%v", bad, pes)
			}
		})
	}
	for _, bad := range []string{".5..3", "1..2.", "0x1..3", "1..3:+1", "1e0..3", "5...6"} {
		t.Run("tune "+bad, func(t *testing.T) {
			pes := parseErrors(t, town("", "tune cowboy id=lawmen:1 x="+bad))
			if !hasError(pes, 10, "range") {
				t.Errorf("range %s: want a problem on line 10; got:\n%v", bad, pes)
			}
		})
	}
	sc := mustParse(t, strings.Replace(town(""), cowboy, "cowboy id=lawmen:1 x=40.25 y=020 facing=-90.5 hp=3", 1))
	if c := sc.Cowboys[0]; c.Pos.X != 40.25 || c.Pos.Y != 20 {
		t.Errorf("lawmen:1 at %v, want (40.25, 20)", c.Pos)
	}
}
