package report

import (
	"math"
	"strconv"
	"strings"
)

// Tune is one knob search of 'arena tune': a scenario's side score between each pair of
// bots at each value of one knob, with the search's intervals and its balanced zone. A value
// is balanced when every pair's interval lies inside the zone.
type Tune struct {
	// Scenario names the scenario tuned (its file), Knob the knob ("start.hour").
	Scenario, Knob string
	// Pairs are the pairs of bots the search played, each with its values; one curve each.
	Pairs []TunePair
	// Side names the side whose score is shown (seat 0, e.g. "lawmen").
	Side string
	// ZoneLo and ZoneHi bound the balanced zone of the side score, fractions in (0, 1).
	ZoneLo, ZoneHi float64
	// Level says what the intervals are ("95% over 10 looks"); shown with the plot.
	Level string
	// Note says where the search stands ("Judged at look 2 of 10, where the search
	// stopped."); shown under the zone when not empty.
	Note string
	// Superseded is empty for a search that is the newest of its command; for an older one
	// (the same command on another content or version of the file, or on other versions of
	// the bots) it says so, and when it was last played.
	Superseded string
}

// TunePair is one pair of bots of a knob search and its side score at each value.
type TunePair struct {
	// Bots are the two bots, seat 0's first ("aimer", "aimer-mirror").
	Bots [2]string
	// Values are the knob's values in the knob's order.
	Values []TuneValue
}

// name is the pair's label, "aimer against aimer-mirror".
func (p TunePair) name() string { return p.Bots[0] + " against " + p.Bots[1] }

// TuneValue is one value of a tuned knob.
type TuneValue struct {
	// Value is the knob's value as the file writes it.
	Value string
	// Games counts the games played at this value.
	Games int
	// Score is Side's score, a fraction (draws count ½), and Lo, Hi its interval; Score is
	// NaN when no game was played.
	Score, Lo, Hi float64
	// Verdict is the search's verdict: "balanced", "clearly off", "degenerate: " and why
	// (nearly all the games draws, or a side that never wins: never balanced, see 'arena
	// tune -h'), or "" (undecided).
	Verdict string
}

// tuneView is one tune's block of the page.
type tuneView struct {
	N                int
	Scenario, Knob   string
	Bots, Zone, Best string
	Note, Superseded string
	// Verdicts list each pair's verdict at every value, one line per pair.
	Verdicts []string
	Plot     plot
}

// tunes lays out the knob searches.
func tunes(ts []Tune) []tuneView {
	var out []tuneView
	for i, t := range ts {
		n := i + 1
		names := make([]string, len(t.Pairs))
		for j, p := range t.Pairs {
			names[j] = p.name()
		}
		v := tuneView{N: n, Scenario: t.Scenario, Knob: t.Knob, Bots: strings.Join(names, "; "),
			Zone: pct(t.ZoneLo, 0) + " to " + pct(t.ZoneHi, 0), Note: t.Note, Superseded: t.Superseded, Plot: tunePlot(n, t)}
		v.Best = "No value's interval lies inside the balanced zone yet."
		if len(t.Pairs) > 1 {
			v.Best = "No value has every pair's interval inside the balanced zone yet."
		}
		for _, p := range t.Pairs {
			each := make([]string, len(p.Values))
			for k, x := range p.Values {
				verdict := verdictOr(x.Verdict)
				if x.Games == 0 && x.Verdict == "" {
					verdict = "not played"
				}
				each[k] = x.Value + " " + verdict
			}
			line := t.Knob + ": " + strings.Join(each, ", ") + "."
			if len(t.Pairs) > 1 {
				line = p.name() + ": " + line
			}
			v.Verdicts = append(v.Verdicts, line)
		}
		if best, ok := BestTuneValue(t); ok {
			if len(t.Pairs) == 1 {
				b := t.Pairs[0].Values[best]
				v.Best = "Balanced at " + t.Knob + " = " + b.Value + ": " + t.Side + " " + pct(b.Score, 1) + " " + pctRange(b.Lo, b.Hi) + " over " + plural(b.Games, "game") + "."
			} else {
				var each []string
				for _, p := range t.Pairs {
					b := p.Values[best]
					each = append(each, p.name()+" "+pct(b.Score, 1)+" "+pctRange(b.Lo, b.Hi)+" over "+plural(b.Games, "game"))
				}
				v.Best = "Balanced at " + t.Knob + " = " + t.Pairs[0].Values[best].Value + " for every pair: " + t.Side + " " + strings.Join(each, "; ") + "."
			}
		}
		out = append(out, v)
	}
	return out
}

