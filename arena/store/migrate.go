package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// migrations are the schema changes, applied in order; migrations[i] takes
// the schema to version i+1. Never edit a published migration: append one.
var migrations = []string{
	// Version 1: tournaments, runs, games, faults. Every table is
	// append-only, enforced by triggers.
	`
CREATE TABLE tournaments (
	id                TEXT PRIMARY KEY,
	created_at        TEXT NOT NULL,
	schedule_version  INTEGER NOT NULL,
	kind              TEXT NOT NULL,
	gauntlet_bot      TEXT NOT NULL,
	seed              INTEGER NOT NULL, -- uint64 bit pattern stored as int64
	games_per_pairing INTEGER NOT NULL,
	bots              TEXT NOT NULL,    -- JSON [{"name","version"}], schedule order
	scenarios         TEXT NOT NULL,    -- JSON [{"id","version","hash"}], sorted
	planned           INTEGER NOT NULL
);
CREATE TABLE runs (
	id            INTEGER PRIMARY KEY,
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	started_at    TEXT NOT NULL,
	command       TEXT NOT NULL,
	concurrency   INTEGER NOT NULL,
	max_attempts  INTEGER NOT NULL,
	arena_version TEXT NOT NULL
);
CREATE TABLE games (
	id               INTEGER PRIMARY KEY,
	tournament_id    TEXT NOT NULL REFERENCES tournaments(id),
	game_key         TEXT NOT NULL,
	pair_id          TEXT NOT NULL,
	seq              INTEGER NOT NULL,
	round            INTEGER NOT NULL,
	leg              INTEGER NOT NULL CHECK (leg IN (0, 1)),
	scenario_id      TEXT NOT NULL,
	scenario_version TEXT NOT NULL,
	scenario_hash    TEXT NOT NULL,
	seed             INTEGER NOT NULL, -- uint64 bit pattern stored as int64
	bot_x            TEXT NOT NULL,
	bot_x_version    TEXT NOT NULL,
	bot_y            TEXT NOT NULL,
	bot_y_version    TEXT NOT NULL,
	first_mover      TEXT NOT NULL CHECK (first_mover IN ('X', 'Y')),
	result           TEXT NOT NULL CHECK (result IN ('X', 'Y', 'draw')),
	score_x          REAL NOT NULL,    -- 1, 0.5 or 0 from side X's view
	termination      TEXT NOT NULL,
	reason           TEXT NOT NULL,
	turns            INTEGER NOT NULL,
	points_x         REAL NOT NULL,
	points_y         REAL NOT NULL,
	attempt          INTEGER NOT NULL,
	arena_version    TEXT NOT NULL,
	started_at       TEXT NOT NULL,
	ended_at         TEXT NOT NULL,
	UNIQUE (tournament_id, game_key)
);
CREATE INDEX games_by_tournament_seq ON games (tournament_id, seq);
CREATE TABLE faults (
	id            INTEGER PRIMARY KEY,
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	game_key      TEXT NOT NULL,
	attempt       INTEGER NOT NULL,
	error         TEXT NOT NULL,
	arena_version TEXT NOT NULL,
	started_at    TEXT NOT NULL,
	ended_at      TEXT NOT NULL
);
CREATE INDEX faults_by_tournament ON faults (tournament_id, id);
CREATE TRIGGER tournaments_no_update BEFORE UPDATE ON tournaments BEGIN SELECT RAISE(ABORT, 'tournaments is append-only'); END;
CREATE TRIGGER tournaments_no_delete BEFORE DELETE ON tournaments BEGIN SELECT RAISE(ABORT, 'tournaments is append-only'); END;
CREATE TRIGGER runs_no_update BEFORE UPDATE ON runs BEGIN SELECT RAISE(ABORT, 'runs is append-only'); END;
CREATE TRIGGER runs_no_delete BEFORE DELETE ON runs BEGIN SELECT RAISE(ABORT, 'runs is append-only'); END;
CREATE TRIGGER games_no_update BEFORE UPDATE ON games BEGIN SELECT RAISE(ABORT, 'games is append-only'); END;
CREATE TRIGGER games_no_delete BEFORE DELETE ON games BEGIN SELECT RAISE(ABORT, 'games is append-only'); END;
CREATE TRIGGER faults_no_update BEFORE UPDATE ON faults BEGIN SELECT RAISE(ABORT, 'faults is append-only'); END;
CREATE TRIGGER faults_no_delete BEFORE DELETE ON faults BEGIN SELECT RAISE(ABORT, 'faults is append-only'); END;
`,
	// Version 2: games of any number of seats. A game row keeps what the
	// game is (its seats' count, first mover as a seat, termination); one
	// game_seats row per seat and game holds the bot, its finishing place
	// (1 first, ties shared) and its score in the game's points. The games
	// of version 1 move over: side X is seat 0, side Y seat 1, a win of X
	// ranks them 1 and 2, a draw 1 and 1. The row ids are kept.
	`
CREATE TABLE games_v2 (
	id               INTEGER PRIMARY KEY,
	tournament_id    TEXT NOT NULL REFERENCES tournaments(id),
	game_key         TEXT NOT NULL,
	pair_id          TEXT NOT NULL,    -- the rotation set (two seats: the pair)
	seq              INTEGER NOT NULL,
	round            INTEGER NOT NULL,
	leg              INTEGER NOT NULL CHECK (leg >= 0 AND leg < seats), -- the rotation
	seats            INTEGER NOT NULL CHECK (seats >= 2),
	scenario_id      TEXT NOT NULL,
	scenario_version TEXT NOT NULL,
	scenario_hash    TEXT NOT NULL,
	seed             INTEGER NOT NULL, -- uint64 bit pattern stored as int64
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
CREATE TABLE game_seats (
	game_id     INTEGER NOT NULL REFERENCES games_v2(id),
	seat        INTEGER NOT NULL CHECK (seat >= 0),
	bot         TEXT NOT NULL,
	bot_version TEXT NOT NULL,
	rank        INTEGER NOT NULL CHECK (rank >= 1), -- 1 first, ties share the best place
	points      REAL NOT NULL,                      -- the seat's score in the game's points
	PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
INSERT INTO games_v2 (id, tournament_id, game_key, pair_id, seq, round, leg, seats, scenario_id,
	scenario_version, scenario_hash, seed, first_mover, termination, reason, turns, attempt,
	arena_version, started_at, ended_at)
SELECT id, tournament_id, game_key, pair_id, seq, round, leg, 2, scenario_id, scenario_version,
	scenario_hash, seed, CASE first_mover WHEN 'X' THEN 0 ELSE 1 END, termination, reason, turns,
	attempt, arena_version, started_at, ended_at FROM games;
INSERT INTO game_seats (game_id, seat, bot, bot_version, rank, points)
SELECT id, 0, bot_x, bot_x_version, CASE result WHEN 'Y' THEN 2 ELSE 1 END, points_x FROM games;
INSERT INTO game_seats (game_id, seat, bot, bot_version, rank, points)
SELECT id, 1, bot_y, bot_y_version, CASE result WHEN 'X' THEN 2 ELSE 1 END, points_y FROM games;
DROP TABLE games;
ALTER TABLE games_v2 RENAME TO games;
CREATE INDEX games_by_tournament_seq ON games (tournament_id, seq);
CREATE TRIGGER games_no_update BEFORE UPDATE ON games BEGIN SELECT RAISE(ABORT, 'games is append-only'); END;
CREATE TRIGGER games_no_delete BEFORE DELETE ON games BEGIN SELECT RAISE(ABORT, 'games is append-only'); END;
CREATE TRIGGER game_seats_no_update BEFORE UPDATE ON game_seats BEGIN SELECT RAISE(ABORT, 'game_seats is append-only'); END;
CREATE TRIGGER game_seats_no_delete BEFORE DELETE ON game_seats BEGIN SELECT RAISE(ABORT, 'game_seats is append-only'); END;
`,
	// Version 3: the kind of a game's ending beside its reason (empty for the
	// games of earlier versions and for games that give none), and the
	// rating prior a run was started with (NULL for the runs of earlier
	// versions), which the reading commands use by default.
	`
ALTER TABLE games ADD COLUMN end_kind TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN rating_prior REAL;
`,
	// Version 4: the names of each scenario's seats as the game named them
	// when the tournament was run ("lawmen", "outlaws"), one row per
	// tournament, scenario and seat, outside the tournament's identity, so
	// that a reader names the seats of a scenario it cannot set up (a
	// designer's file). The tournaments of earlier versions have none until
	// a run of this version resumes them.
	`
CREATE TABLE scenario_seats (
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	scenario_id   TEXT NOT NULL,
	seat          INTEGER NOT NULL CHECK (seat >= 0),
	name          TEXT NOT NULL,
	PRIMARY KEY (tournament_id, scenario_id, seat)
) WITHOUT ROWID;
CREATE TRIGGER scenario_seats_no_update BEFORE UPDATE ON scenario_seats BEGIN SELECT RAISE(ABORT, 'scenario_seats is append-only'); END;
CREATE TRIGGER scenario_seats_no_delete BEFORE DELETE ON scenario_seats BEGIN SELECT RAISE(ABORT, 'scenario_seats is append-only'); END;
`,
	// Version 5: a run's labels, name to value, which the command that
	// started the run gives and the store does not read ('arena tune'
	// records there the search a run belongs to and the knob's value as
	// the file writes it). The runs of earlier versions have none.
	`
CREATE TABLE run_labels (
	run_id INTEGER NOT NULL REFERENCES runs(id),
	name   TEXT NOT NULL,
	value  TEXT NOT NULL,
	PRIMARY KEY (run_id, name)
) WITHOUT ROWID;
CREATE TRIGGER run_labels_no_update BEFORE UPDATE ON run_labels BEGIN SELECT RAISE(ABORT, 'run_labels is append-only'); END;
CREATE TRIGGER run_labels_no_delete BEFORE DELETE ON run_labels BEGIN SELECT RAISE(ABORT, 'run_labels is append-only'); END;
`,
	// Version 6: the work queue of the processes that play a tournament on
	// one file together, as PostgreSQL's workers do: one row per rotation
	// set, leased by one worker at a time until expires_at (a stored time:
	// the processes sharing a file in WAL mode share a machine and its
	// clock), renewed by its heartbeat. Not append-only: leases change
	// hands. The tournaments of earlier versions get their rows when a run
	// of this version resumes them.
	`
CREATE TABLE leases (
	tournament_id TEXT NOT NULL REFERENCES tournaments(id),
	pair_id       TEXT NOT NULL,
	first_seq     INTEGER NOT NULL,          -- schedule position of the set's first game
	worker        TEXT NOT NULL DEFAULT '',
	expires_at    TEXT,                      -- NULL: free
	done          INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
	PRIMARY KEY (tournament_id, pair_id)
) WITHOUT ROWID;
CREATE INDEX leases_todo ON leases (tournament_id, first_seq) WHERE NOT done;
`,
}

