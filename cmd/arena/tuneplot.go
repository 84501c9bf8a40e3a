package main

import (
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// pairColours are the curves' colours, one per pair of bots in the order of the --bots
// flags (cycled past the sixth).
var pairColours = []string{"#1f5fa8", "#c05a00", "#6a3d9a", "#1b7f5a", "#a8326e", "#555"}

// writeTunePlot writes an HTML page with an SVG plot of the side score against the knob: one
// curve per pair of bots (a dot per value at its score, a line its interval, the dots of
// a pair joined), the balanced zone shaded, and under each value its verdict.
func writeTunePlot(path, knob, file string, cands []*candidate, lo, hi float64) error {
	const w, h, m = 640.0, 380.0, 50.0
	// Numbers on a numeric axis; choices evenly spaced in file order.
	xs := make([]float64, len(cands))
	for i, c := range cands {
		x, err := strconv.ParseFloat(c.value, 64)
		if err != nil {
			for j := range xs {
				xs[j] = float64(j)
			}
			break
		}
		xs[i] = x
	}
	x0, x1 := slices.Min(xs), slices.Max(xs)
	if x1 == x0 {
		x1 = x0 + 1
	}
	npairs := 0
	if len(cands) > 0 {
		npairs = len(cands[0].runs)
	}
	// The pairs' marks at one value sit side by side, 8 px apart, so that intervals don't
	// hide each other.
	offset := func(j int) float64 { return 8 * (float64(j) - float64(npairs-1)/2) }
	px := func(v float64) float64 { return m + (v-x0)/(x1-x0)*(w-2*m) }
	py := func(s float64) float64 { return h - m - 20 - s*(h-2*m-20) }
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><meta charset=utf-8><title>%s</title>\n", html.EscapeString("tune "+knob))
	fmt.Fprintf(&b, "<h1>The lawmen's score against %s</h1><p>%s: the lawmen's points per game between each pair of bots (pairs of games with sides swapped), with the sequential test's interval; one curve per pair of bots; the shaded band is the balanced zone. A value is balanced when every pair's interval lies inside it, clearly off when one pair's lies wholly outside.</p>\n",
		html.EscapeString(knob), html.EscapeString(filepath.Base(file)))
	if npairs > 0 {
		fmt.Fprintf(&b, "<p>")
		for j, r := range cands[0].runs {
			fmt.Fprintf(&b, `<span style="color:%s">&#9679; %s</span> `, pairColours[j%len(pairColours)], html.EscapeString(r.pair.name()))
		}
		fmt.Fprintf(&b, "</p>\n")
	}
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#dfd"/>`+"\n", m, py(hi), w-2*m, py(lo)-py(hi))
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/><line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/>`+"\n",
		m, py(0), w-m, py(0), m, py(1), m, py(0))
	for _, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="end">%.0f%%</text>`+"\n", m-6, py(s)+4, 100*s)
	}
	for i, c := range cands {
		x := px(xs[i])
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", x, py(0)+16, html.EscapeString(c.value))
		colour := "#333"
		switch c.verdict {
		case "balanced":
			colour = "#080"
		case "clearly off":
			colour = "#b00"
		}
		fmt.Fprintf(&b, `<text class="verdict" x="%g" y="%g" text-anchor="middle" fill="%s" font-size="10">%s</text>`+"\n",
			x, py(0)+30, colour, html.EscapeString(verdictOr(c.verdict)))
	}
	for j := range npairs {
		colour := pairColours[j%len(pairColours)]
		var curve []string
		for i, c := range cands {
			r := c.runs[j]
			if r.games == 0 || math.IsNaN(r.mean) {
				continue
			}
			x := px(xs[i]) + offset(j)
			curve = append(curve, fmt.Sprintf("%.1f,%.1f", x, py(r.mean)))
			fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="2"/>`+"\n", x, py(r.lo), x, py(r.hi), colour)
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="4" fill="%s"><title>%s, %s=%s: %.1f%% [%.1f%%, %.1f%%], %d games, %s</title></circle>`+"\n",
				x, py(r.mean), colour, html.EscapeString(r.pair.name()), html.EscapeString(knob), html.EscapeString(c.value),
				100*r.mean, 100*r.lo, 100*r.hi, r.games, verdictOr(r.verdict))
		}
		if len(curve) > 1 {
			fmt.Fprintf(&b, `<polyline class="curve" points="%s" fill="none" stroke="%s" stroke-opacity="0.6"/>`+"\n", strings.Join(curve, " "), colour)
		}
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text></svg>`+"\n", w/2, h-8, html.EscapeString(knob))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write the plot: %w", err)
	}
	return nil
}
