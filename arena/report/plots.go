package report

import (
	"math"
	"strconv"

	"github.com/flickarena/flickarena/arena/rating"
)

// newPlot starts a plot with its key and returns the y where rows begin.
func newPlot(id, class, title, desc string, keys []legend) (plot, float64) {
	p := plot{
		ID: id, Class: class, Title: title, Desc: desc,
		Width: plotWidth, Left: areaLeft, Right: areaRight,
		LabelX: labelRight, ValueX: valueLeft,
		LegendY: 18,
	}
	x := areaLeft
	for _, k := range keys {
		k.X = x
		p.Legend = append(p.Legend, k)
		x += 40 + 7.2*float64(len([]rune(k.Label))) // symbol, gaps, text at about 7.2 units a character
	}
	p.Top = legendH
	return p, p.Top + 4
}

// finish closes the plot area at y and sets the height.
func (p *plot) finish(y float64) {
	p.Bottom = y + 4
	p.Height = p.Bottom + axisH
}

// eloPlot draws the ratings with their 95% intervals, strongest first.
func eloPlot(m *rating.Model, order []int) plot {
	p, y := newPlot("elo-plot", "elo-plot", "Elo ratings with 95% intervals",
		"One row per bot, strongest first: the dot is the rating in Elo relative to the "+reference(m)+
			", the line its 95% interval.",
		[]legend{{Kind: "dot", Label: "Elo rating"}, {Kind: "interval", Label: "95% interval"}, {Kind: "ref", Label: "reference (0)"}})
	lo, hi := 0.0, 0.0
	for _, b := range m.Bots {
		lo = finiteMin(lo, b.Lo, b.Elo)
		hi = finiteMax(hi, b.Hi, b.Elo)
	}
	pad := 0.04 * (hi - lo)
	s, ticks := niceScale(lo-pad, hi+pad, 8, func(v float64) string { return signed(v, 0) })
	p.Ticks = ticks
	p.AxisLabel = "Elo (logistic scale), relative to the " + reference(m)
	for r, i := range order {
		b := m.Bots[i]
		row := row{
			Class: "elo-mark", Name: b.Name, Y: y + rowHeight/2, Zebra: r%2 == 0,
			Label: truncate(strconv.Itoa(r+1)+". "+b.Name, labelRunes),
			Value: signed(b.Elo, 1) + " " + eloRange(b.Lo, b.Hi),
			Tip:   b.Name + ": " + signed(b.Elo, 1) + " Elo, 95% interval " + eloRange(b.Lo, b.Hi),
		}
		row.interval(s, b.Elo, b.Lo, b.Hi)
		p.Rows = append(p.Rows, row)
		y += rowHeight
	}
	p.finish(y)
	p.Ref = &refLine{X: s.at(0)}
	return p
}

// sideValue returns a scenario's side advantage in Elo with its interval:
// the model's when there is one, else the raw one.
func sideValue(b rating.Balance) (v, lo, hi float64, model bool) {
	if b.HasSide {
		return b.Side.Elo, b.Side.Lo, b.Side.Hi, true
	}
	return b.X.Elo, b.X.Lo, b.X.Hi, false
}

// maxSideElo bounds the side plot's axis, in Elo: a raw advantage can be
// infinite when one side won every game.
const maxSideElo = 800

// sidePlot draws every two-seat scenario's side advantage in Elo with its
// interval, the advantage of seat 0, called x (seat 1 is y).
func sidePlot(balances []rating.Balance, sides rating.BalanceConfig, x, y string) plot {
	zone := rating.Elo(0.5 + sides.Margin)
	p, top0 := newPlot("side-plot", "side-plot", "Side advantage by two-seat scenario",
		"One row per scenario: the dot is "+x+"'s advantage in Elo (positive: "+x+
			" favoured), the line its 95% interval; the shaded zone is the balanced zone.",
		sideKeys(balances, zone))
	lo, hi := -zone, zone
	for _, b := range balances {
		v, l, h, _ := sideValue(b)
		lo = finiteMin(lo, l, v)
		hi = finiteMax(hi, h, v)
	}
	lo, hi = math.Max(lo, -maxSideElo), math.Min(hi, maxSideElo)
	pad := 0.04 * (hi - lo)
	s, ticks := niceScale(lo-pad, hi+pad, 8, func(v float64) string { return signed(v, 0) })
	p.Ticks = ticks
	p.AxisLabel = x + "'s advantage (Elo)"
	p.Ends = [2]string{"← " + y + " favoured", x + " favoured →"}
	top, yy := top0, top0
	for i, b := range balances {
		v, l, h, model := sideValue(b)
		basis := "model"
		if !model {
			basis = "raw"
		}
		row := row{
			Class: "side-mark", Name: b.Scenario, Y: yy + rowHeight/2, Zebra: i%2 == 0,
			Label: truncate(b.Scenario, labelRunes),
			Value: signed(v, 1) + " " + eloRange(l, h),
			Tip:   b.Scenario + ": " + x + " " + signed(v, 1) + " Elo " + eloRange(l, h) + " (" + basis + ")",
		}
		row.Raw = !model
		row.interval(s, v, l, h)
		p.Rows = append(p.Rows, row)
		yy += rowHeight
	}
	p.finish(yy)
	p.Bands = []band{{X0: s.at(-zone), X1: s.at(zone), Y0: top - 2, Y1: yy + 2}}
	p.Ref = &refLine{X: s.at(0)}
	return p
}

