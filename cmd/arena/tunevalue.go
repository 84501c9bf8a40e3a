package main

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/flickarena/flickarena/arena"
)

// candidate is one value of the knob being tuned, played by every pair of bots.
type candidate struct {
	value  string // as the file writes it
	id     string // the variant's game id
	ref    *arena.EnvReferee
	runner *arena.Runner
	// runs are the value's pairs of bots, in the order of the --bots flags.
	runs []*pairRun
	// live is false once the value is clearly off.
	live bool
	// verdict is the value's: "balanced" when every pair's is, "clearly off" when any
	// pair's is, else "" (undecided).
	verdict string
}

// pairRun is one pair of bots at one value: its tournament and its side score so far.
type pairRun struct {
	pair    tunePair
	sched   arena.Schedule
	verdict string
	games   int
	// mean, lo and hi are the side score and its interval, in [0, 1]; mean is NaN before
	// any game.
	mean, lo, hi float64
}

// judge returns the value's verdict from its pairs' verdicts: "clearly off" when any
// pair's interval lies wholly outside the zone, "balanced" when every pair's lies inside
// it, else "".
func (c *candidate) judge() string {
	all := true
	for _, r := range c.runs {
		switch r.verdict {
		case "clearly off":
			return "clearly off"
		case "balanced":
		default:
			all = false
		}
	}
	if all && len(c.runs) > 0 {
		return "balanced"
	}
	return ""
}

// spread is the value's largest distance of a pair's side score from 50%, a fraction: the
// search keeps the balanced value whose worst pair is the nearest to even.
func (c *candidate) spread() float64 {
	worst := 0.0
	for _, r := range c.runs {
		worst = math.Max(worst, math.Abs(r.mean-0.5))
	}
	return worst
}

// verdictText says the value's verdict in words, naming the pair that put a value off.
func (c *candidate) verdictText() string {
	switch c.verdict {
	case "balanced":
		return "balanced for every pair"
	case "clearly off":
		for _, r := range c.runs {
			if r.verdict == "clearly off" {
				return "clearly off (" + r.pair.name() + ")"
			}
		}
	}
	return verdictOr(c.verdict)
}

// verdictOr returns the verdict, or "undecided" for none.
func verdictOr(v string) string {
	if v == "" {
		return "undecided"
	}
	return v
}

// measure sets r's side score and interval from the recorded games of the schedule's
// fixtures: the mean of the pairs' side-X scores, ± z standard errors.
func (r *pairRun) measure(ctx context.Context, store *arena.Store, sched arena.Schedule, z float64) error {
	games, err := store.Games(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
	if err != nil {
		return fmt.Errorf("games of %s: %w", r.pair.name(), err)
	}
	want := map[string]bool{}
	for _, f := range sched.Fixtures {
		want[f.Key] = true
	}
	var played []arena.GameRecord
	for _, g := range games {
		if want[g.Key] {
			played = append(played, g)
		}
	}
	r.games = len(played)
	r.mean, r.lo, r.hi = sideScore(pairMeans(played), z)
	return nil
}

// printTuneTable prints the search's table: a row per value, or with several pairs (many)
// a row per value and pair followed by the value's verdict.
func printTuneTable(w io.Writer, cands []*candidate, many bool) {
	score := func(r *pairRun) string {
		if r.games == 0 {
			return fmt.Sprintf("%-27s", "not played")
		}
		return fmt.Sprintf("%5.1f%% [%5.1f%%, %5.1f%%]   ", 100*r.mean, 100*r.lo, 100*r.hi)
	}
	if !many {
		fmt.Fprintf(w, "\n%-10s %6s  %-25s  %s\n", "value", "games", tuneSide+"'s score [interval]", "verdict")
		for _, c := range cands {
			r := c.runs[0]
			fmt.Fprintf(w, "%-10s %6d  %s %s\n", c.value, r.games, score(r), verdictOr(r.verdict))
		}
		return
	}
	fmt.Fprintf(w, "\n%-10s %-36s %6s  %-25s  %s\n", "value", "bots", "games", tuneSide+"'s score [interval]", "verdict")
	for _, c := range cands {
		for _, r := range c.runs {
			fmt.Fprintf(w, "%-10s %-36s %6d  %s %s\n", c.value, r.pair.name(), r.games, score(r), verdictOr(r.verdict))
		}
		fmt.Fprintf(w, "%-10s %-36s %6s  %-27s %s\n", c.value, "(the value)", "", "", c.verdictText())
	}
}
