package store

// The SQLite side of the store: opening a file (writable, or read-only
// without side files), WAL mode, and the retry of SQLITE_BUSY. Its schema
// and migrations are in migrate.go, its integrity check in integrity.go,
// the snapshot of a file read as immutable in snapshot.go.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// openSQLite is [Open] for the SQLite file at path.
func openSQLite(ctx context.Context, path string) (*Store, error) {
	if path == "" || path == ":memory:" || strings.ContainsRune(path, '?') || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("arena: open store: want a plain file path, got %q", path)
	}
	// Per connection: wait for other writers; synchronous=FULL so that a
	// committed game survives a power cut too; immediate transactions so
	// that a writer takes the write lock at BEGIN and never has to upgrade
	// (an upgrade can fail with SQLITE_BUSY without waiting). WAL mode is
	// set once below, not here: it is stored in the file, and the switch
	// fails at once with SQLITE_BUSY, busy timeout or not, while another
	// connection opens the file.
	dsn := path + fmt.Sprintf("?_pragma=busy_timeout(%d)", BusyTimeout.Milliseconds()) +
		"&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate"
	raw, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("arena: open store %q: %w", path, err)
	}
	db := newSQLDB(raw, sqlite)
	s := &Store{db: db, now: time.Now, version: SchemaVersion}
	if err := quickCheck(ctx, db, path); err != nil {
		_ = db.Close() // the check's error is the one to report
		if errors.Is(err, ErrDamaged) {
			return nil, err // it says it all
		}
		return nil, fmt.Errorf("arena: open store %q: %w", path, err)
	}
	if err := retryBusy(ctx, func() error { return setWAL(ctx, db) }); err != nil {
		_ = db.Close() // the WAL error is the one to report
		return nil, fmt.Errorf("arena: open store %q: %w", path, err)
	}
	if err := retryBusy(ctx, func() error { return migrate(ctx, db, s.now()) }); err != nil {
		_ = db.Close() // the migration error is the one to report
		return nil, fmt.Errorf("arena: open store %q: %w", path, err)
	}
	return s, nil
}

// openSQLiteReadOnly is [OpenReadOnly] for the SQLite file at path.
func openSQLiteReadOnly(ctx context.Context, path string) (*Store, error) {
	if path == "" || path == ":memory:" {
		return nil, fmt.Errorf("arena: open store: want a file path, got %q", path)
	}
	snap, err := takeSnapshot(path)
	if err != nil {
		return nil, fmt.Errorf("arena: open store: %w", err)
	}
	modes := []string{"mode=ro", "mode=ro&immutable=1"}
	if snap.quiescent {
		modes = modes[1:]
	}
	var (
		errs []error
		seen = map[string]bool{}
	)
	for _, params := range modes {
		s, err := openReadOnly(ctx, path, params)
		if err == nil {
			if strings.Contains(params, "immutable") {
				s.snapshot = &snap
			}
			return s, nil
		}
		if errors.Is(err, ErrDamaged) {
			return nil, err // it says it all
		}
		if errors.Is(err, ErrSchemaTooNew) || errors.Is(err, ErrSchemaTooOld) {
			return nil, fmt.Errorf("arena: open store %q: %w", path, err)
		}
		if !seen[err.Error()] { // both modes often fail alike: say it once
			seen[err.Error()] = true
			errs = append(errs, err)
		}
	}
	return nil, fmt.Errorf("arena: open store %q read-only: %w", path, errors.Join(errs...))
}

// readOnlyURI returns the SQLite URI of the file at path with the query
// params (SQLite ignores the driver's _pragma parameters).
func readOnlyURI(path, params string) string {
	u := url.URL{Scheme: "file", Opaque: (&url.URL{Path: path}).EscapedPath()}
	return u.String() + "?" + params + fmt.Sprintf("&_pragma=busy_timeout(%d)", BusyTimeout.Milliseconds()) +
		"&_pragma=query_only(1)"
}