// balancePlot draws one two-seat scenario's result rates and scores on a
// 0–100% axis, its seats called x and yName.
func balancePlot(n int, b rating.Balance, x, yName string, margin float64) plot {
	id := "balance-plot-" + strconv.Itoa(n)
	p, y := newPlot(id, "balance-plot", "Results and scores: "+b.Scenario,
		"Share of games won by "+x+", drawn and won by "+yName+" (bars, with 95% Wilson intervals), then "+
			x+"'s score and the first mover's score, draws counting half (dots, with 95% intervals). "+
			"The dashed line is 50%; the shaded zone is the balanced zone.",
		[]legend{
			{Kind: "bar-x", Label: x + " win"},
			{Kind: "bar-draw", Label: "draw"},
			{Kind: "bar-y", Label: yName + " win"},
			{Kind: "dot", Label: "score"},
			{Kind: "interval", Label: "95% interval"},
			{Kind: "band", Label: "balanced zone"},
		})
	rows := newShareRows(&p, y, "share of games / score (%)")
	s := rows.s
	add, group := rows.add, rows.group

	group("Results (share of " + strconv.Itoa(b.Games) + " games)")
	rates := []struct {
		label, class string
		p            rating.Proportion
	}{
		{x + " win", "bar-x", b.XWin},
		{"draw", "bar-draw", b.Draw},
		{yName + " win", "bar-y", b.YWin},
	}
	for _, r := range rates {
		add(row{Class: "rate-mark", Name: r.label, Label: r.label, Bar: true, BarClass: r.class, Origin: s.at(0)},
			r.p.P, r.p.Lo, r.p.Hi)
	}

	group("Scores (draws count ½)")
	top := rows.y
	lo, hi := scoreInterval(b.X)
	add(row{Class: "score-mark", Name: "side-x", Label: x + " score (raw)", Tip: x + "'s score, draws counting ½"}, b.X.Score, lo, hi)
	if b.HasSide {
		add(row{Class: "score-mark", Name: "side-x-model", Label: x + " vs equal bot",
			Tip: x + "'s expected score against an equal bot (model)"}, b.Side.P, b.Side.PLo, b.Side.PHi)
	}
	lo, hi = scoreInterval(b.First)
	add(row{Class: "score-mark", Name: "first-mover", Label: "first mover score", Tip: "the first mover's score, draws counting ½"}, b.First.Score, lo, hi)

	p.finish(rows.y)
	p.Bands = []band{{X0: s.at(0.5 - margin), X1: s.at(0.5 + margin), Y0: top - 2, Y1: rows.y + 2}}
	p.Ref = &refLine{X: s.at(0.5)}
	return p
}

// sideKeys returns the key of the side plot: the kinds of estimate shown,
// the interval and the balanced zone.
func sideKeys(balances []rating.Balance, zone float64) []legend {
	var model, raw bool
	for _, b := range balances {
		model = model || b.HasSide
		raw = raw || !b.HasSide
	}
	var keys []legend
	if model {
		keys = append(keys, legend{Kind: "dot", Label: "model (adjusted for bots)"})
	}
	if raw {
		keys = append(keys, legend{Kind: "raw", Label: "raw score"})
	}
	return append(keys,
		legend{Kind: "interval", Label: "95% interval"},
		legend{Kind: "band", Label: "balanced zone (±" + num(zone, 0) + " Elo)"})
}

// finiteMin returns the least of m and the finite values of vs.
func finiteMin(m float64, vs ...float64) float64 {
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			m = math.Min(m, v)
		}
	}
	return m
}

// finiteMax returns the greatest of m and the finite values of vs.
func finiteMax(m float64, vs ...float64) float64 {
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			m = math.Max(m, v)
		}
	}
	return m
}