// BestTuneValue is the one rule that picks the value a knob search reports, used by
// 'arena tune' and by the report: among the values balanced for every pair (every pair's
// Verdict "balanced"), the one whose worst pair is the nearest to even, that is the least
// largest |Score − 0.5| over the pairs (a fraction of a point); on a tie, the first in the
// order of the values. It returns the value's index in each pair's Values, and false when no
// value is balanced for every pair (or t has no pairs). The pairs' values are matched by
// index: a value another pair lists at a different index, or not at all, is not balanced.
func BestTuneValue(t Tune) (int, bool) {
	if len(t.Pairs) == 0 {
		return 0, false
	}
	best, bestSpread := -1, math.Inf(1)
	for j, x := range t.Pairs[0].Values {
		spread := 0.0
		for _, p := range t.Pairs {
			if j >= len(p.Values) || p.Values[j].Value != x.Value || p.Values[j].Verdict != "balanced" {
				spread = math.NaN()
				break
			}
			spread = math.Max(spread, math.Abs(p.Values[j].Score-0.5))
		}
		if !math.IsNaN(spread) && spread < bestSpread {
			best, bestSpread = j, spread
		}
	}
	return best, best >= 0
}

// tunePlot draws a tune's side score against the knob: one row per value, in the knob's
// order, the dot the score and the line its interval, the balanced zone shaded; with several
// pairs of bots, one group of rows (one curve) per pair under the pair's name.
func tunePlot(n int, t Tune) plot {
	id := "tune-plot-" + strconv.Itoa(n)
	names := make([]string, len(t.Pairs))
	for j, p := range t.Pairs {
		names[j] = p.Bots[0] + " and " + p.Bots[1]
	}
	desc := "One row per value of " + t.Knob + ": the dot is the score of the " + t.Side + " between " + strings.Join(names, ", or between ") +
		" (pairs of games with sides swapped, draws counting ½), the line its interval (" + t.Level +
		"). The dashed line is 50%; the shaded zone is the balanced zone."
	if len(t.Pairs) > 1 {
		desc += " One group of rows per pair of bots; a value is balanced when every pair's interval lies inside the zone."
	}
	p, y := newPlot(id, "tune-plot", "Side score against "+t.Knob+": "+t.Scenario, desc,
		[]legend{{Kind: "dot", Label: "score of the " + t.Side}, {Kind: "interval", Label: "interval (" + t.Level + ")"}, {Kind: "band", Label: "balanced zone"}})
	rows := newShareRows(&p, y, "score of the "+t.Side+" (%)")
	s := rows.s
	p.Ends = [2]string{"← " + t.Side + " lose", t.Side + " win →"}
	top := y
	for _, pair := range t.Pairs {
		if len(t.Pairs) > 1 {
			rows.group(pair.name())
		}
		for _, v := range pair.Values {
			tip := t.Knob + " = " + v.Value + " (" + plural(v.Games, "game") + ", " + verdictOr(v.Verdict) + ")"
			if len(t.Pairs) > 1 {
				tip = pair.name() + ", " + tip
			}
			// The label is the value alone: the title names the knob, and a long knob name
			// ("building.facing[kind=general-store]") would truncate the value away.
			rows.add(row{Class: "tune-mark", Name: v.Value, Label: v.Value, Tip: tip}, v.Score, v.Lo, v.Hi)
		}
	}
	p.finish(rows.y)
	p.Bands = []band{{X0: s.at(t.ZoneLo), X1: s.at(t.ZoneHi), Y0: top - 2, Y1: rows.y + 2}}
	p.Ref = &refLine{X: s.at(0.5)}
	return p
}

// verdictOr returns a search's verdict, or "undecided" for none.
func verdictOr(v string) string {
	if v == "" {
		return "undecided"
	}
	return v
}

// plural returns "1 game" or "n games".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
