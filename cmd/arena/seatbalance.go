package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/env"
)

// seatNames returns the names of the seats of the games' scenarios, by rating
// name ("showdown-v1": lawmen, outlaws): as recorded with the games'
// tournament (arena.Scenario.SeatNames, written by every run since the
// store's schema 4, so a scenario played from a file keeps its lawmen and
// outlaws), else as the game declares them when this build can set the
// scenario up (env.SeatNames: "player 1".."player N" for a game that
// declares none); a scenario with neither (a file played by an older arena)
// is left out, its seats then players too. sides, when it holds two names,
// overrides the names of every two-seat scenario (--sides).
func seatNames(recs []arena.GameRecord, sides []string) map[string][]string {
	out := map[string][]string{}
	for _, g := range recs {
		name := arena.RatingScenario(g.Scenario)
		if _, done := out[name]; done {
			continue
		}
		switch {
		case len(sides) == 2 && g.Seats() == 2:
			out[name] = sides
		case len(g.Scenario.SeatNames) == g.Seats():
			out[name] = g.Scenario.SeatNames
		}
	}
	var reg *env.Registry
	var cat catalogue
	for _, g := range recs {
		name := arena.RatingScenario(g.Scenario)
		if _, done := out[name]; done {
			continue
		}
		out[name] = nil
		if reg == nil {
			var err error
			if reg, err = newRegistry(); err != nil {
				return out
			}
			cat = newCatalogue(reg)
		}
		a, err := parseScenario(g.Scenario.ID)
		if err != nil {
			continue
		}
		_, setup, err := cat.resolveArg(a)
		if err != nil {
			continue
		}
		game, err := reg.New(setup.Game, setup.Options)
		if err != nil {
			continue
		}
		if names := env.SeatNames(game); len(names) == g.Seats() {
			out[name] = names
		}
	}
	return out
}

// twoSeatNames returns the names of the two seats of scenario, from names,
// or "player 1" and "player 2" as for a game that names none.
func twoSeatNames(names map[string][]string, scenario string) (x, y string) {
	n := names[scenario]
	if len(n) != 2 {
		n = env.DefaultSeatNames(2)
	}
	return n[0], n[1]
}

// printSeatBalance prints the per-seat block of one scenario: a table of the
// seats, the endings by kind and, for games of more than two seats, the
// scenario's figures and verdict (a two-seat scenario has them in its
// two-seat block).
func printSeatBalance(w io.Writer, b rating.SeatBalance) {
	k := len(b.Seats)
	if k != 2 {
		fmt.Fprintf(w, "%s: %s of %d seats\n", b.Scenario, plural(b.Games, "game"), k)
	}
	width := len("seat")
	for _, s := range b.Seats {
		width = max(width, len(s.Name))
	}
	fmt.Fprintf(w, "  %-*s  %6s  %-22s  %-18s  %-22s  %s\n", width, "seat", "wins", "win share", "mean place", "mean points", "score against the others")
	for _, s := range b.Seats {
		fmt.Fprintf(w, "  %-*s  %6.1f  %-22s  %-18s  %-22s  %s\n", width, s.Name, s.Wins, prop(s.Win),
			estimate(s.Place, 2, false), estimate(s.Points, 2, false), estimate(s.Score, 1, true))
	}
	if k != 2 {
		fmt.Fprintf(w, "  shared first places %s; first mover's score against the others %s\n",
			prop(b.SharedFirst), estimate(b.FirstMover, 1, true))
		fmt.Fprintf(w, "  ends: %.1f%% by the rules, %.1f%% at the turn limit, %.1f%% by forfeit\n",
			100*b.Completion, 100*b.TurnLimit, 100*b.Forfeits)
	}
	printEndings(w, b.Endings)
	if k == 2 {
		return
	}
	if !math.IsNaN(b.MeanTurns) {
		fmt.Fprintf(w, "  length: mean %.1f turns, 95th percentile %.0f\n", b.MeanTurns, b.P95Turns)
	}
	for _, s := range b.Seats {
		if s.HasAdvantage {
			a := s.Advantage
			fmt.Fprintf(w, "  %s's advantage over %s adjusted for the bots: %+.1f Elo [%+.1f, %+.1f]; ahead of it %.1f%% [%.1f%%, %.1f%%] between equal bots\n",
				s.Name, b.Seats[0].Name, a.Elo, a.Lo, a.Hi, 100*a.P, 100*a.PLo, 100*a.PHi)
		}
	}
	fmt.Fprintf(w, "  verdict: %s\n", b.Verdict)
}

