package report

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"num", num(-12.345, 1), "−12.3"},
		{"numNoNegativeZero", num(-0.04, 1), "0.0"},
		{"numNaN", num(nan, 1), "—"},
		{"numInf", num(-inf, 1), "−∞"},
		{"signedPositive", signed(52.65, 1), "+52.6"}, // 52.65 is 52.649999… in binary
		{"signedNegative", signed(-3, 0), "−3"},
		{"signedZero", signed(0.04, 1), "0.0"},
		{"signedInf", signed(inf, 1), "+∞"},
		{"pct", pct(0.5734, 1), "57.3%"},
		{"pctNaN", pct(nan, 1), "—"},
		{"pctRange", pctRange(0.521, 0.624), "[52.1%, 62.4%]"},
		{"eloRange", eloRange(-20.06, 74.5), "[−20.1, +74.5]"},
		{"eloRangeNaN", eloRange(nan, 1), ""},
		{"pValue", pValue(0.01234), "0.012"},
		{"pValueSmall", pValue(1e-7), "< 0.001"},
		{"truncateShort", truncate("greedy", 6), "greedy"},
		{"truncateLong", truncate("sharpshooter", 6), "sharp…"},
		{"truncateRunes", truncate("ééééééé", 4), "ééé…"},
		{"losText", losText(0.64), "64"},
		{"losTextHigh", losText(0.9951), ">99"},
		{"losTextOne", losText(1), ">99"},
		{"losTextLow", losText(0), "<1"},
		{"losPct", losPct(0.99949), "99.9%"},
		{"losPctHigh", losPct(1), ">99.9%"},
		{"losPctLow", losPct(0.0001), "<0.1%"},
		{"verdictBalanced", verdictKind("balanced: side X 51% ± 2%"), "balanced"},
		{"verdictFavoured", verdictKind("outlaws favoured: 59% ± 7%"), "favoured"},
		{"verdictUndecided", verdictKind("undecided: side X 47% ± 6%, more games needed"), "undecided"},
		{"verdictNone", verdictKind("no games"), "none"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestNiceScale(t *testing.T) {
	tests := []struct {
		name           string
		lo, hi         float64
		target         int
		wantLo, wantHi float64
		wantTicks      []string
	}{
		{"Elo", -199.3, 143.8, 8, -200, 150, []string{"−200", "−150", "−100", "−50", "0", "+50", "+100", "+150"}},
		{"Percent", 0, 1, 10, 0, 1, []string{"0", "+0.1", "+0.2", "+0.3", "+0.4", "+0.5", "+0.6", "+0.7", "+0.8", "+0.9", "+1"}},
		{"Small", -0.3, 0.7, 4, -0.5, 1, []string{"−0.5", "0", "+0.5", "+1"}},
		{"Empty", 5, 5, 4, 4, 6, []string{"+4", "+4.5", "+5", "+5.5", "+6"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ticks := niceScale(tt.lo, tt.hi, tt.target, func(v float64) string { return signed(v, 1) })
			if math.Abs(s.lo-tt.wantLo) > 1e-9 || math.Abs(s.hi-tt.wantHi) > 1e-9 {
				t.Errorf("domain [%v, %v], want [%v, %v]", s.lo, s.hi, tt.wantLo, tt.wantHi)
			}
			if len(ticks) != len(tt.wantTicks) {
				t.Fatalf("%d ticks, want %d", len(ticks), len(tt.wantTicks))
			}
			for i, tk := range ticks {
				want := tt.wantTicks[i]
				if got := trimZero(tk.Label); got != want {
					t.Errorf("tick %d = %q, want %q", i, got, want)
				}
			}
			if ticks[0].X != areaLeft || ticks[len(ticks)-1].X != areaRight {
				t.Errorf("ticks span [%v, %v], want the plot area [%v, %v]", ticks[0].X, ticks[len(ticks)-1].X, areaLeft, areaRight)
			}
		})
	}
}

// trimZero drops a ".0" ending, so that the table can write whole ticks
// plainly.
func trimZero(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}

func TestRowInterval(t *testing.T) {
	s := scale{lo: 0, hi: 100}
	var r row
	r.interval(s, 50, -10, math.Inf(1))
	if !r.ClipLo || !r.ClipHi || r.X0 != areaLeft || r.X1 != areaRight || r.Missing {
		t.Errorf("clipped interval: %+v", r)
	}
	r = row{}
	r.interval(s, math.NaN(), 0, 1)
	if !r.Missing {
		t.Error("NaN value not marked missing")
	}
}

func TestLOSColor(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{
		{0, losLow.hex()},
		{0.5, losMid.hex()},
		{1, losHigh.hex()},
		{math.NaN(), losDiag.hex()},
	}
	for _, tt := range tests {
		if got := losColor(tt.p).hex(); got != tt.want {
			t.Errorf("losColor(%v) = %s, want %s", tt.p, got, tt.want)
		}
	}
}
