package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

// runRatings prints the joint Elo ratings of the stored games.
func runRatings(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("ratings", `Rate the bots of a results database on one joint Elo scale.

The model is Bradley-Terry on scores (draws count half) with one side advantage
per scenario, fitted by maximum likelihood; intervals are 95% and
cluster-robust (the two games of a pair are one cluster). Games of more than
two seats are rated by its generalisation, Plackett-Luce on finishing orders (a
shared place counts as the average of its orderings), with an advantage per
seat and scenario, clustered by rotation set. Compare two bots with
the likelihood-of-superiority matrix, not with their separate intervals. Bots
that never met, directly or through others, cannot share a scale: the command
then names the groups and stops. The command first says how many games
ended by forfeit (a bot's timeout, illegal action, crash or disconnection);
--exclude-forfeits rates without them (the other game of their pair is
then rated alone).

--csv prints the ratings alone, for scripts, as CSV with the header
bot,elo,low,high,games,points: one row per bot, strongest first, Elo and its
95% interval's bounds in Elo (relative to the pool mean), the bot's rated
games and points (draws count half); the notes on forfeits and repeated games
then go to stderr.`, stderr)
	var q gameQuery
	q.register(fs)
	bots := fs.String("bots", "", "keep only the games between these comma-separated `bots` (default: all)")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo on ratings and side terms (MAP); 0 for none")
	noForfeits := fs.Bool("exclude-forfeits", false, "rate without the games a bot lost by its fault (time, illegal action, crash, disconnection)")
	asCSV := fs.Bool("csv", false, "print the ratings alone as CSV (bot,elo,low,high,games,points), the notes to stderr")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := checkPrior(*prior); err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	q.bots = splitList(*bots)
	games, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("ratings: %w", err)
	}
	notes, table := stdout, printTable
	if *asCSV {
		notes, table = stderr, printCSV
	}
	games, repeats := distinctGames(games)
	noteRepeats(notes, repeats)
	games = forfeits(notes, games, *noForfeits)
	if len(games) == 0 {
		return fmt.Errorf("ratings: no games left in %s without the forfeits", q.describe())
	}
	if err := table(stdout, games, fitConfig(*prior)); err != nil {
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

// fitAll fits the joint rating model of recs: the two-seat model (rating.Fit,
// Bradley–Terry, with a side term per scenario) when every game has two
// seats, else the Plackett–Luce model of every game (rating.FitRankings, the
// same model for two seats, with a term per seat and scenario).
func fitAll(recs []arena.GameRecord, cfg rating.Config) (*rating.Model, error) {
	if slices.ContainsFunc(recs, func(g arena.GameRecord) bool { return g.Seats() != 2 }) {
		return rating.FitRankings(arena.Rankings(recs), cfg)
	}
	return rating.Fit(arena.RatingGames(recs), cfg)
}

// printTable fits the joint model of recs (fitAll) and prints its rating
// table, side and seat advantages and LOS matrix; it returns the fit's error,
// explained, without printing anything.
func printTable(w io.Writer, recs []arena.GameRecord, cfg rating.Config) error {
	m, err := fitAll(recs, cfg)
	if err != nil {
		return explainFit(err)
	}
	printModel(w, m, seatNames(recs, nil))
	return nil
}
