package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

// runExport writes the stored games in a format other tools read.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "pgn" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			return runExportPGN(ctx, []string{"-h"}, stdout, stderr)
		}
		fmt.Fprintln(stderr, "Usage: arena export pgn [flags]\n\nThe only export format is pgn. Run 'arena export pgn -h' for its flags.")
		return errUsage
	}
	return runExportPGN(ctx, args[1:], stdout, stderr)
}

// runExportPGN writes the stored games as PGN for Ordo and BayesElo.
func runExportPGN(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export pgn", `Write the games of a results database as PGN, the format Ordo and BayesElo
read, so that they can rate the same games: one game per record with the Seven
Tag Roster (White is side X's bot, or the first mover's with --white first),
the scenario, pair, first mover and termination as extra tags, and no moves.
Forfeits are written as wins with a Termination tag. Export one scenario at a
time (--scenario) to compare side advantages: each tool has one global one.`, stderr)
	var q gameQuery
	q.register(fs)
	out := fs.String("out", "", "write to this `file` instead of stdout")
	white := fs.String("white", "x", "who plays White: `x` (side X's bot) or first (the first mover)")
	event := fs.String("event", "Flickarena", "the PGN Event `name`")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg := rating.PGNConfig{Event: *event}
	switch *white {
	case "x", "X":
	case "first":
		cfg.WhiteFirstMover = true
	default:
		return fmt.Errorf("export pgn: --white takes x or first, got %q", *white)
	}
	recs, err := q.load(ctx)
	if err != nil {
		return fmt.Errorf("export pgn: %w", err)
	}
	// PGN is a two-player format: the games of more seats are left out (said on stderr).
	if recs, err = twoSeatGames(stderr, recs); err != nil {
		return fmt.Errorf("export pgn: %w", err)
	}
	games := arena.RatingGames(recs)
	if *out == "" {
		if err := rating.WritePGN(stdout, games, cfg); err != nil {
			return fmt.Errorf("export pgn: %w", err)
		}
		return nil
	}
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("export pgn: %w", err)
	}
	bw := bufio.NewWriter(f)
	err = rating.WritePGN(bw, games, cfg)
	err = errors.Join(err, bw.Flush(), f.Close())
	if err != nil {
		os.Remove(*out)
		return fmt.Errorf("export pgn: %w", err)
	}
	fmt.Fprintf(stderr, "Wrote %s to %s.\n", plural(len(games), "game"), *out)
	return nil
}
