package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// ratingPrior returns the rating prior τ, in Elo, a reading command fits the
// games recs with: flagValue when its --prior flag was given on the command
// line of fs, else the prior the games' tournaments were last run with
// ('arena run --prior', recorded with each run), else 0 (none). It also
// says where the prior came from, for the report. Tournaments last run with
// different priors get the largest (the most cautious fit); a tournament
// run before runs recorded their prior counts as run without one.
func ratingPrior(ctx context.Context, q *gameQuery, recs []arena.GameRecord, fs *flag.FlagSet, flagValue float64) (tau float64, source string, err error) {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "prior" })
	if given {
		return flagValue, "--prior", nil
	}
	var ids []string
	for _, g := range recs {
		if !slices.Contains(ids, g.TournamentID) {
			ids = append(ids, g.TournamentID)
		}
	}
	st, err := openExisting(ctx, q.db)
	if err != nil {
		return 0, "", err
	}
	defer st.Close()
	var priors []float64
	for _, id := range ids {
		runs, err := st.Runs(ctx, id)
		if err != nil {
			return 0, "", err
		}
		if n := len(runs); n > 0 && runs[n-1].HasRatingPrior && checkPrior(runs[n-1].RatingPrior) == nil {
			priors = append(priors, runs[n-1].RatingPrior)
		} else {
			priors = append(priors, 0)
		}
	}
	tau = slices.Max(append(priors, 0))
	slices.Sort(priors)
	priors = slices.Compact(priors)
	switch {
	case len(priors) > 1:
		var parts []string
		for _, p := range priors {
			parts = append(parts, strconv.FormatFloat(p, 'g', -1, 64))
		}
		source = fmt.Sprintf("the largest of the priors the tournaments were run with (%s)", strings.Join(parts, ", "))
	case tau > 0:
		source = "the prior the tournament was run with"
	default:
		source = "none recorded"
	}
	return tau, source, nil
}
