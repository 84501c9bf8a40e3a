package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/env"
)

// runReport writes the HTML report of the stored games.
func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("report", `Write the HTML report of a results database: one self-contained page (no
script, nothing fetched) with the rating table, an error-bar plot, the
likelihood-of-superiority matrix and, per scenario of any number of seats, the
balance block with its plots, its seat table, its endings by kind and its
verdict, the seats named as the game names them (see 'arena balance'), and,
when the database holds the games of 'arena tune', a plot per knob search of the
lawmen's score against the knob's values, with the search's intervals and the
balanced zone shaded. A search is judged as 'arena tune' judges it, at the look
where the tune stops (games of later looks, from a longer search of the same
tournaments, are not counted), so both name the same value and call the same values
degenerate (nearly all draws, or a side that never wins); the same tune command
played on another content or version of the scenario file, or with other versions
of the bots, is a search of its own, never pooled: the newest first, the older
marked superseded. The
ratings are fitted with the prior the tournament was run with ('arena run
--prior', recorded with the run) unless --prior says otherwise. Open it in a
browser.`, stderr)
	var q gameQuery
	q.register(fs)
	out := fs.String("out", "report.html", "write the report to this `file`")
	title := fs.String("title", "", "the page's `title` (default: "+report.DefaultTitle+")")
	sides := fs.String("sides", "", "name the two seats of every two-seat scenario `X,Y` (default: as the game names them, e.g. lawmen,outlaws)")
	margin := fs.Float64("margin", 0.05, "tolerance of the balanced verdict, a `fraction` of a point in (0, 0.5)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo on ratings and side terms (MAP); 0 for none (default: the prior the tournament was run with, else none)")
	replayDir := fs.String("replays", "", "`directory` of the replays written by 'arena run --record' (default: beside the database, <db>-replays)")
	embed := fs.Int("embed-replays", 3, "embed up to this `number` of the games' replays in the page, in a viewer; 0 for none")
	files := fs.String("scenario-files", "", "Flick 'em Up! scenario `files` whose games' replays to embed, comma-separated: a .scn file or a directory of them, as 'arena run --scenarios' named them (the arena knows no designer's file unless told; an edited file fails the replay's check)")
	if err := parse(fs, args); err != nil {
		return err
	}
	names := splitList(*sides)
	switch {
	case *sides != "" && len(names) != 2:
		return fmt.Errorf("report: --sides takes two names, X,Y; got %q", *sides)
	case !(*margin > 0 && *margin < 0.5):
		return fmt.Errorf("report: --margin must lie in (0, 0.5), got %g", *margin)
	case checkPrior(*prior) != nil:
		return fmt.Errorf("report: %w", checkPrior(*prior))
	case *embed < 0 || *embed > maxEmbed:
		return fmt.Errorf("report: --embed-replays must lie in [0, %d], got %d", maxEmbed, *embed)
	case *out == "":
		return errors.New("report: --out is required")
	}
	recs, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	recs, repeats := distinctGames(recs)
	noteRepeats(stdout, repeats)
	gen, err := generation(ctx, &q, recs)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	tau, source, err := ratingPrior(ctx, &q, recs, fs, *prior)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	data := report.Data{Title: *title, Generation: gen, Versions: versions(recs),
		Sides: rating.BalanceConfig{Margin: *margin}}
	if m, err := fitAll(recs, fitConfig(tau)); err != nil {
		data.Notes = append(data.Notes, "No rating table: "+explainFit(err).Error())
	} else {
		data.Model = m
		if tau > 0 {
			data.Notes = append(data.Notes, "The ratings are "+priorText(tau)+": "+source+".")
		}
	}
	if data.Balances, data.SeatBalances, err = balances(recs, seatNames(recs, names), *margin, data.Model); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if data.Tunes, err = tunesOf(ctx, &q, recs); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if *replayDir == "" {
		*replayDir = store.DefaultReplayDir(q.db)
	}
	if *embed > 0 {
		reg, err := newRegistry()
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		if err := registerReplayFiles(reg, *files); err != nil {
			return fmt.Errorf("report: --scenario-files: %w", err)
		}
		warn := func(err error) { fmt.Fprintf(stderr, "report: warning: %v\n", err) }
		sec, ok, err := reportReplays(*replayDir, reg, recs, *embed, warn)
		if err != nil {
			return fmt.Errorf("report: %w", err)
		}
		if ok {
			data.Sections = append(data.Sections, sec)
		}
	}

	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	bw := bufio.NewWriter(f)
	err = report.Write(bw, data)
	if err = errors.Join(err, bw.Flush(), f.Close()); err != nil {
		os.Remove(*out)
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(stdout, "Wrote the report of %s to %s.\n", plural(len(recs), "game"), *out)
	return nil
}

