package main

import (
	"context"
	"fmt"
	"io"
	"strings"

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
then names the groups and stops. The command first says how many games
ended by forfeit (a bot's timeout, illegal action, crash or disconnection);
--exclude-forfeits rates without them (the other game of their pair is
then rated alone).`, stderr)
	var q gameQuery
	q.register(fs)
	bots := fs.String("bots", "", "keep only the games between these comma-separated `bots` (default: all)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo on ratings and side terms (MAP); 0 for none")
	noForfeits := fs.Bool("exclude-forfeits", false, "rate without the games a bot lost by its fault (time, illegal action, crash, disconnection)")
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
	games, err = twoSeatGames(stdout, games)
	if err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	games = forfeits(stdout, games, *noForfeits)
	if len(games) == 0 {
		return fmt.Errorf("ratings: no games left in %s without the forfeits", q.describe())
	}
	if err := printRatings(stdout, arena.RatingGames(games), fitConfig(*prior)); err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	return nil
}

// forfeits prints how many of games ended by a bot's fault, by kind, and
// returns games without them when exclude is set, else games.
func forfeits(w io.Writer, games []arena.GameRecord, exclude bool) []arena.GameRecord {
	counts := map[arena.Termination]int{}
	kept := games[:0:0]
	for _, g := range games {
		if g.Termination.IsBotFault() {
			counts[g.Termination]++
			continue
		}
		kept = append(kept, g)
	}
	n := len(games) - len(kept)
	if n == 0 {
		fmt.Fprintf(w, "Forfeits: none of the %s ended by a bot's fault.\n\n", plural(len(games), "game"))
		return games
	}
	var kinds []string
	for _, t := range []arena.Termination{arena.TermTimeout, arena.TermIllegal, arena.TermCrash, arena.TermDisconnect} {
		if counts[t] > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", counts[t], t))
		}
	}
	fmt.Fprintf(w, "Forfeits: %d of the %s ended by a bot's fault (%s)", n, plural(len(games), "game"), strings.Join(kinds, ", "))
	if exclude {
		fmt.Fprintf(w, "; rated without them.\n\n")
		return kept
	}
	fmt.Fprintf(w, "; --exclude-forfeits rates without them.\n\n")
	return games
}

// twoSeatGames returns the games of two seats, which the rating model rates,
// saying how many games of more seats it leaves out; it fails when none is
// left.
func twoSeatGames(w io.Writer, games []arena.GameRecord) ([]arena.GameRecord, error) {
	kept := games[:0:0]
	for _, g := range games {
		if g.Seats() == 2 {
			kept = append(kept, g)
		}
	}
	n := len(games) - len(kept)
	switch {
	case n > 0 && len(kept) == 0:
		return nil, fmt.Errorf("all %s have more than two seats: only two-seat games are rated, for now (arena balance and arena export csv take every game)", plural(n, "game"))
	case n > 0:
		fmt.Fprintf(w, "Left out: %s of more than two seats (only two-seat games are rated, for now; arena balance and arena export csv take every game).\n", plural(n, "game"))
	}
	return kept, nil
}