// printEndings prints how the games that ended by the rules ended, by kind,
// with each kind's details under it.
func printEndings(w io.Writer, ends []rating.Ending) {
	if len(ends) > 0 {
		fmt.Fprintln(w, "  how the games ended by the rules, by kind (share of all games):")
	}
	for _, e := range ends {
		fmt.Fprintf(w, "    %5.1f%%  %s\n", 100*e.Share, e.Kind)
		for _, d := range e.Details {
			fmt.Fprintf(w, "             %5.1f%%  %s\n", 100*d.Share, detail(e.Kind, d.Reason))
		}
	}
}

// detail returns reason without its kind when it starts with it ("(3 to 1)"
// for "noon: ... (3 to 1)" of kind "noon: ..."), else reason.
func detail(kind, reason string) string {
	if rest, ok := strings.CutPrefix(reason, kind); ok && strings.TrimSpace(rest) != "" {
		return strings.TrimSpace(rest)
	}
	return reason
}

// estimate formats a mean and its interval: "1.85 [1.65, 2.05]", or as
// percentages "57.5% [50.0%, 65.0%]"; "—" for a mean of no values.
func estimate(e rating.Estimate, decimals int, percent bool) string {
	if math.IsNaN(e.Mean) {
		return "—"
	}
	if percent {
		return fmt.Sprintf("%.*f%% [%.*f%%, %.*f%%]", decimals, 100*e.Mean, decimals, 100*e.Lo, decimals, 100*e.Hi)
	}
	return fmt.Sprintf("%.*f [%.*f, %.*f]", decimals, e.Mean, decimals, e.Lo, decimals, e.Hi)
}

// balances returns the balance statistics of the games' scenarios: per seat
// for every scenario (rating.SeatBalances) and, for the two-seat scenarios,
// the two-seat statistics (rating.Balances), each verdict naming the seats as
// names does. model, when it is not nil, is the joint model of recs
// (fitAll): it gives the side advantage of the two-seat scenarios and the
// seat advantages of the others, adjusted for the bots.
func balances(recs []arena.GameRecord, names map[string][]string, margin float64, model *rating.Model) ([]rating.Balance, []rating.SeatBalance, error) {
	cfg := rating.SeatBalanceConfig{Names: names, Margin: margin}
	switch {
	case model != nil && model.Seats != nil:
		cfg.Advantages = model
	case model != nil:
		cfg.Advantages = sideSeats{model}
	}
	seats, err := rating.SeatBalances(arena.SeatGames(recs), cfg)
	if err != nil {
		return nil, nil, err
	}
	games := arena.RatingGames(recs)
	if len(games) == 0 {
		return nil, seats, nil
	}
	two, err := rating.Balances(games, model, rating.BalanceConfig{Margin: margin})
	if err != nil {
		return nil, nil, err
	}
	// The verdicts name the sides: each scenario's in its own words (Holm's
	// adjustment stays the one over every scenario).
	byScenario := map[string][]rating.Game{}
	for _, g := range games {
		byScenario[g.Scenario] = append(byScenario[g.Scenario], g)
	}
	for i, b := range two {
		x, y := twoSeatNames(names, b.Scenario)
		one, err := rating.Balances(byScenario[b.Scenario], model, rating.BalanceConfig{SideX: x, SideY: y, Margin: margin})
		if err != nil {
			return nil, nil, err
		}
		two[i].Verdict = one[0].Verdict
	}
	return two, seats, nil
}

// sideSeats gives the side terms of a two-seat model (rating.Fit) as seat
// terms: seat 1's advantage over seat 0 is minus side X's, and its score
// against seat 0 between equal bots one minus X's (as rating.FitRankings
// reads a two-seat scenario).
type sideSeats struct{ m *rating.Model }

// SeatAdvantage implements rating.SeatAdvantager.
func (s sideSeats) SeatAdvantage(scenario string, seat int) (rating.Advantage, bool) {
	a, ok := s.m.Side(scenario)
	if !ok || seat != 1 {
		return rating.Advantage{}, false
	}
	return rating.Advantage{Scenario: scenario, Seat: 1, Elo: -a.Elo, SE: a.SE, Lo: -a.Hi, Hi: -a.Lo,
		P: 1 - a.P, PLo: 1 - a.PHi, PHi: 1 - a.PLo, Games: a.Games}, true
}
