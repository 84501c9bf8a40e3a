package report

import (
	"cmp"
	"math"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena/rating"
)

// seatRow is one line of a scenario's seat table.
type seatRow struct {
	Seat      int    // from 1
	Name      string // as the game names the seat
	Wins      string // with shared wins split
	WinShare  string // with its interval
	Place     string // mean place with its interval
	Points    string // mean points with its interval, or "—"
	Score     string // score against the others with its interval
	Advantage string // adjusted for the bots, or "—"
}

// seatTable lays out the per-seat figures of a scenario.
func seatTable(b rating.SeatBalance) []seatRow {
	var rows []seatRow
	for i, s := range b.Seats {
		r := seatRow{
			Seat:      i + 1,
			Name:      s.Name,
			Wins:      num(s.Wins, 1),
			WinShare:  pct(s.Win.P, 1) + " " + pctRange(s.Win.Lo, s.Win.Hi),
			Place:     estimateText(s.Place, 2, false),
			Points:    estimateText(s.Points, 2, false),
			Score:     estimateText(s.Score, 1, true),
			Advantage: missing,
		}
		if s.HasAdvantage {
			r.Advantage = signed(s.Advantage.Elo, 1) + " Elo " + eloRange(s.Advantage.Lo, s.Advantage.Hi)
		}
		rows = append(rows, r)
	}
	return rows
}

// estimateText formats a mean with its interval, as a percentage when
// percent is set; "—" for a mean of no values.
func estimateText(e rating.Estimate, prec int, percent bool) string {
	if math.IsNaN(e.Mean) {
		return missing
	}
	if percent {
		return pct(e.Mean, prec) + " " + pctRange(e.Lo, e.Hi)
	}
	return num(e.Mean, prec) + " [" + num(e.Lo, prec) + ", " + num(e.Hi, prec) + "]"
}

// seatScenario builds the balance block of a scenario from its per-seat
// statistics only (a scenario of more than two seats).
func seatScenario(n int, b rating.SeatBalance, margin float64) scenarioView {
	plot := seatPlot(n, b, margin)
	v := scenarioView{
		N:           n,
		Name:        b.Scenario,
		Seats:       len(b.Seats),
		Verdict:     cmp.Or(b.Verdict, "no verdict"),
		VerdictKind: verdictKind(b.Verdict),
		SeatPlot:    &plot,
		SeatTable:   seatTable(b),
		Basis: "Verdict from raw results: each seat's score against the other seats, not adjusted for the bots that sat in it" +
			" (the bots rotate through the seats).",
	}
	for _, s := range b.Seats {
		if s.HasAdvantage {
			v.Basis = "Verdict from raw results: each seat's score against the other seats; the table adds each seat's advantage over " +
				b.Seats[0].Name + " adjusted for the bots (model)."
			break
		}
	}
	v.Figures = append(v.Figures,
		item{Key: "Games", Value: strconv.Itoa(b.Games), Note: strconv.Itoa(len(b.Seats)) + " seats"},
		item{Key: "Shared first places", Value: pct(b.SharedFirst.P, 1) + " " + pctRange(b.SharedFirst.Lo, b.SharedFirst.Hi),
			Note: "games whose first place was shared"},
		item{Key: "First mover", Value: estimateText(b.FirstMover, 1, true), Note: "the first mover's score against the others"},
		item{Key: "Game length", Value: "mean " + num(b.MeanTurns, 1) + " turns", Note: "95th percentile " + num(b.P95Turns, 0) + " turns"},
		item{Key: "Endings", Value: pct(b.Completion, 1) + " by the rules",
			Note: pct(b.TurnLimit, 1) + " at the turn limit, " + pct(b.Forfeits, 1) + " by forfeit"},
	)
	v.Figures = append(v.Figures, endingItems(b.Endings)...)
	return v
}

// endingItems lists the endings by kind, each with its details in the note.
func endingItems(ends []rating.Ending) []item {
	var items []item
	for _, e := range ends {
		it := item{Key: "Ended because", Value: pct(e.Share, 1) + " " + e.Kind}
		var details []string
		for _, d := range e.Details {
			details = append(details, pct(d.Share, 1)+" "+detailOf(e.Kind, d.Reason))
		}
		it.Note = strings.Join(details, "; ")
		items = append(items, it)
	}
	return items
}

// detailOf returns reason without its kind when it starts with it ("(3 to
// 1)"), else reason.
func detailOf(kind, reason string) string {
	if rest, ok := strings.CutPrefix(reason, kind); ok && strings.TrimSpace(rest) != "" {
		return strings.TrimSpace(rest)
	}
	return reason
}

// replaceReasons replaces the reasons of a two-seat block's figures by its
// endings grouped by kind.
func replaceReasons(figures []item, ends []rating.Ending) []item {
	var out []item
	done := false
	for _, f := range figures {
		if f.Key != "Ended because" {
			out = append(out, f)
			continue
		}
		if !done {
			out = append(out, endingItems(ends)...)
			done = true
		}
	}
	if !done {
		// No reason was listed: put the endings after the ending shares.
		for i, f := range out {
			if f.Key == "Endings" {
				return append(out[:i+1], append(endingItems(ends), out[i+1:]...)...)
			}
		}
		out = append(out, endingItems(ends)...)
	}
	return out
}

// seatPlot draws one scenario's seats: the share of wins of each (bars,
// with Wilson intervals; 1/N each when even) and the score of each against
// the others (dots, with intervals, against the balanced zone).
func seatPlot(n int, b rating.SeatBalance, margin float64) plot {
	id := "seat-plot-" + strconv.Itoa(n)
	k := len(b.Seats)
	p, y := newPlot(id, "seat-plot", "Seats: "+b.Scenario,
		"Share of games won by each seat (bars, a shared first place split, with 95% Wilson intervals; "+
			pct(1/float64(k), 0)+" each when the seats are even), then each seat's score against the other seats, "+
			"ties counting half (dots, with 95% intervals). The dashed line is 50%; the shaded zone is the balanced zone.",
		[]legend{
			{Kind: "bar-seat", Label: "win share"},
			{Kind: "dot", Label: "score"},
			{Kind: "interval", Label: "95% interval"},
			{Kind: "band", Label: "balanced zone"},
		})
	rows := newShareRows(&p, y, "share of games / score (%)")
	s := rows.s
	add, group := rows.add, rows.group
	group("Wins (share of " + strconv.Itoa(b.Games) + " games)")
	for _, st := range b.Seats {
		add(row{Class: "seat-mark seat-win", Name: st.Name, Label: st.Name + " wins", Bar: true, BarClass: "bar-seat", Origin: s.at(0)},
			st.Win.P, st.Win.Lo, st.Win.Hi)
	}
	group("Score against the other seats (ties count ½)")
	top := rows.y
	for _, st := range b.Seats {
		add(row{Class: "seat-mark seat-score", Name: st.Name, Label: st.Name + " score"}, st.Score.Mean, st.Score.Lo, st.Score.Hi)
	}
	p.finish(rows.y)
	p.Bands = []band{{X0: s.at(0.5 - margin), X1: s.at(0.5 + margin), Y0: top - 2, Y1: rows.y + 2}}
	p.Ref = &refLine{X: s.at(0.5)}
	return p
}
