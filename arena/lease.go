package arena

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrNoLeases is returned by the lease operations of a store that has no
// work queue: an SQLite file, played by one process.
var ErrNoLeases = errors.New("arena: the store has no leases (only a PostgreSQL store has)")

// Leased reports whether the store hands out rotation sets under leases, so
// that several workers (processes, machines) play one tournament: true for a
// PostgreSQL store.
func (s *Store) Leased() bool { return s.db.d == postgres && !s.readOnly }

// planLeases enters every rotation set of sched in the work queue, once: a
// set entered by an earlier run or another worker is left as it is.
func (s *Store) planLeases(ctx context.Context, sched Schedule) error {
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
	_, err := s.db.ExecContext(ctx, `INSERT INTO leases (tournament_id, pair_id, first_seq)
SELECT ?, p, q FROM unnest(?::text[], ?::int[]) AS u(p, q) ON CONFLICT DO NOTHING`, sched.Info.ID, pairs, seqs)
	if err != nil {
		return fmt.Errorf("arena: plan leases of %s: %w", sched.Info.ID, err)
	}
	return nil
}

// claimSet leases to worker, for ttl, the first rotation set of tournament
// id in schedule order that is not done, not leased (or whose lease has
// expired: its worker died or hung) and not in skip. It reports false when
// there is none. Claimers never wait for each other (SKIP LOCKED).
func (s *Store) claimSet(ctx context.Context, id, worker string, ttl time.Duration, skip []string) (string, bool, error) {
	if skip == nil {
		skip = []string{}
	}
	var pair string
	err := s.db.QueryRowContext(ctx, `UPDATE leases SET worker = ?, expires_at = now() + make_interval(secs => ?)
WHERE tournament_id = ? AND pair_id = (
	SELECT pair_id FROM leases
	WHERE tournament_id = ? AND NOT done AND (expires_at IS NULL OR expires_at < now()) AND NOT (pair_id = ANY(?))
	ORDER BY first_seq LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING pair_id`, worker, ttl.Seconds(), id, id, skip).Scan(&pair)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("arena: claim a set of %s: %w", id, err)
	}
	return pair, true, nil
}

// renewLeases extends, to ttl from now, every lease that worker holds on
// tournament id (its heartbeat). A lease taken over by another worker is not
// renewed.
func (s *Store) renewLeases(ctx context.Context, id, worker string, ttl time.Duration) error {
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + make_interval(secs => ?)
WHERE tournament_id = ? AND worker = ? AND NOT done AND expires_at IS NOT NULL`, ttl.Seconds(), id, worker)
	if err != nil {
		return fmt.Errorf("arena: renew leases of %s: %w", worker, err)
	}
	return nil
}

// finishSet marks the set pair done (every game recorded) if worker still
// holds it; a set taken over meanwhile is left to its new holder.
func (s *Store) finishSet(ctx context.Context, id, pair, worker string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET done = true, expires_at = NULL
WHERE tournament_id = ? AND pair_id = ? AND worker = ?`, id, pair, worker)
	if err != nil {
		return fmt.Errorf("arena: finish set %s: %w", pair, err)
	}
	return nil
}

// releaseSet frees the set pair, if worker holds it, for another worker or
// a later run to claim at once.
func (s *Store) releaseSet(ctx context.Context, id, pair, worker string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET expires_at = NULL, worker = ''
WHERE tournament_id = ? AND pair_id = ? AND worker = ? AND NOT done`, id, pair, worker)
	if err != nil {
		return fmt.Errorf("arena: release set %s: %w", pair, err)
	}
	return nil
}

// unfinishedSets counts the sets of tournament id that are not done, leaving
// out those in skip.
func (s *Store) unfinishedSets(ctx context.Context, id string, skip []string) (int, error) {
	if skip == nil {
		skip = []string{}
	}
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM leases WHERE tournament_id = ? AND NOT done
AND NOT (pair_id = ANY(?))`, id, skip).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("arena: count unfinished sets of %s: %w", id, err)
	}
	return n, nil
}

// recordedKeys returns which of keys tournament id has recorded games for.
func (s *Store) recordedKeys(ctx context.Context, id string, keys []string) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game_key FROM games WHERE tournament_id = ? AND game_key = ANY(?)`, id, keys)
	if err != nil {
		return nil, fmt.Errorf("arena: recorded keys: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("arena: recorded keys: %w", err)
		}
		out[k] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: recorded keys: %w", err)
	}
	return out, nil
}

// countGames returns the number of recorded games of tournament id.
func (s *Store) countGames(ctx context.Context, id string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE tournament_id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("arena: count games of %s: %w", id, err)
	}
	return n, nil
}
