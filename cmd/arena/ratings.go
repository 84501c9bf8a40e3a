package main

import (
	"context"
	"fmt"
	"io"

	"github.com/flickarena/flickarena/arena"
)

// runRatings prints the joint Elo ratings of the stored games.
func runRatings(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("ratings", `Rate the bots of a results database on one joint Elo scale.

The model is Bradley-Terry on scores (draws count half) with one side advantage
per scenario, fitted by maximum likelihood; intervals are 95% and
cluster-robust (the two games of a pair are one cluster). Compare two bots with
the likelihood-of-superiority matrix, not with their separate intervals. Bots
that never met, directly or through others, cannot share a scale: the command
then names the groups and stops.`, stderr)
	var q gameQuery
	q.register(fs)
	bots := fs.String("bots", "", "keep only the games between these comma-separated `bots` (default: all)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo on ratings and side terms (MAP); 0 for none")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkPrior(*prior); err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	q.bots = splitList(*bots)
	games, err := q.load(ctx)
	if err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	if err := printRatings(stdout, arena.RatingGames(games), fitConfig(*prior)); err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	return nil
}