// openReadOnly opens path read-only with the URI params and checks its
// schema version.
func openReadOnly(ctx context.Context, path, params string) (*Store, error) {
	raw, err := sql.Open("sqlite", readOnlyURI(path, params))
	if err != nil {
		return nil, err
	}
	db := newSQLDB(raw, sqlite)
	if err := quickCheck(ctx, db, path); err != nil {
		_ = db.Close() // the check's error is the one to report
		return nil, err
	}
	v, err := schemaVersion(ctx, db)
	switch {
	case err != nil:
	case v > SchemaVersion:
		err = fmt.Errorf("%w: database at version %d, arena knows %d", ErrSchemaTooNew, v, SchemaVersion)
	case v < minReadableVersion:
		err = fmt.Errorf("%w: database at version %d, arena reads %d to %d", ErrSchemaTooOld, v, minReadableVersion, SchemaVersion)
	}
	if err != nil {
		_ = db.Close() // err is the one to report
		return nil, err
	}
	return &Store{db: db, now: time.Now, version: v, readOnly: true}, nil
}

// setWAL switches db to WAL mode (a no-op when it is in WAL mode already).
func setWAL(ctx context.Context, db *sqlDB) error {
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode); err != nil {
		return fmt.Errorf("set WAL mode: %w", err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("set WAL mode: journal mode is %q", mode)
	}
	return nil
}

// sqliteBusy is SQLite's primary result code SQLITE_BUSY.
const sqliteBusy = 5

// retryBusy calls f until it does not fail with SQLITE_BUSY, for at most
// BusyTimeout, with growing pauses of up to 100 ms. It covers the few
// operations for which SQLite returns SQLITE_BUSY without waiting.
func retryBusy(ctx context.Context, f func() error) error {
	deadline := time.Now().Add(BusyTimeout)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		err := f()
		var coded interface{ Code() int }
		if err == nil || !errors.As(err, &coded) || coded.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return err
		}
		if !sleep(ctx, pause) {
			return errors.Join(err, ctx.Err())
		}
	}
}

// sqliteInList is [Store.inList] on SQLite: the values as a JSON array, read
// by json_each.
func sqliteInList(col string, vals []string) (string, any, error) {
	js, err := json.Marshal(vals)
	if err != nil {
		return "", nil, err
	}
	return col + " IN (SELECT value FROM json_each(?))", string(js), nil
}

// sqliteExpiry returns, on SQLite, the stored time now and ttl from now:
// SQLite has no clock of its own, and the processes that share a file share
// a machine.
func (s *Store) sqliteExpiry(ttl time.Duration) (now, expires string) {
	t := s.now()
	return formatTime(t), formatTime(t.Add(ttl))
}

// planLeasesSQLite is [Store.PlanLeases] on SQLite: one write transaction.
func (s *Store) planLeasesSQLite(ctx context.Context, id string, pairs []string, seqs []int32) error {
	return s.write(ctx, func(tx *sqlTx) error {
		for i, p := range pairs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO leases (tournament_id, pair_id, first_seq)
VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, p, seqs[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// claimSetSQLite is [Store.ClaimSet] on SQLite: one write transaction, so
// that claimers take turns; expiries are stored times ([Store.sqliteExpiry]).
// It fails with sql.ErrNoRows when there is no set to claim.
func (s *Store) claimSetSQLite(ctx context.Context, c claim) (string, error) {
	var pair string
	now, expires := s.sqliteExpiry(c.ttl)
	err := s.write(ctx, func(tx *sqlTx) error {
		return tx.QueryRowContext(ctx, `UPDATE leases SET worker = ?, expires_at = ?
WHERE tournament_id = ? AND pair_id = (
	SELECT pair_id FROM leases
	WHERE tournament_id = ? AND NOT done AND (expires_at IS NULL OR expires_at < ? OR worker = ?)
	AND NOT (`+c.notSkipped+`) AND NOT (worker <> ? AND `+c.held+`)
	ORDER BY first_seq LIMIT 1)
RETURNING pair_id`, c.worker, expires, c.id, c.id, now, c.worker, c.skipArg, c.worker, c.siblingsArg).Scan(&pair)
	})
	return pair, err
}

// renewLeasesSQLite is [Store.RenewLeases] on SQLite, held (with its
// argument) being the condition on the holders.
func (s *Store) renewLeasesSQLite(ctx context.Context, id, held string, holdersArg any, ttl time.Duration) error {
	_, expires := s.sqliteExpiry(ttl)
	return s.write(ctx, func(tx *sqlTx) error {
		_, err := tx.ExecContext(ctx, `UPDATE leases SET expires_at = ?
WHERE tournament_id = ? AND `+held+` AND NOT done AND expires_at IS NOT NULL`, expires, id, holdersArg)
		return err
	})
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
