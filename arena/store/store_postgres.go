package store

// The PostgreSQL side of the store: opening a database by URL, its schema
// (a baseline and the migrations after it, in one transaction under an
// advisory lock), and its forms of the statements that differ from
// SQLite's: the lease queue (server clock, SKIP LOCKED) and the check of
// finished sets (one data-modifying statement).

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// IsPostgresURL reports whether the store path db names a PostgreSQL
// database: a URL of scheme postgres:// or postgresql://, as libpq writes
// them (e.g. postgres://user@host:5432/arena, or
// postgres:///arena?host=/run/postgresql for a Unix socket).
func IsPostgresURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// pgMaxIdleConns is the number of idle connections a PostgreSQL store keeps
// for reuse (the pool itself is not bounded).
const pgMaxIdleConns = 16

// openPostgres opens the PostgreSQL database at the URL u: for writing, its
// schema is migrated to SchemaVersion; read-only, every session is read-only
// (default_transaction_read_only) and the schema must be readable as it is.
func openPostgres(ctx context.Context, u string, readOnly bool) (*Store, error) {
	name := RedactURL(u)
	cfg, err := pgx.ParseConfig(u)
	if err != nil {
		return nil, fmt.Errorf("arena: open store %s: %w", name, err)
	}
	if readOnly {
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
	}
	raw := stdlib.OpenDB(*cfg)
	raw.SetMaxIdleConns(pgMaxIdleConns)
	db := newSQLDB(raw, postgres)
	s := &Store{db: db, now: time.Now, version: SchemaVersion, readOnly: readOnly}
	if readOnly {
		err = s.checkReadable(ctx)
	} else {
		err = migratePostgres(ctx, db, s.now())
	}
	if err != nil {
		_ = raw.Close() // err is the one to report
		return nil, fmt.Errorf("arena: open store %s: %w", name, err)
	}
	return s, nil
}

// checkReadable sets s.version from the database, failing unless this arena
// reads it as it is.
func (s *Store) checkReadable(ctx context.Context) error {
	v, err := schemaVersion(ctx, s.db)
	switch {
	case err != nil:
		return err
	case v > SchemaVersion:
		return fmt.Errorf("%w: database at version %d, arena knows %d", ErrSchemaTooNew, v, SchemaVersion)
	case v < pgBaselineVersion:
		return fmt.Errorf("%w: database at version %d, arena reads %d to %d", ErrSchemaTooOld, v, pgBaselineVersion, SchemaVersion)
	}
	s.version = v
	return nil
}

// pgBaselineVersion is the schema version that pgBaseline creates: a new
// PostgreSQL database starts there (no PostgreSQL store of an older version
// was ever written).
const pgBaselineVersion = 2

