package main

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/flickarena/flickarena/arena/rating"
)

// runBalance prints the balance statistics of each scenario.
func runBalance(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("balance", `Say, for each scenario of a results database, whether its seats are balanced,
naming them as the game does (lawmen and outlaws, white and black, player 1 to
N). For every scenario, of any number of seats, a table of the seats: wins (a
shared first place split), win share with its 95% Wilson interval, mean place,
mean points and the score against the other seats (each game: the seats beaten
plus half those tied, over the others; 50% for every seat of a balanced
scenario) with 95% intervals, then how the games ended, grouped by kind
("noon: the lawmen have more hit points", with its details as "(3 to 1)"),
and the verdict: balanced when every seat's score interval lies within 50% ±
the margin.

A two-seat scenario also gets its win and draw rates, an exact binomial test
(Holm-adjusted over the scenarios), the first mover's score, the game lengths
and the side advantage adjusted for the strength of the bots that played it
(from the joint rating model, when it can be fitted; with the prior the
tournament was run with unless --prior says otherwise); its verdict then
comes from the model. A scenario of more than two seats gets each seat's advantage
over the first seat adjusted for the bots (the joint Plackett–Luce model of
the games, when it can be fitted). A game that two tournaments of the database
both played (the same scenario, seed, bots and result: a run restarted with
another scenario list replays its seeds) counts once.`, stderr)
	var q gameQuery
	q.register(fs)
	sides := fs.String("sides", "", "name the two seats of every two-seat scenario `X,Y` (default: as the game names them, e.g. lawmen,outlaws)")
	margin := fs.Float64("margin", 0.05, "tolerance of the balanced verdict, a `fraction` of a point in (0, 0.5)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo for the model-based advantage; 0 for none (default: the prior the tournament was run with, 'arena run --prior', else none)")
	if err := parse(fs, args); err != nil {
		return err
	}
	names := splitList(*sides)
	switch {
	case *sides != "" && len(names) != 2:
		return fmt.Errorf("balance: --sides takes two names, X,Y; got %q", *sides)
	case !(*margin > 0 && *margin < 0.5):
		return fmt.Errorf("balance: --margin must lie in (0, 0.5), got %g", *margin)
	case checkPrior(*prior) != nil:
		return fmt.Errorf("balance: %w", checkPrior(*prior))
	}
	recs, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	recs, repeats := distinctGames(recs)
	noteRepeats(stdout, repeats)
	tau, _, err := ratingPrior(ctx, &q, recs, fs, *prior)
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	model, fitErr := fitAll(recs, fitConfig(tau))
	if fitErr != nil {
		fmt.Fprintf(stdout, "The advantages of the sides and seats are not adjusted for the bots (raw scores only): %v\n\n", explainFit(fitErr))
	}
	two, seats, err := balances(recs, seatNames(recs, names), *margin, model)
	if err != nil {
		return fmt.Errorf("balance: %w", err)
	}
	byScenario := map[string]rating.Balance{}
	for _, b := range two {
		byScenario[b.Scenario] = b
	}
	for i, s := range seats {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if b, ok := byScenario[s.Scenario]; ok {
			printBalance(stdout, b, s.Seats[0].Name, s.Seats[1].Name)
		}
		printSeatBalance(stdout, s)
	}
	return nil
}

// printBalance prints the two-seat balance block of one scenario, whose
// seats are called x and y.
func printBalance(w io.Writer, b rating.Balance, x, y string) {
	fmt.Fprintf(w, "%s: %s\n", b.Scenario, plural(b.Games, "game"))
	fmt.Fprintf(w, "  wins: %s %s, %s %s; draws %s\n", x, prop(b.XWin), y, prop(b.YWin), prop(b.Draw))
	fmt.Fprintf(w, "  decisive games %d to %d: exact binomial p = %.3g (Holm-adjusted %.3g); evenness %.3f\n",
		b.XWins, b.YWins, b.PValue, b.PHolm, b.Evenness)
	fmt.Fprintf(w, "  %s's score %.1f%% (raw %+.1f Elo); first mover's score %.1f%% [%s]\n",
		x, 100*b.X.Score, b.X.Elo, 100*b.First.Score, interval(b.First))
	fmt.Fprintf(w, "  ends: %.1f%% by the rules, %.1f%% at the turn limit, %.1f%% by forfeit; natural draws %.1f%%\n",
		100*b.Completion, 100*b.TurnLimit, 100*b.Forfeits, 100*b.NaturalDraws)
	if !math.IsNaN(b.MeanTurns) {
		fmt.Fprintf(w, "  length: mean %.1f turns, 95th percentile %.0f\n", b.MeanTurns, b.P95Turns)
	}
	if b.HasSide {
		fmt.Fprintf(w, "  %s's advantage adjusted for the bots: %+.1f Elo [%+.1f, %+.1f], %.1f%% [%.1f%%, %.1f%%] between equal bots\n",
			x, b.Side.Elo, b.Side.Lo, b.Side.Hi, 100*b.Side.P, 100*b.Side.PLo, 100*b.Side.PHi)
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
