package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/flickarena/flickarena/arena"
)

// ErrNoLeases is returned by the lease operations of a store that has no
// work queue: a read-only store.
var ErrNoLeases = errors.New("arena: the store has no leases (it is read-only)")

// Leased reports whether the store hands out rotation sets under leases, so
// that several workers play one tournament: true for every writable store,
// a PostgreSQL database (processes on any machines) or an SQLite file (the
// processes of its machine: WAL mode shares a file between them only).
func (s *Store) Leased() bool { return !s.readOnly }

// inList returns the condition that col is one of vals, and its argument,
// in the store's dialect ([postgresInList], [sqliteInList]).
func (s *Store) inList(col string, vals []string) (string, any, error) {
	if vals == nil {
		vals = []string{}
	}
	if s.db.d == postgres {
		return postgresInList(col, vals)
	}
	return sqliteInList(col, vals)
}

// PlanLeases enters every rotation set of sched in the work queue, once: a
// set entered by an earlier run or another worker is left as it is.
func (s *Store) PlanLeases(ctx context.Context, sched arena.Schedule) error {
	if !s.Leased() {
		return ErrNoLeases
	}
	var (
		pairs []string
		seqs  []int32
		seen  = map[string]bool{}
	)
	for _, f := range sched.Fixtures {
		if !seen[f.PairID] {
			seen[f.PairID] = true
			pairs, seqs = append(pairs, f.PairID), append(seqs, int32(f.Seq))
		}
	}
	plan := s.planLeasesSQLite
	if s.db.d == postgres {
		plan = s.planLeasesPostgres
	}
	if err := plan(ctx, sched.Info.ID, pairs, seqs); err != nil {
		return fmt.Errorf("arena: plan leases of %s: %w", sched.Info.ID, err)
	}
	return nil
}

// ClaimSet leases to worker, for ttl, the first rotation set of tournament
// id in schedule order that is not done, not leased (or whose lease has
// expired: its worker died or hung; or leased to worker already: a claim
// whose answer was lost to an outage, as worker claims one set at a time)
// and not in skip. A set leased to one of siblings (the other goroutines of
// worker's run, which are alive while it runs) is never taken over, even
// when its lease expired during an outage that kept it from being renewed.
// It reports false when there is none. Claimers never wait for each other (SKIP LOCKED).
// On SQLite the claim is one write transaction: claimers take turns.
func (s *Store) ClaimSet(ctx context.Context, id, worker string, siblings []string, ttl time.Duration, skip []string) (string, bool, error) {
	notSkipped, skipArg, err := s.inList("pair_id", skip)
	if err != nil {
		return "", false, fmt.Errorf("arena: claim a set of %s: %w", id, err)
	}
	held, siblingsArg, err := s.inList("worker", siblings)
	if err != nil {
		return "", false, fmt.Errorf("arena: claim a set of %s: %w", id, err)
	}
	c := claim{id: id, worker: worker, ttl: ttl, notSkipped: notSkipped, skipArg: skipArg, held: held, siblingsArg: siblingsArg}
	var pair string
	if s.db.d == postgres {
		pair, err = s.claimSetPostgres(ctx, c)
	} else {
		pair, err = s.claimSetSQLite(ctx, c)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("arena: claim a set of %s: %w", id, err)
	}
	return pair, true, nil
}

// claim is a claim of [Store.ClaimSet], its lists as conditions of the
// store's dialect ([Store.inList]) with their arguments.
type claim struct {
	id, worker           string
	ttl                  time.Duration
	notSkipped, held     string // the conditions: pair_id among skip, worker among siblings
	skipArg, siblingsArg any
}

// RenewLeases extends, to ttl from now, every lease that the holders (the
// goroutines of a worker) hold on tournament id (its heartbeat). A lease
// taken over by another worker is not renewed.
func (s *Store) RenewLeases(ctx context.Context, id string, holders []string, ttl time.Duration) error {
	held, holdersArg, err := s.inList("worker", holders)
	if err == nil && s.db.d == postgres {
		err = s.renewLeasesPostgres(ctx, id, held, holdersArg, ttl)
	} else if err == nil {
		err = s.renewLeasesSQLite(ctx, id, held, holdersArg, ttl)
	}
	if err != nil {
		return fmt.Errorf("arena: renew leases of %s: %w", id, err)
	}
	return nil
}

// FinishSet marks the set pair done (every game recorded) if worker still
// holds it; a set taken over meanwhile is left to its new holder.
func (s *Store) FinishSet(ctx context.Context, id, pair, worker string) error {
	err := s.write(ctx, func(tx *sqlTx) error {
		_, err := tx.ExecContext(ctx, `UPDATE leases SET done = true, expires_at = NULL
WHERE tournament_id = ? AND pair_id = ? AND worker = ?`, id, pair, worker)
		return err
	})
	if err != nil {
		return fmt.Errorf("arena: finish set %s: %w", pair, err)
	}
	return nil
}

// ReleaseSet frees the set pair, if worker holds it, for another worker or
// a later run to claim at once.
func (s *Store) ReleaseSet(ctx context.Context, id, pair, worker string) error {
	err := s.write(ctx, func(tx *sqlTx) error {
		_, err := tx.ExecContext(ctx, `UPDATE leases SET expires_at = NULL, worker = ''
WHERE tournament_id = ? AND pair_id = ? AND worker = ? AND NOT done`, id, pair, worker)
		return err
	})
	if err != nil {
		return fmt.Errorf("arena: release set %s: %w", pair, err)
	}
	return nil
}

// UnfinishedSets counts the sets of tournament id that are not done, leaving
// out those in skip.
func (s *Store) UnfinishedSets(ctx context.Context, id string, skip []string) (int, error) {
	notSkipped, skipArg, err := s.inList("pair_id", skip)
	if err != nil {
		return 0, fmt.Errorf("arena: count unfinished sets of %s: %w", id, err)
	}
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE tournament_id = ? AND NOT done
AND NOT (`+notSkipped+`)`, id, skipArg).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("arena: count unfinished sets of %s: %w", id, err)
	}
	return n, nil
}

// RecordedKeys returns which of keys tournament id has recorded games for.
func (s *Store) RecordedKeys(ctx context.Context, id string, keys []string) (map[string]bool, error) {
	among, keysArg, err := s.inList("game_key", keys)
	if err != nil {
		return nil, fmt.Errorf("arena: recorded keys: %w", err)
	}
	return s.keySet(ctx, "recorded keys", `SELECT game_key FROM games WHERE tournament_id = ? AND `+among, id, keysArg)
}

// CountGames returns the number of recorded games of tournament id.
func (s *Store) CountGames(ctx context.Context, id string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE tournament_id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("arena: count games of %s: %w", id, err)
	}
	return n, nil
}
