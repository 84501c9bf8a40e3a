package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/arena/store"
)

// candidate is one value of the knob being tuned, played by every pair of bots.
type candidate struct {
	value string // as the file writes it
	id    string // the variant's game id
	ref   *arena.EnvReferee
	// runs are the value's pairs of bots, in the order of the --bots flags.
	runs []*pairRun
	// live is false once the value is clearly off or degenerate.
	live bool
	// verdict is the value's: "clearly off" when any pair's is, else "degenerate" when any
	// pair's is, "balanced" when every pair's is, else "" (undecided).
	verdict string
}

// pairRun is one pair of bots at one value: its tournament and its side score so far.
type pairRun struct {
	pair    tunePair
	sched   arena.Schedule
	runner  *arena.Runner // its runs labelled with the search, knob, value and pair (tuneLabels)
	verdict string
	games   int
	// mean, lo and hi are the side score and its interval, in [0, 1]; mean is NaN before
	// any game.
	mean, lo, hi float64
	// tally counts the games by result, for the degenerate rule (tunedegenerate.go).
	tally tally
}

// count sets r's games, side score, interval (z standard errors either way) and tally from
// the games played.
func (r *pairRun) count(played []arena.GameRecord, z float64) {
	r.games = len(played)
	r.mean, r.lo, r.hi = sideScore(pairMeans(played), z)
	r.tally = tallyOf(played)
}

// judge returns the value's verdict from its pairs' verdicts: "clearly off" when any
// pair's interval lies wholly outside the zone, else "degenerate" when any pair's games are
// degenerate (tunedegenerate.go), "balanced" when every pair's interval lies inside the zone,
// else "".
func (c *candidate) judge() string {
	all, degenerate := true, false
	for _, r := range c.runs {
		switch r.verdict {
		case "clearly off":
			return "clearly off"
		case tuneDegenerate:
			degenerate = true
		case "balanced":
		default:
			all = false
		}
	}
	switch {
	case degenerate:
		return tuneDegenerate
	case all && len(c.runs) > 0:
		return "balanced"
	}
	return ""
}

// tuneOf returns the search so far as the report shows it: the scenario file, the knob, a
// pair per name in names (seat 0's bot first; the candidates' runs in the same order) with a
// value per candidate (in the knob's order; a value the pair did not play has no games and a
// NaN score), the zone [lo, hi] and the level of the intervals over looks looks.
func tuneOf(file, knob string, names [][2]string, cands []*candidate, lo, hi float64, looks int) report.Tune {
	t := report.Tune{Scenario: file, Knob: knob, Side: tuneSide, ZoneLo: lo, ZoneHi: hi, Level: tuneLevel(looks)}
	for j, name := range names {
		p := report.TunePair{Bots: name}
		for _, c := range cands {
			r := c.runs[j]
			v := report.TuneValue{Value: c.value, Games: r.games, Score: r.mean, Lo: r.lo, Hi: r.hi, Verdict: r.verdictLabel()}
			if r.games == 0 {
				v.Score, v.Lo, v.Hi = math.NaN(), math.NaN(), math.NaN()
			}
			p.Values = append(p.Values, v)
		}
		t.Pairs = append(t.Pairs, p)
	}
	return t
}

// pairNames returns the names of the pairs' bots, seat 0's first.
func pairNames(pairs []tunePair) [][2]string {
	names := make([][2]string, len(pairs))
	for i, p := range pairs {
		names[i] = [2]string{p.bots[0].Name(), p.bots[1].Name()}
	}
	return names
}

// tuneLevel says what a search's intervals are: "95% over 10 looks, z = 2.81".
func tuneLevel(looks int) string {
	return "95% over " + plural(looks, "look") + ", z = " + strconv.FormatFloat(lookZ(looks), 'f', 2, 64)
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

// verdictText says the value's verdict in words, naming the pair that put a value off.
func (c *candidate) verdictText() string {
	switch c.verdict {
	case "balanced":
		return "balanced for every pair"
	case "clearly off", tuneDegenerate:
		for _, r := range c.runs {
			if r.verdict == c.verdict {
				return r.verdictLabel() + " (" + r.pair.name() + ")"
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
// fixtures: the mean of the pairs' side-X scores, ± z standard errors. A malformed game
// is left out with a warning on warn.
func (r *pairRun) measure(ctx context.Context, st *store.Store, sched arena.Schedule, z float64, warn io.Writer) error {
	list, err := st.ReadGames(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
	if err != nil {
		return fmt.Errorf("games of %s: %w", r.pair.name(), err)
	}
	warnSkipped(warn, list.Skipped)
	games := list.Games
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
	r.count(played, z)
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
			fmt.Fprintf(w, "%-10s %6d  %s %s\n", c.value, r.games, score(r), verdictOr(r.verdictLabel()))
		}
		return
	}
	fmt.Fprintf(w, "\n%-10s %-36s %6s  %-25s  %s\n", "value", "bots", "games", tuneSide+"'s score [interval]", "verdict")
	for _, c := range cands {
		for _, r := range c.runs {
			fmt.Fprintf(w, "%-10s %-36s %6d  %s %s\n", c.value, r.pair.name(), r.games, score(r), verdictOr(r.verdictLabel()))
		}
		fmt.Fprintf(w, "%-10s %-36s %6s  %-27s %s\n", c.value, "(the value)", "", "", c.verdictText())
	}
}
