package report

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The page's typography: a real minus sign, an em dash for a missing value.
const (
	minus   = "\u2212"
	missing = "—"
)

// num formats x with prec decimals, a real minus sign, "—" for NaN and "∞"
// for infinities.
func num(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return missing
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return minus + "∞"
	}
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-") // no "−0.0"
	}
	return strings.Replace(s, "-", minus, 1)
}

// signed formats x like num with an explicit "+" on positive values, for
// differences such as Elo; zero (after rounding) has no sign.
func signed(x float64, prec int) string {
	s := num(x, prec)
	if x > 0 && strings.Trim(s, "0.") != "" {
		return "+" + s
	}
	return s
}

// pct formats a proportion as a percentage with prec decimals, "—" for NaN.
func pct(p float64, prec int) string {
	if math.IsNaN(p) {
		return missing
	}
	return num(100*p, prec) + "%"
}

// pctRange formats an interval of proportions as "[52.1%, 62.4%]".
func pctRange(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return ""
	}
	return "[" + pct(lo, 1) + ", " + pct(hi, 1) + "]"
}

// eloRange formats an interval of Elo values as "[+30.1, +74.5]".
func eloRange(lo, hi float64) string {
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return ""
	}
	return "[" + signed(lo, 1) + ", " + signed(hi, 1) + "]"
}

// pValue formats a p-value: three decimals, or "< 0.001".
func pValue(p float64) string {
	switch {
	case math.IsNaN(p):
		return missing
	case p < 0.001:
		return "< 0.001"
	}
	return num(p, 3)
}

// px formats an SVG coordinate, in user units, with one decimal.
func px(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// truncate shortens s to at most n runes, ending with "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