// versions maps each bot to the versions it played the games with, in
// order of first appearance ("1" or "1, 2").
func versions(recs []arena.GameRecord) map[string]string {
	seen := map[string][]string{}
	for _, g := range recs {
		for _, b := range g.Bots {
			if !slices.Contains(seen[b.Name], b.Version) {
				seen[b.Name] = append(seen[b.Name], b.Version)
			}
		}
	}
	out := make(map[string]string, len(seen))
	for n, vs := range seen {
		out[n] = strings.Join(vs, ", ")
	}
	return out
}

// generation describes how the games were produced: the command of the
// last run of each tournament they come from and, for a single
// tournament, its parameters.
func generation(ctx context.Context, q *gameQuery, recs []arena.GameRecord) (report.Generation, error) {
	gen := report.Generation{Time: time.Now().UTC(), Games: len(recs)}
	var ids []string
	for _, g := range recs {
		if !slices.Contains(ids, g.TournamentID) {
			ids = append(ids, g.TournamentID)
		}
	}
	st, err := openExisting(ctx, q.db)
	if err != nil {
		return gen, err
	}
	defer st.Close()
	var commands []string
	for _, id := range ids {
		runs, err := st.Runs(ctx, id)
		if err != nil {
			return gen, err
		}
		if len(runs) > 0 && !slices.Contains(commands, runs[len(runs)-1].Command) {
			commands = append(commands, runs[len(runs)-1].Command)
		}
	}
	gen.Command = strings.Join(commands, "; ")
	if q.describe() != q.db {
		gen.Params = append(gen.Params, report.Param{Key: "games selected", Value: q.describe()})
	}
	if len(ids) != 1 {
		gen.Params = append(gen.Params, report.Param{Key: "tournaments", Value: strconv.Itoa(len(ids))})
		return gen, nil
	}
	all, err := st.Tournaments(ctx)
	if err != nil {
		return gen, err
	}
	for _, t := range all {
		if t.ID != ids[0] {
			continue
		}
		sets := "games in pairs with sides swapped"
		for _, s := range t.Scenarios {
			if s.NumSeats() > 2 {
				sets = "games in rotation sets of k games with the seating rotated (k seats; for two, pairs with sides swapped)"
			}
		}
		kind := string(t.Kind) + ", " + sets
		if t.Kind == arena.Gauntlet {
			kind = "gauntlet of " + t.GauntletBot + ", " + sets
		}
		var bots, scenarios []string
		for _, b := range t.Bots {
			bots = append(bots, arena.SafeBotName(b.Name)+" "+safeVersion(b.Version))
		}
		for _, s := range t.Scenarios {
			scenarios = append(scenarios, arena.RatingScenario(s))
		}
		gen.Params = append(gen.Params,
			report.Param{Key: "tournament", Value: t.ID},
			report.Param{Key: "schedule", Value: kind},
			report.Param{Key: "bots", Value: strings.Join(bots, ", ")},
			report.Param{Key: "scenarios", Value: strings.Join(scenarios, ", ")},
			report.Param{Key: "games per pairing and scenario", Value: strconv.Itoa(t.GamesPerPairing)},
			report.Param{Key: "seed", Value: strconv.FormatUint(t.Seed, 10)},
			report.Param{Key: "games planned", Value: strconv.Itoa(t.Planned)},
		)
	}
	if v := recs[len(recs)-1].ArenaVersion; v != "" {
		gen.Params = append(gen.Params, report.Param{Key: "arena version", Value: v})
	}
	return gen, nil
}

// tunesOf returns the knob searches among the games (see reportTunes).
func tunesOf(ctx context.Context, q *gameQuery, recs []arena.GameRecord) ([]report.Tune, error) {
	st, err := openExisting(ctx, q.db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return reportTunes(ctx, st, recs)
}

// registerReplayFiles registers in reg the Flick 'em Up! scenario files that list names
// (comma-separated .scn files or directories of them), so that their games' replays can be
// checked and shown.
func registerReplayFiles(reg *env.Registry, list string) error {
	var args []scenarioArg
	for _, p := range splitList(list) {
		if !isScenarioPath(p) {
			return fmt.Errorf("%q is neither a .scn file nor a directory", p)
		}
		args = append(args, scenarioArg{name: p})
	}
	_, err := registerScenarioFiles(reg, args)
	return err
}
