package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/flickarena/flickarena/arena/store"
)

// runCopy copies the tournaments of one results database into another.
func runCopy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("copy", `Copy every tournament of one results database into another, typically an
SQLite file into PostgreSQL, to go on with more workers there or to keep the
games of many machines in one place.

A tournament new to the target is copied whole: its plan, runs, voided
attempts and games, with their times as recorded. A tournament the target
holds already (the same plan) gets only the games it lacks, so copying twice
changes nothing, and the files of several machines that played parts of one
tournament merge into one record of each game. The copy is one transaction:
if it fails, nothing is copied. The source is only read.

Example:
  arena copy --from results.db --to postgres://arena@db.example/arena`, stderr)
	from := fs.String("from", "", "source results `database`: an SQLite file or a PostgreSQL URL (read only)")
	to := fs.String("to", "", "target results `database`: a PostgreSQL URL (the database must exist; its tables are created) or an SQLite file (created if missing)")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case *from == "":
		return errors.New("copy: --from is required, e.g. --from results.db")
	case *to == "":
		return errors.New("copy: --to is required, e.g. --to postgres://user@host/arena")
	case *from == *to:
		return fmt.Errorf("copy: --from and --to name the same database %s", store.RedactURL(*from))
	}
	src, err := openExisting(ctx, *from)
	if err != nil {
		return fmt.Errorf("copy: --from: %w", err)
	}
	defer src.Close()
	dst, err := store.Open(ctx, *to)
	if err != nil {
		return fmt.Errorf("copy: --to: %w", err)
	}
	defer dst.Close()
	fmt.Fprintf(stderr, "copying %s into %s...\n", store.RedactURL(*from), store.RedactURL(*to))
	sum, err := store.Copy(ctx, dst, src)
	if err != nil {
		return fmt.Errorf("copy: %w", err)
	}
	fmt.Fprintf(stdout, "Copied %s (%d runs, %d voided attempts) and %s; %d tournaments merged, %d games there already.\n",
		plural(sum.Tournaments, "tournament"), sum.Runs, sum.Faults, plural(sum.Games, "game"), sum.Merged, sum.Skipped)
	return nil
}

// redactArgs returns args with the password of any PostgreSQL URL in them
// hidden, for the command line recorded with a run.
func redactArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if name, val, ok := cutFlag(a); ok && store.IsPostgresURL(val) {
			out[i] = name + "=" + store.RedactURL(val)
		} else {
			out[i] = store.RedactURL(a)
		}
	}
	return out
}

// cutFlag splits "-name=value" or "--name=value".
func cutFlag(a string) (name, value string, ok bool) {
	if len(a) < 2 || a[0] != '-' {
		return "", "", false
	}
	for i := 1; i < len(a); i++ {
		if a[i] == '=' {
			return a[:i], a[i+1:], true
		}
	}
	return "", "", false
}
