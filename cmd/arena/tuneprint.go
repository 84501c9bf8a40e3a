package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/arena/tune"
)

// tuneSide names the side whose score a tune shows: seat 0, the lawmen (a knob belongs to a
// Flick 'em Up! scenario file).
const tuneSide = "lawmen"

// tuneOtherSide names the side of seat 1 of a tune's games.
const tuneOtherSide = "outlaws"

// pairNames returns the names of the pairs' bots, seat 0's first.
func pairNames(pairs []tunePair) [][2]string {
	names := make([][2]string, len(pairs))
	for i, p := range pairs {
		names[i] = [2]string{p.bots[0].Name(), p.bots[1].Name()}
	}
	return names
}

// printTuneResult prints the search's table and the value found (report.BestTuneValue's
// rule, the report's), or why none is; many when the search has several pairs of bots.
func printTuneResult(w io.Writer, res *tune.Result, many bool) {
	s := res.Search
	printTuneTable(w, res.Candidates, many)
	found, ok := res.Found()
	switch {
	case ok && many:
		fmt.Fprintf(w, "\nBalanced: %s=%s, every pair's interval inside the zone:\n", s.Knob, found.Value)
		for _, r := range found.Runs {
			fmt.Fprintf(w, "  %s: %s's score %.1f%% [%.1f%%, %.1f%%]\n", r.Name(), tuneSide, 100*r.Mean, 100*r.Lo, 100*r.Hi)
		}
	case ok:
		r := found.Runs[0]
		fmt.Fprintf(w, "\nBalanced: %s=%s, %s's score %.1f%% [%.1f%%, %.1f%%] inside the zone.\n",
			s.Knob, found.Value, tuneSide, 100*r.Mean, 100*r.Lo, 100*r.Hi)
	case res.DegenerateValues() != "":
		fmt.Fprintf(w, "\nNo balanced value within %d games per value. Degenerate, never balanced (more than %.0f%% of the games draws, or a side that never wins): %s.\n",
			s.MaxGames, 100*tune.MaxDrawShare, res.DegenerateValues())
	case many:
		fmt.Fprintf(w, "\nNo value has every pair's interval inside the zone within %d games per value and pair.\n", s.MaxGames)
	default:
		fmt.Fprintf(w, "\nNo value's interval lies inside the zone within %d games per value.\n", s.MaxGames)
	}
}

// printTuneTable prints the search's table: a row per value, or with several pairs (many)
// a row per value and pair followed by the value's verdict.
func printTuneTable(w io.Writer, cands []*tune.Candidate, many bool) {
	score := func(r *tune.PairRun) string {
		if r.Games == 0 {
			return fmt.Sprintf("%-27s", "not played")
		}
		return fmt.Sprintf("%5.1f%% [%5.1f%%, %5.1f%%]   ", 100*r.Mean, 100*r.Lo, 100*r.Hi)
	}
	if !many {
		fmt.Fprintf(w, "\n%-10s %6s  %-25s  %s\n", "value", "games", tuneSide+"'s score [interval]", "verdict")
		for _, c := range cands {
			r := c.Runs[0]
			fmt.Fprintf(w, "%-10s %6d  %s %s\n", c.Value, r.Games, score(r), verdictOr(r.VerdictLabel()))
		}
		return
	}
	fmt.Fprintf(w, "\n%-10s %-36s %6s  %-25s  %s\n", "value", "bots", "games", tuneSide+"'s score [interval]", "verdict")
	for _, c := range cands {
		for _, r := range c.Runs {
			fmt.Fprintf(w, "%-10s %-36s %6d  %s %s\n", c.Value, r.Name(), r.Games, score(r), verdictOr(r.VerdictLabel()))
		}
		fmt.Fprintf(w, "%-10s %-36s %6s  %-27s %s\n", c.Value, "(the value)", "", "", c.VerdictText())
	}
}

// verdictOr returns the verdict, or "undecided" for none.
func verdictOr(v string) string {
	if v == "" {
		return "undecided"
	}
	return v
}

// writeTunePage writes the page of the search t to path (report.WriteTunes).
func writeTunePage(path string, t report.Tune) error {
	var b bytes.Buffer
	if err := report.WriteTunes(&b, "Knob search: "+t.Knob+" of "+filepath.Base(t.Scenario), []report.Tune{t}); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write the page: %w", err)
	}
	return nil
}
