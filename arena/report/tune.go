package report

import (
	"math"
	"strconv"
)

// Tune is one knob search of 'arena tune': a scenario's side score between two bots at each
// value of one knob, with the search's intervals and its balanced zone.
type Tune struct {
	// Scenario names the scenario tuned (its file), Knob the knob ("start.hour").
	Scenario, Knob string
	// Bots are the two bots, seat 0's first ("aimer", "aimer-mirror").
	Bots [2]string
	// Side names the side whose score is shown (seat 0, e.g. "lawmen").
	Side string
	// ZoneLo and ZoneHi bound the balanced zone of the side score, fractions in (0, 1).
	ZoneLo, ZoneHi float64
	// Level says what the intervals are ("95% over 10 looks"); shown with the plot.
	Level string
	// Values are the knob's values in the knob's order.
	Values []TuneValue
}

// TuneValue is one value of a tuned knob.
type TuneValue struct {
	// Value is the knob's value as the file writes it.
	Value string
	// Games counts the games played at this value.
	Games int
	// Score is Side's score, a fraction (draws count ½), and Lo, Hi its interval; Score is
	// NaN when no game was played.
	Score, Lo, Hi float64
	// Verdict is the search's verdict: "balanced", "clearly off" or "" (undecided).
	Verdict string
}

// tuneView is one tune's block of the page.
type tuneView struct {
	N                int
	Scenario, Knob   string
	Bots, Zone, Best string
	Plot             plot
}

// tunes lays out the knob searches.
func tunes(ts []Tune) []tuneView {
	var out []tuneView
	for i, t := range ts {
		n := i + 1
		v := tuneView{N: n, Scenario: t.Scenario, Knob: t.Knob, Bots: t.Bots[0] + " against " + t.Bots[1],
			Zone: pct(t.ZoneLo, 0) + " to " + pct(t.ZoneHi, 0), Plot: tunePlot(n, t)}
		best := -1
		for j, x := range t.Values {
			if x.Verdict == "balanced" && (best < 0 || math.Abs(x.Score-0.5) < math.Abs(t.Values[best].Score-0.5)) {
				best = j
			}
		}
		if best >= 0 {
			b := t.Values[best]
			v.Best = "Balanced at " + t.Knob + " = " + b.Value + ": " + t.Side + " " + pct(b.Score, 1) + " " + pctRange(b.Lo, b.Hi) + " over " + plural(b.Games, "game") + "."
		} else {
			v.Best = "No value's interval lies inside the balanced zone yet."
		}
		out = append(out, v)
	}
	return out
}

// tunePlot draws a tune's side score against the knob: one row per value, in the knob's
// order, the dot the score and the line its interval, the balanced zone shaded.
func tunePlot(n int, t Tune) plot {
	id := "tune-plot-" + strconv.Itoa(n)
	p, y := newPlot(id, "tune-plot", "Side score against "+t.Knob+": "+t.Scenario,
		"One row per value of "+t.Knob+": the dot is the score of the "+t.Side+" between "+t.Bots[0]+" and "+t.Bots[1]+
			" (pairs of games with sides swapped, draws counting ½), the line its interval ("+t.Level+
			"). The dashed line is 50%; the shaded zone is the balanced zone.",
		[]legend{{Kind: "dot", Label: "score of the " + t.Side}, {Kind: "interval", Label: "interval (" + t.Level + ")"}, {Kind: "band", Label: "balanced zone"}})
	rows := newShareRows(&p, y, "score of the "+t.Side+" (%)")
	s := rows.s
	p.Ends = [2]string{"← " + t.Side + " lose", t.Side + " win →"}
	top := y
	for _, v := range t.Values {
		verdict := v.Verdict
		if verdict == "" {
			verdict = "undecided"
		}
		rows.add(row{Class: "tune-mark", Name: v.Value, Label: t.Knob + " = " + v.Value,
			Tip: t.Knob + " = " + v.Value + " (" + plural(v.Games, "game") + ", " + verdict + ")"}, v.Score, v.Lo, v.Hi)
	}
	p.finish(rows.y)
	p.Bands = []band{{X0: s.at(t.ZoneLo), X1: s.at(t.ZoneHi), Y0: top - 2, Y1: rows.y + 2}}
	p.Ref = &refLine{X: s.at(0.5)}
	return p
}

// plural returns "1 game" or "n games".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
