package main

import (
	"context"
	"fmt"
	"io"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

// runSPRT runs the sequential probability ratio test between two bots.
func runSPRT(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sprt", `Test whether a bot is stronger than a baseline: the sequential probability
ratio test of H0: Elo = elo0 against H1: Elo = elo1, on the games between the
two bots. Paired games (same scenario and seed, sides swapped) are counted as
pairs (pentanomial), as fishtest does; unpaired games one by one (trinomial).

Example:
  arena sprt --db results.db --bots planner,random --elo0 0 --elo1 5`, stderr)
	var q gameQuery
	q.register(fs)
	bots := fs.String("bots", "", "the tested bot and its baseline, `NEW,BASE`")
	elo0 := fs.Float64("elo0", 0, "Elo of the null hypothesis H0, `Elo`")
	elo1 := fs.Float64("elo1", 5, "Elo of the alternative hypothesis H1, `Elo`, above elo0")
	alpha := fs.Float64("alpha", 0.05, "probability of accepting H1 when H0 holds, in (0, 1)")
	beta := fs.Float64("beta", 0.05, "probability of accepting H0 when H1 holds, in (0, 1)")
	normalized := fs.Bool("normalized", false, "read elo0 and elo1 as normalized Elo instead of logistic Elo")
	if err := parse(fs, args); err != nil {
		return err
	}
	names := splitList(*bots)
	if len(names) != 2 || names[0] == names[1] {
		return fmt.Errorf("sprt: --bots takes two different bots, NEW,BASE; got %q", *bots)
	}
	test := rating.SPRT{Elo0: *elo0, Elo1: *elo1, Alpha: *alpha, Beta: *beta}
	if *normalized {
		test.Scale = rating.Normalized
	}
	if _, err := test.Trinomial(rating.Trinomial{}); err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	q.bots = names
	recs, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	recs, repeats := distinctGames(recs)
	noteRepeats(stdout, repeats)
	a, b := names[0], names[1]
	tri, pent, err := rating.HeadToHead(arena.RatingGames(recs), a, b)
	if err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	if tri.N() == 0 {
		return fmt.Errorf("sprt: no rated games between %s and %s in %s", a, b, q.describe())
	}

	fmt.Fprintf(stdout, "SPRT: is %s stronger than %s?  H0: Elo = %+g, H1: Elo = %+g (%s), alpha %g, beta %g.\n",
		a, b, *elo0, *elo1, test.Scale, *alpha, *beta)
	fmt.Fprintf(stdout, "Games: %d; for %s: %d wins, %d draws, %d losses.\n", tri.N(), a, tri.W, tri.D, tri.L)
	var (
		d     rating.Decision
		stats rating.Stats
	)
	if pent.N() > 0 {
		d, err = test.Pentanomial(pent)
		stats = pent.Stats()
		fmt.Fprintf(stdout, "Pairs: %d; LL %d, LD %d, WL %d, DD %d, WD %d, WW %d (pentanomial model).\n",
			pent.N(), pent.LL, pent.LD, pent.WL, pent.DD, pent.WD, pent.WW)
		if left := tri.N() - 2*pent.N(); left > 0 {
			fmt.Fprintf(stdout, "  %s outside complete pairs not counted by the test.\n", plural(left, "game"))
		}
	} else {
		d, err = test.Trinomial(tri)
		stats = tri.Stats()
		fmt.Fprintln(stdout, "No complete pairs: games counted one by one (trinomial model).")
	}
	if err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	fmt.Fprintf(stdout, "Elo: %+.1f ± %.1f (95%%: [%+.1f, %+.1f]); nElo %+.1f ± %.1f; LOS %.1f%%; draw ratio %.1f%%.\n",
		stats.Elo, stats.Err, stats.Lo, stats.Hi, stats.NElo, stats.NEloErr, 100*stats.LOS, 100*stats.DrawRatio)
	fmt.Fprintf(stdout, "LLR: %+.3f (%.1f%% of the way to a bound); bounds [%+.3f, %+.3f].\n", d.LLR, d.Percent(), d.Lower, d.Upper)
	switch d.Verdict {
	case rating.AcceptH1:
		fmt.Fprintf(stdout, "Verdict: H1 accepted: %s is stronger than %s (Elo %+g rather than %+g).\n", a, b, *elo1, *elo0)
	case rating.AcceptH0:
		fmt.Fprintf(stdout, "Verdict: H0 accepted: %s is not stronger than %s by %+g Elo (Elo %+g rather than %+g).\n", a, b, *elo1, *elo0, *elo1)
	default:
		fmt.Fprintln(stdout, "Verdict: no decision yet: the LLR lies between the bounds; play more games.")
	}
	return nil
}
