package store

import (
	"context"
	"encoding/json"
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

// reopenMissingPostgres is ReopenMissing's statement on PostgreSQL: the queue and the games
// read, and the damaged sets reopened, in one statement. It returns the missing games' keys.
func (s *Store) reopenMissingPostgres(ctx context.Context, id string, pairs, keys []string) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, `WITH plan (pair_id, game_key) AS (
	SELECT * FROM unnest(?::text[], ?::text[])
), missing AS (
	SELECT p.pair_id, p.game_key FROM plan p
	JOIN leases l ON l.tournament_id = ? AND l.pair_id = p.pair_id AND l.done
	WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.tournament_id = ? AND g.game_key = p.game_key)
), reopened AS (
	UPDATE leases SET done = false, worker = '', expires_at = NULL
	WHERE tournament_id = ? AND done AND pair_id IN (SELECT pair_id FROM missing)
	RETURNING pair_id
)
SELECT m.game_key FROM missing m JOIN reopened r ON r.pair_id = m.pair_id`, pairs, keys, id, id, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	found := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		found[k] = true
	}
	return found, rows.Err()
}

// reopenMissingSQLite is ReopenMissing on SQLite: SQLite has no data-modifying common table
// expressions, so the missing games are read and their sets reopened in one write
// transaction, which no other process can interleave (SQLite has one writer at a time).
func (s *Store) reopenMissingSQLite(ctx context.Context, id string, pairs, keys []string) (map[string]bool, error) {
	plan := make([][2]string, len(pairs))
	for i := range pairs {
		plan[i] = [2]string{pairs[i], keys[i]}
	}
	js, err := json.Marshal(plan)
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	err = s.write(ctx, func(tx *sqlTx) error {
		clear(found)
		rows, err := tx.QueryContext(ctx, `SELECT p.pair_id, p.game_key FROM
	(SELECT json_extract(value, '$[0]') AS pair_id, json_extract(value, '$[1]') AS game_key FROM json_each(?)) p
	JOIN leases l ON l.tournament_id = ? AND l.pair_id = p.pair_id AND l.done
	WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.tournament_id = ? AND g.game_key = p.game_key)`, string(js), id, id)
		if err != nil {
			return err
		}
		var reopen []string
		for rows.Next() {
			var pair, key string
			if err := rows.Scan(&pair, &key); err != nil {
				rows.Close()
				return err
			}
			found[key] = true
			reopen = append(reopen, pair)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(reopen) == 0 {
			return nil
		}
		cond, arg, err := s.inList("pair_id", reopen)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE leases SET done = false, worker = '', expires_at = NULL
WHERE tournament_id = ? AND done AND `+cond, id, arg)
		return err
	})
	return found, err
}