// SchemaVersion is the schema version this package writes and reads: the
// number of migrations.
const SchemaVersion = 6

// minReadableVersion is the oldest schema version [OpenReadOnly] reads
// without a migration (version 1 is read by a query of its own).
const minReadableVersion = 1

// ErrSchemaTooNew is returned by [Open] for a database migrated by a
// newer arena than this one.
var ErrSchemaTooNew = errors.New("arena: database schema is newer than this arena")

// ErrSchemaTooOld is returned by [OpenReadOnly] for a database that
// needs a migration before this arena can read it: opening it with
// [Open] (any 'arena run' on it) migrates it.
var ErrSchemaTooOld = errors.New("arena: database schema is older than this arena; open it writable once to migrate it")

// migrate brings db's schema to SchemaVersion in one immediate transaction,
// which holds the write lock from its start: several arenas opening the same
// new database at once apply each migration exactly once, one after the
// other.
func migrate(ctx context.Context, db *sqlDB, now time.Time) (err error) {
	tx, err := db.BeginTx(ctx, nil) // immediate: the DSN sets _txlock
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback() // the error that matters is err
		}
	}()
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
	for target := v + 1; target <= SchemaVersion; target++ {
		if _, err := tx.ExecContext(ctx, migrations[target-1]); err != nil {
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

// querier is what schemaVersion needs of an *sqlDB or *sqlTx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// schemaVersion returns the highest applied migration, 0 for none.
func schemaVersion(ctx context.Context, db querier) (int, error) {
	var v sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return int(v.Int64), nil
}