// pgBaseline is the schema of version pgBaselineVersion on PostgreSQL: the
// tables, columns and constraints of the SQLite schema of that version, with
// PostgreSQL's types (BIGINT for 64-bit values, DOUBLE PRECISION for REAL,
// identity columns for INTEGER PRIMARY KEY) and times kept as the same
// fixed-width UTC text. Every table is append-only, enforced by triggers.
const pgBaseline = `
CREATE TABLE tournaments (
	id                TEXT PRIMARY KEY,
	created_at        TEXT NOT NULL,
	schedule_version  INTEGER NOT NULL,
	kind              TEXT NOT NULL,
	gauntlet_bot      TEXT NOT NULL,
	seed              BIGINT NOT NULL, -- uint64 bit pattern stored as int64
	games_per_pairing INTEGER NOT NULL,
	bots              TEXT NOT NULL,   -- JSON [{"name","version"}], schedule order
	scenarios         TEXT NOT NULL,   -- JSON [{"id","version","hash"}], sorted
	planned           INTEGER NOT NULL
);
CREATE TABLE runs (
	id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	started_at    TEXT NOT NULL,
	command       TEXT NOT NULL,
	concurrency   INTEGER NOT NULL,
	max_attempts  INTEGER NOT NULL,
	arena_version TEXT NOT NULL
);
CREATE TABLE games (
	id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament_id    TEXT NOT NULL REFERENCES tournaments(id),
	game_key         TEXT NOT NULL,
	pair_id          TEXT NOT NULL,
	seq              INTEGER NOT NULL,
	round            INTEGER NOT NULL,
	leg              INTEGER NOT NULL CHECK (leg >= 0 AND leg < seats),
	seats            INTEGER NOT NULL CHECK (seats >= 2),
	scenario_id      TEXT NOT NULL,
	scenario_version TEXT NOT NULL,
	scenario_hash    TEXT NOT NULL,
	seed             BIGINT NOT NULL, -- uint64 bit pattern stored as int64
	first_mover      INTEGER NOT NULL CHECK (first_mover >= 0 AND first_mover < seats),
	termination      TEXT NOT NULL,
	reason           TEXT NOT NULL,
	turns            INTEGER NOT NULL,
	attempt          INTEGER NOT NULL,
	arena_version    TEXT NOT NULL,
	started_at       TEXT NOT NULL,
	ended_at         TEXT NOT NULL,
	UNIQUE (tournament_id, game_key)
);
CREATE INDEX games_by_tournament_seq ON games (tournament_id, seq);
CREATE TABLE game_seats (
	game_id     BIGINT NOT NULL REFERENCES games(id),
	seat        INTEGER NOT NULL CHECK (seat >= 0),
	bot         TEXT NOT NULL,
	bot_version TEXT NOT NULL,
	rank        INTEGER NOT NULL CHECK (rank >= 1),
	points      DOUBLE PRECISION NOT NULL,
	PRIMARY KEY (game_id, seat)
);
CREATE TABLE faults (
	id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	game_key      TEXT NOT NULL,
	attempt       INTEGER NOT NULL,
	error         TEXT NOT NULL,
	arena_version TEXT NOT NULL,
	started_at    TEXT NOT NULL,
	ended_at      TEXT NOT NULL
);
CREATE INDEX faults_by_tournament ON faults (tournament_id, id);
-- The work queue of the workers: one row per rotation set of a tournament,
-- leased by one worker at a time until expires_at (the database's clock),
-- renewed by its heartbeat. Not append-only: leases change hands.
CREATE TABLE leases (
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	pair_id       TEXT NOT NULL,
	first_seq     INTEGER NOT NULL,   -- schedule position of the set's first game
	worker        TEXT NOT NULL DEFAULT '',
	expires_at    TIMESTAMPTZ,        -- NULL: free
	done          BOOLEAN NOT NULL DEFAULT false,
	PRIMARY KEY (tournament_id, pair_id)
);
CREATE INDEX leases_todo ON leases (tournament_id, first_seq) WHERE NOT done;
CREATE FUNCTION arena_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER tournaments_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON tournaments
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
CREATE TRIGGER runs_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON runs
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
CREATE TRIGGER games_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON games
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
CREATE TRIGGER game_seats_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON game_seats
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
CREATE TRIGGER faults_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON faults
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
`

// pgMigrations are the PostgreSQL forms of the migrations after the
// baseline: pgMigrations[v] takes the schema from v-1 to v. Every SQLite
// migration past pgBaselineVersion has one here.
var pgMigrations = map[int]string{
	// Version 3: the kind of a game's ending, the rating prior of a run.
	3: `
ALTER TABLE games ADD COLUMN end_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN rating_prior DOUBLE PRECISION;
`,
	// Version 4: the names of each scenario's seats, per tournament.
	4: `
CREATE TABLE scenario_seats (
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	scenario_id   TEXT NOT NULL,
	seat          INTEGER NOT NULL CHECK (seat >= 0),
	name          TEXT NOT NULL,
	PRIMARY KEY (tournament_id, scenario_id, seat)
);
CREATE TRIGGER scenario_seats_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON scenario_seats
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
`,
	// Version 5: the labels of a run.
	5: `
CREATE TABLE run_labels (
	run_id BIGINT NOT NULL REFERENCES runs(id),
	name   TEXT NOT NULL,
	value  TEXT NOT NULL,
	PRIMARY KEY (run_id, name)
);
CREATE TRIGGER run_labels_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON run_labels
	FOR EACH STATEMENT EXECUTE FUNCTION arena_append_only();
`,
	// Version 6: SQLite's work queue, which PostgreSQL has had since its
	// baseline: nothing to change.
	6: `SELECT 1`,
}

