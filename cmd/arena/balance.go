package main

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

// runBalance prints the balance statistics of each scenario.
func runBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("balance", `Say, for each scenario of a results database, whether its two sides are
balanced: win and draw rates with 95% Wilson intervals, an exact binomial test
(Holm-adjusted over the scenarios), the first mover's score, how games ended
(with the share of each reason the game gave, as "the lawmen held out until
noon") and how long they lasted, and the side advantage adjusted for the
strength of the bots that played it (from the joint rating model, when it can
be fitted). The verdict calls a scenario balanced when side X's expected score
between equal bots lies within 50% ± the margin.`, stderr)
	var q gameQuery
	q.register(fs)
	sides := fs.String("sides", "side X,side Y", "the names of the two sides, `X,Y`, as the verdicts say them")
	margin := fs.Float64("margin", 0.05, "tolerance of the balanced verdict, a `fraction` of a point in (0, 0.5)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo for the model-based advantage; 0 for none")
	if err := parse(fs, args); err != nil {
		return err
	}
	names := splitList(*sides)
	switch {
	case len(names) != 2:
		return fmt.Errorf("balance: --sides takes two names, X,Y; got %q", *sides)
	case !(*margin > 0 && *margin < 0.5):
		return fmt.Errorf("balance: --margin must lie in (0, 0.5), got %g", *margin)
	case checkPrior(*prior) != nil:
		return fmt.Errorf("balance: %w", checkPrior(*prior))
	}
	recs, err := q.load(ctx)
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	if recs, err = twoSeatGames(stdout, recs); err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	games := arena.RatingGames(recs)
	model, fitErr := rating.Fit(games, fitConfig(*prior))
	cfg := rating.BalanceConfig{SideX: names[0], SideY: names[1], Margin: *margin}
	bals, err := rating.Balances(games, model, cfg)
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	if fitErr != nil {
		fmt.Fprintf(stdout, "The side advantage is not adjusted for the bots (raw scores only): %v\n\n", explainFit(fitErr))
	}
	for i, b := range bals {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printBalance(stdout, b, cfg)
	}
	return nil
}

// printBalance prints the balance block of one scenario.
func printBalance(w io.Writer, b rating.Balance, cfg rating.BalanceConfig) {
	fmt.Fprintf(w, "%s: %s\n", b.Scenario, plural(b.Games, "game"))
	fmt.Fprintf(w, "  wins: %s %s, %s %s; draws %s\n",
		cfg.SideX, prop(b.XWin), cfg.SideY, prop(b.YWin), prop(b.Draw))
	fmt.Fprintf(w, "  decisive games %d to %d: exact binomial p = %.3g (Holm-adjusted %.3g); evenness %.3f\n",
		b.XWins, b.YWins, b.PValue, b.PHolm, b.Evenness)
	fmt.Fprintf(w, "  %s's score %.1f%% (raw %+.1f Elo); first mover's score %.1f%% [%s]\n",
		cfg.SideX, 100*b.X.Score, b.X.Elo, 100*b.First.Score, interval(b.First))
	fmt.Fprintf(w, "  ends: %.1f%% by the rules, %.1f%% at the turn limit, %.1f%% by forfeit; natural draws %.1f%%\n",
		100*b.Completion, 100*b.TurnLimit, 100*b.Forfeits, 100*b.NaturalDraws)
	for _, r := range b.Reasons {
		fmt.Fprintf(w, "    %5.1f%%  %s\n", 100*r.Share, r.Reason)
	}
	if !math.IsNaN(b.MeanTurns) {
		fmt.Fprintf(w, "  length: mean %.1f turns, 95th percentile %.0f\n", b.MeanTurns, b.P95Turns)
	}
	if b.HasSide {
		fmt.Fprintf(w, "  %s's advantage adjusted for the bots: %+.1f Elo [%+.1f, %+.1f], %.1f%% [%.1f%%, %.1f%%] between equal bots\n",
			cfg.SideX, b.Side.Elo, b.Side.Lo, b.Side.Hi, 100*b.Side.P, 100*b.Side.PLo, 100*b.Side.PHi)
	}
	fmt.Fprintf(w, "  verdict: %s\n", b.Verdict)
}

// prop formats a proportion with its interval: "45.8% [34.8%, 57.3%]".
func prop(p rating.Proportion) string {
	return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*p.P, 100*p.Lo, 100*p.Hi)
}

// interval formats the score interval of head-to-head statistics, from the
// Elo interval: "40.2%, 63.1%".
func interval(s rating.Stats) string {
	return fmt.Sprintf("%.1f%%, %.1f%%", 100*rating.Expected(s.Lo), 100*rating.Expected(s.Hi))
}
