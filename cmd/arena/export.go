package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/arena/store"
)

// exportFormats are the formats of 'arena export', by name.
var exportFormats = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) error{
	"pgn": runExportPGN,
	"csv": runExportCSV,
}

// runExport writes the stored games in a format other tools read.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const usage = `Usage: arena export FORMAT [flags]

Formats:
  csv   every game of any number of seats, one row per game and seat (for R's
        PlackettLuce, Python's choix, a spreadsheet)
  pgn   the two-seat games as PGN, for Ordo and BayesElo

Run 'arena export FORMAT -h' for a format's flags and columns.`
	if len(args) > 0 {
		if run, ok := exportFormats[args[0]]; ok {
			return run(ctx, args[1:], stdout, stderr)
		}
		if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
			fmt.Fprintln(stderr, usage)
			return flag.ErrHelp
		}
		fmt.Fprintf(stderr, "arena export: unknown format %q\n\n", args[0])
	}
	fmt.Fprintln(stderr, usage)
	return errUsage
}

// runExportCSV writes the stored games as CSV, one row per game and seat.
func runExportCSV(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export csv", `Write the games of a results database as CSV (RFC 4180, with a header row),
one row per game and seat, games of any number of seats alike. The columns:

  game          the game's id, unique in the database
  tournament    the tournament's id
  game_key      the game's key, unique within its tournament
  rotation_set  the games played on one scenario and seed with the seating
                rotated (for two seats, the pair with sides swapped)
  round         the round, from 1
  scenario      the scenario with its version and options (race-v1:players=3)
  seats         the game's number of seats
  seed          the game's seed
  seat          the seat, from 0
  seat_name     the seat as the game names it (lawmen; player 1 to N)
  bot           the bot in the seat
  bot_version   its version
  rank          the seat's place: 1 first, ties share the best place (1, 1, 3)
  points        the seat's final score in the game's own points
  score         the seat's result against the other seats in [0, 1]: those
                it beat plus half those it tied with, over the others (two
                seats: 1, 0.5, 0)
  first_mover   1 for the seat that moved first, else 0
  termination   normal, turn-limit, or a bot's fault (timeout, illegal, crash,
                disconnect: that bot is last, the others share first place)
  end_kind      the kind of a normal end in the game's words
  reason        why the game ended, in full, or the fault's message
  turns         the game's length in turns

A text value that a spreadsheet would run as a formula, one that starts with
=, +, -, @, a tab or a carriage return (a remote bot's name or version, say),
is written with a single quote before it ('+evil), as OWASP recommends against
CSV injection; the numbers, negative points included, are written as they are.

R's PlackettLuce reads the rows as rankings:
  d <- read.csv("games.csv")
  PlackettLuce(rankings(d, id = "game", item = "bot", rank = "rank"))
Python's choix takes each game's bots ordered by rank (the README shows how).`, stderr)
	var q gameQuery
	q.register(fs)
	out := fs.String("out", "", "write to this `file` instead of stdout")
	if err := parse(fs, args); err != nil {
		return err
	}
	recs, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	names := seatNames(recs, nil)
	lookup := func(s string) []string { return names[s] }
	if *out == "" {
		if err := store.WriteCSV(stdout, recs, lookup); err != nil {
			return fmt.Errorf("export csv: %w", err)
		}
		return nil
	}
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("export csv: %w", err)
	}
	bw := bufio.NewWriter(f)
	err = store.WriteCSV(bw, recs, lookup)
	if err = errors.Join(err, bw.Flush(), f.Close()); err != nil {
		os.Remove(*out)
		return fmt.Errorf("export csv: %w", err)
	}
	fmt.Fprintf(stderr, "Wrote %s to %s.\n", plural(len(recs), "game"), *out)
	return nil
}

// runExportPGN writes the stored games as PGN for Ordo and BayesElo.
func runExportPGN(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export pgn", `Write the games of a results database as PGN, the format Ordo and BayesElo
read, so that they can rate the same games: one game per record with the Seven
Tag Roster (White is the first seat's bot, or the first mover's with --white
first), the scenario, White's seat as the game names it (WhiteSeat: lawmen,
white), pair, first mover and termination as extra tags, and no moves.
Forfeits are written as wins with a Termination tag. Export one scenario at a
time (--scenario) to compare side advantages: each tool has one global one.
PGN is a format of two players: the games of more than two seats are left out
(said on stderr); 'arena export csv' writes every game.`, stderr)
	var q gameQuery
	q.register(fs)
	out := fs.String("out", "", "write to this `file` instead of stdout")
	white := fs.String("white", "x", "who plays White: `x` (the first seat's bot) or first (the first mover)")
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
	recs, err := q.load(ctx, stderr)
	if err != nil {
		return fmt.Errorf("export pgn: %w", err)
	}
	// PGN is a two-player format: the games of more seats are left out (said on stderr).
	if recs, err = pgnGames(stderr, recs); err != nil {
		return fmt.Errorf("export pgn: %w", err)
	}
	names := seatNames(recs, nil)
	cfg.SeatNames = func(scenario string) []string { return names[scenario] }
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

// pgnGames returns the two-seat games, which PGN can hold, saying how many
// games of more seats it leaves out; it fails when none is left.
func pgnGames(w io.Writer, games []arena.GameRecord) ([]arena.GameRecord, error) {
	kept := games[:0:0]
	for _, g := range games {
		if g.Seats() == 2 {
			kept = append(kept, g)
		}
	}
	n := len(games) - len(kept)
	switch {
	case n > 0 && len(kept) == 0:
		return nil, fmt.Errorf("all %s have more than two seats, and PGN holds games of two players: write them with 'arena export csv'", plural(n, "game"))
	case n > 0:
		fmt.Fprintf(w, "Left out: %s of more than two seats (PGN holds games of two players; 'arena export csv' writes every game).\n", plural(n, "game"))
	}
	return kept, nil
}