// pgMigrateLock is the key of the transaction-scoped advisory lock that
// serializes migrations: several arenas opening a new database at once
// apply each migration exactly once, one after the other.
const pgMigrateLock = 0x666c69636b // "flick"

// migratePostgres brings db's schema to SchemaVersion in one transaction
// holding pgMigrateLock.
func migratePostgres(ctx context.Context, db *sqlDB, now time.Time) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback() // the error that matters is err
		}
	}()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, pgMigrateLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER PRIMARY KEY,
	applied_at TEXT NOT NULL
)`); err != nil {
		return fmt.Errorf("create migration table: %w", err)
	}
	v, err := schemaVersion(ctx, tx)
	if err != nil {
		return err
	}
	if v > SchemaVersion {
		return fmt.Errorf("%w: database at version %d, arena knows %d", ErrSchemaTooNew, v, SchemaVersion)
	}
	steps := map[int]string{}
	if v < pgBaselineVersion {
		if v != 0 {
			return fmt.Errorf("migrate: PostgreSQL database at version %d, before the baseline %d", v, pgBaselineVersion)
		}
		steps[pgBaselineVersion] = pgBaseline
		v = pgBaselineVersion - 1
	}
	for target := v + 1; target <= SchemaVersion; target++ {
		stmt, ok := steps[target]
		if !ok {
			if stmt, ok = pgMigrations[target]; !ok {
				return fmt.Errorf("migrate to %d: no PostgreSQL migration", target)
			}
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("migrate to %d: %w", target, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
			target, formatTime(now)); err != nil {
			return fmt.Errorf("migrate to %d: %w", target, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// postgresInList is [Store.inList] on PostgreSQL: the values as an array.
func postgresInList(col string, vals []string) (string, any, error) {
	return col + " = ANY(?)", vals, nil
}

// planLeasesPostgres is [Store.PlanLeases] on PostgreSQL: one statement.
func (s *Store) planLeasesPostgres(ctx context.Context, id string, pairs []string, seqs []int32) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO leases (tournament_id, pair_id, first_seq)
SELECT ?, p, q FROM unnest(?::text[], ?::int[]) AS u(p, q) ON CONFLICT DO NOTHING`, id, pairs, seqs)
	return err
}

// claimSetPostgres is [Store.ClaimSet] on PostgreSQL: expiries by the
// server's clock, and claimers never wait for each other (SKIP LOCKED). It
// fails with sql.ErrNoRows when there is no set to claim.
func (s *Store) claimSetPostgres(ctx context.Context, c claim) (string, error) {
	var pair string
	err := s.db.QueryRowContext(ctx, `UPDATE leases SET worker = ?, expires_at = now() + make_interval(secs => ?)
WHERE tournament_id = ? AND pair_id = (
	SELECT pair_id FROM leases
	WHERE tournament_id = ? AND NOT done AND (expires_at IS NULL OR expires_at < now() OR worker = ?)
	AND NOT (`+c.notSkipped+`) AND NOT (worker <> ? AND `+c.held+`)
	ORDER BY first_seq LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING pair_id`, c.worker, c.ttl.Seconds(), c.id, c.id, c.worker, c.skipArg, c.worker, c.siblingsArg).Scan(&pair)
	return pair, err
}

// renewLeasesPostgres is [Store.RenewLeases] on PostgreSQL, held (with its
// argument) being the condition on the holders.
func (s *Store) renewLeasesPostgres(ctx context.Context, id, held string, holdersArg any, ttl time.Duration) error {
	_, err := s.db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + make_interval(secs => ?)
WHERE tournament_id = ? AND `+held+` AND NOT done AND expires_at IS NOT NULL`, ttl.Seconds(), id, holdersArg)
	return err
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
