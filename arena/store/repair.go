package store

import (
	"context"
	"fmt"

	"github.com/flickarena/flickarena/arena"
)

// ReopenMissing checks the work queue of a leased store against sched's
// plan: a rotation set marked done must have all its games recorded, and a
// set that does not (its games deleted by someone who can bypass the
// append-only triggers, such as the table owner) is put back in the queue,
// to be played again. It returns the keys of the missing games of the sets
// it reopened, in schedule order. Of several workers doing this at once,
// one reopens a set and reports its games.
//
// The check reads the queue and the games in one statement, so a set that
// another worker finishes meanwhile is never taken for a damaged one: a
// set is marked done only after its games are committed.
func (s *Store) ReopenMissing(ctx context.Context, sched arena.Schedule) ([]string, error) {
	if !s.Leased() {
		return nil, ErrNoLeases
	}
	id := sched.Info.ID
	pairs, keys := make([]string, len(sched.Fixtures)), make([]string, len(sched.Fixtures))
	for i, f := range sched.Fixtures {
		pairs[i], keys[i] = f.PairID, f.Key
	}
	var found map[string]bool
	var err error
	if s.db.d == postgres {
		found, err = s.reopenMissingPostgres(ctx, id, pairs, keys)
	} else {
		found, err = s.reopenMissingSQLite(ctx, id, pairs, keys)
	}
	if err != nil {
		return nil, fmt.Errorf("arena: check the finished sets of %s: %w", id, err)
	}
	var out []string
	for _, f := range sched.Fixtures {
		if found[f.Key] {
			out = append(out, f.Key)
		}
	}
	return out, nil
}
