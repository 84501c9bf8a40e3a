package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/flickarena/flickarena/arena"
)

// CopySummary counts what [Copy] copied.
type CopySummary struct {
	// Tournaments is the number of tournaments copied; Merged the number
	// the target held already, whose missing games alone were copied.
	Tournaments, Merged int
	// Runs and Faults are the runs and voided attempts copied, with their
	// tournaments (not for a merged one: the target has its own).
	Runs, Faults int
	// Games is the number of games copied; Skipped the number the target
	// held already (same tournament and key).
	Games, Skipped int
}

// Copy copies every tournament of src into dst, in one transaction of
// dst: a copy that fails or is interrupted copies nothing. A tournament new
// to dst is copied whole: its identity and creation time, its scenarios'
// seat names, its runs, voided attempts and games, with every time and
// attempt as recorded (the row ids are dst's). A tournament that dst holds
// already (the same id: the same plan) gets only the games and seat names
// it lacks, so that copying twice, or copying the files of two machines
// that played parts of one tournament, records each game once. src is only
// read (open it with [OpenReadOnly]); an SQLite src read as immutable
// that a writer opened during the read fails the copy ([Store.CheckSnapshot]).
func Copy(ctx context.Context, dst, src *Store) (CopySummary, error) {
	var sum CopySummary
	if dst.readOnly {
		return sum, errors.New("arena: copy store: the target store is read-only")
	}
	tours, err := src.Tournaments(ctx)
	if err != nil {
		return sum, fmt.Errorf("arena: copy store: %w", err)
	}
	type tournamentRows struct {
		info   arena.TournamentInfo
		runs   []arena.RunRecord
		faults []arena.FaultRecord
		games  []arena.GameRecord
	}
	all := make([]tournamentRows, len(tours))
	for i, t := range tours {
		all[i].info = t
		if all[i].runs, err = src.Runs(ctx, t.ID); err != nil {
			return sum, fmt.Errorf("arena: copy store: %w", err)
		}
		if all[i].faults, err = src.Faults(ctx, t.ID); err != nil {
			return sum, fmt.Errorf("arena: copy store: %w", err)
		}
		if all[i].games, err = src.Games(ctx, arena.GameFilter{TournamentID: t.ID}); err != nil {
			return sum, fmt.Errorf("arena: copy store: %w", err)
		}
	}
	if err := src.CheckSnapshot(); err != nil {
		return sum, fmt.Errorf("arena: copy store: %w", err)
	}
	err = dst.write(ctx, func(tx *sqlTx) error {
		sum = CopySummary{} // the transaction may be retried
		for _, t := range all {
			bots, err := json.Marshal(t.info.Bots)
			if err != nil {
				return err
			}
			scenarios, err := json.Marshal(t.info.Scenarios)
			if err != nil {
				return err
			}
			created, err := insertTournament(ctx, tx, t.info, t.info.CreatedAt, bots, scenarios)
			if err != nil {
				return fmt.Errorf("tournament %s: %w", t.info.ID, err)
			}
			if err := insertSeatNames(ctx, tx, t.info); err != nil {
				return fmt.Errorf("tournament %s: %w", t.info.ID, err)
			}
			if created {
				sum.Tournaments++
				for _, r := range t.runs {
					if err := insertRun(ctx, tx, r); err != nil {
						return fmt.Errorf("run of %s: %w", t.info.ID, err)
					}
				}
				for _, f := range t.faults {
					if err := insertFault(ctx, tx, f); err != nil {
						return fmt.Errorf("fault of %s: %w", t.info.ID, err)
					}
				}
				sum.Runs, sum.Faults = sum.Runs+len(t.runs), sum.Faults+len(t.faults)
			} else {
				sum.Merged++
			}
			for _, g := range t.games {
				if err := g.Validate(); err != nil {
					return err
				}
				ok, err := insertGame(ctx, tx, g)
				if err != nil {
					return fmt.Errorf("game %q: %w", g.Key, err)
				}
				if ok {
					sum.Games++
				} else {
					sum.Skipped++
				}
			}
		}
		return nil
	})
	if err != nil {
		return CopySummary{}, fmt.Errorf("arena: copy store: %w", err)
	}
	return sum, nil
}
