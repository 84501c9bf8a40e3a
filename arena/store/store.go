package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/flickarena/flickarena/arena"
)

// BusyTimeout is how long a store waits for another writer (another arena on
// the same database) before giving up with "database is locked".
const BusyTimeout = 30 * time.Second

// Store is the append-only results database: an SQLite file in WAL mode,
// or a PostgreSQL database (see [Open]).
// Several Stores, in one process or several, may use the same file at once:
// writes are serialized by SQLite's lock, each game is committed in its own
// transaction, and a game already recorded is never recorded twice; the
// runners of one tournament share its games through the store's leases
// ([Store.Leased]). A crash loses at most the games not yet appended.
//
// A Store is safe for concurrent use.
type Store struct {
	db  *sqlDB
	now func() time.Time
	// version is the schema version of the database: SchemaVersion, or an
	// older one that a read-only store reads as it is.
	version int
	// readOnly is set for a store opened by OpenReadOnly.
	readOnly bool
	// snapshot is the file as it was when a read-only store opened it as
	// immutable (nil otherwise), for CheckSnapshot.
	snapshot *fileSnapshot
}

// Store is the runner's store.
var _ arena.RunStore = (*Store)(nil)

// Open opens, creating it if needed, the results database at path (a
// file path; it must not contain '?'), and migrates its schema to
// [SchemaVersion]. A path that is a PostgreSQL URL ([IsPostgresURL]) opens
// that database instead, which must exist (its tables are created). It fails with [ErrSchemaTooNew] for a database written by
// a newer arena, and with [ErrDamaged] for an SQLite file that fails
// SQLite's quick integrity check, which it runs at every open (its time
// grows with the file's size: about 0.6 s for 200,000 games, 52 MB).
func Open(ctx context.Context, path string) (*Store, error) {
	if IsPostgresURL(path) {
		return openPostgres(ctx, path, false)
	}
	return openSQLite(ctx, path)
}

// OpenReadOnly opens the existing results database at path for
// reading only: nothing is ever written to it and no file is created beside
// it (no WAL switch, no migration, no -wal or -shm file), so an archived or
// shared file, or one in a read-only directory, can be read, and reading
// leaves its directory as it was. A file without -wal, -shm or -journal
// file beside it is closed by every writer and fully checkpointed: it is
// opened as immutable (the URI parameters mode=ro&immutable=1: no locks, no
// -shm), and a writer that opens it while it is read is detected by
// [Store.CheckSnapshot]. A file beside which a writer's -wal and -shm files
// exist is opened in SQLite's read-only mode (mode=ro), which shares them
// with the writer; when that fails (a -shm file that a read-only directory
// keeps from being created), it is opened as immutable too. It fails with
// [ErrSchemaTooNew] for a database written by a newer arena, with
// [ErrSchemaTooOld] for one that needs a migration first, and with
// [ErrDamaged] for an SQLite file that fails SQLite's quick integrity check.
//
// The write methods of a read-only Store fail.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if IsPostgresURL(path) {
		return openPostgres(ctx, path, true)
	}
	return openSQLiteReadOnly(ctx, path)
}

// sleep waits for d or until ctx is done; it reports whether d elapsed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Close closes the database.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("arena: close store: %w", err)
	}
	return nil
}

// SchemaVersion returns the database's schema version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	v, err := schemaVersion(ctx, s.db)
	if err != nil {
		return 0, fmt.Errorf("arena: %w", err)
	}
	return v, nil
}

// RecordTournament records info unless a tournament with its ID is already
// recorded (same ID, same parameters). CreatedAt is set by the store. The
// seat names of its scenarios ([arena.Scenario.SeatNames]) are recorded beside
// it, those of a tournament recorded already too when it has none yet (a
// tournament begun by an older arena gets its names when it is resumed).
func (s *Store) RecordTournament(ctx context.Context, info arena.TournamentInfo) error {
	if info.ID == "" {
		return errors.New("arena: record tournament: empty id")
	}
	bots, err := json.Marshal(info.Bots)
	if err != nil {
		return fmt.Errorf("arena: record tournament %s: %w", info.ID, err)
	}
	scenarios, err := json.Marshal(info.Scenarios)
	if err != nil {
		return fmt.Errorf("arena: record tournament %s: %w", info.ID, err)
	}
	if err := checkSeatNames(info); err != nil {
		return fmt.Errorf("arena: record tournament %s: %w", info.ID, err)
	}
	err = s.write(ctx, func(tx *sqlTx) error {
		if _, err := insertTournament(ctx, tx, info, s.now(), bots, scenarios); err != nil {
			return err
		}
		return insertSeatNames(ctx, tx, info)
	})
	if err != nil {
		return fmt.Errorf("arena: record tournament %s: %w", info.ID, err)
	}
	return nil
}

// insertTournament inserts info, created at created, unless its ID is
// recorded already; bots and scenarios are its JSON columns. It reports
// whether it inserted.
func insertTournament(ctx context.Context, tx *sqlTx, info arena.TournamentInfo, created time.Time, bots, scenarios []byte) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO tournaments
(id, created_at, schedule_version, kind, gauntlet_bot, seed, games_per_pairing, bots, scenarios, planned)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
		info.ID, formatTime(created), info.ScheduleVersion, string(info.Kind), info.GauntletBot,
		int64(info.Seed), info.GamesPerPairing, string(bots), string(scenarios), info.Planned)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// checkSeatNames checks the seat names of info's scenarios: none, or one
// non-empty name per seat.
func checkSeatNames(info arena.TournamentInfo) error {
	for _, sc := range info.Scenarios {
		if len(sc.SeatNames) == 0 {
			continue
		}
		if len(sc.SeatNames) != sc.NumSeats() {
			return fmt.Errorf("scenario %s: %d seat names for %d seats", sc.ID, len(sc.SeatNames), sc.NumSeats())
		}
		for seat, n := range sc.SeatNames {
			if n == "" {
				return fmt.Errorf("scenario %s: seat %d has an empty name", sc.ID, seat)
			}
		}
	}
	return nil
}

// insertSeatNames records the seat names of info's scenarios, a seat that
// has its name recorded already keeping it.
func insertSeatNames(ctx context.Context, tx *sqlTx, info arena.TournamentInfo) error {
	for _, sc := range info.Scenarios {
		for seat, name := range sc.SeatNames {
			if _, err := tx.ExecContext(ctx, `INSERT INTO scenario_seats (tournament_id, scenario_id, seat, name)
VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, scenario_id, seat) DO NOTHING`, info.ID, sc.ID, seat, name); err != nil {
				return fmt.Errorf("seat names of %s: %w", sc.ID, err)
			}
		}
	}
	return nil
}

// seatNamesKey identifies a scenario of a tournament.
type seatNamesKey struct{ tournament, scenario string }

// seatNames returns the recorded seat names of the scenarios of tournament
// id, or of every tournament for an empty id: complete lists only (a name
// for every seat from 0 up). A read-only store of a schema before version 4
// has none.
func (s *Store) seatNames(ctx context.Context, id string) (map[seatNamesKey][]string, error) {
	out := map[seatNamesKey][]string{}
	if s.version < 4 {
		return out, nil
	}
	q, args := `SELECT tournament_id, scenario_id, seat, name FROM scenario_seats`, []any{}
	if id != "" {
		q, args = q+` WHERE tournament_id = ?`, append(args, id)
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY tournament_id, scenario_id, seat`, args...)
	if err != nil {
		return nil, fmt.Errorf("arena: read seat names: %w", err)
	}
	defer rows.Close()
	broken := map[seatNamesKey]bool{}
	for rows.Next() {
		var (
			k    seatNamesKey
			seat int
			name string
		)
		if err := rows.Scan(&k.tournament, &k.scenario, &seat, &name); err != nil {
			return nil, fmt.Errorf("arena: read seat names: %w", err)
		}
		if seat != len(out[k]) {
			broken[k] = true // a gap: no list rather than a wrong one
		}
		out[k] = append(out[k], name)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: read seat names: %w", err)
	}
	for k := range broken {
		delete(out, k)
	}
	return out, nil
}

// Tournaments returns every recorded tournament, oldest first.
func (s *Store) Tournaments(ctx context.Context) ([]arena.TournamentInfo, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, created_at, schedule_version, kind, gauntlet_bot, seed,
games_per_pairing, bots, scenarios, planned FROM tournaments ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("arena: list tournaments: %w", err)
	}
	defer rows.Close()
	var out []arena.TournamentInfo
	for rows.Next() {
		var (
			t                      arena.TournamentInfo
			created, kind          string
			seed                   int64
			botsJSON, scenarioJSON string
		)
		if err := rows.Scan(&t.ID, &created, &t.ScheduleVersion, &kind, &t.GauntletBot, &seed,
			&t.GamesPerPairing, &botsJSON, &scenarioJSON, &t.Planned); err != nil {
			return nil, fmt.Errorf("arena: list tournaments: %w", err)
		}
		t.Kind, t.Seed = arena.Kind(kind), uint64(seed)
		if t.CreatedAt, err = parseTime(created); err != nil {
			return nil, fmt.Errorf("arena: list tournaments: %w", err)
		}
		if err := json.Unmarshal([]byte(botsJSON), &t.Bots); err != nil {
			return nil, fmt.Errorf("arena: list tournaments: bots of %s: %w", t.ID, err)
		}
		if err := json.Unmarshal([]byte(scenarioJSON), &t.Scenarios); err != nil {
			return nil, fmt.Errorf("arena: list tournaments: scenarios of %s: %w", t.ID, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: list tournaments: %w", err)
	}
	rows.Close()
	names, err := s.seatNames(ctx, "")
	if err != nil {
		return nil, err
	}
	for i := range out {
		for j, sc := range out[i].Scenarios {
			if n := names[seatNamesKey{out[i].ID, sc.ID}]; len(n) == sc.NumSeats() {
				out[i].Scenarios[j].SeatNames = n
			}
		}
	}
	return out, nil
}

// RecordRun appends r to the runs table (StartedAt is set by the store).
func (s *Store) RecordRun(ctx context.Context, r arena.RunRecord) error {
	r.StartedAt = s.now()
	err := s.write(ctx, func(tx *sqlTx) error { return insertRun(ctx, tx, r) })
	if err != nil {
		return fmt.Errorf("arena: record run of %s: %w", r.TournamentID, err)
	}
	return nil
}

// insertRun appends r and its labels (its ID is ignored).
func insertRun(ctx context.Context, tx *sqlTx, r arena.RunRecord) error {
	var prior any // NULL when not recorded
	if r.HasRatingPrior {
		prior = r.RatingPrior
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO runs
(tournament_id, started_at, command, concurrency, max_attempts, arena_version, rating_prior) VALUES (?, ?, ?, ?, ?, ?, ?)
RETURNING id`,
		r.TournamentID, formatTime(r.StartedAt), r.Command, r.Concurrency, r.MaxAttempts, r.ArenaVersion, prior).Scan(&id); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(r.Labels)) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO run_labels (run_id, name, value) VALUES (?, ?, ?)`,
			id, name, r.Labels[name]); err != nil {
			return fmt.Errorf("label %q: %w", name, err)
		}
	}
	return nil
}

// runLabels returns the labels of the runs of tournament id, by run id. A
// read-only store of a schema before version 5 has none.
func (s *Store) runLabels(ctx context.Context, id string) (map[int64]map[string]string, error) {
	out := map[int64]map[string]string{}
	if s.version < 5 {
		return out, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT l.run_id, l.name, l.value FROM run_labels l
JOIN runs r ON r.id = l.run_id WHERE r.tournament_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("arena: read run labels: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			run         int64
			name, value string
		)
		if err := rows.Scan(&run, &name, &value); err != nil {
			return nil, fmt.Errorf("arena: read run labels: %w", err)
		}
		if out[run] == nil {
			out[run] = map[string]string{}
		}
		out[run][name] = value
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: read run labels: %w", err)
	}
	return out, nil
}

// Runs returns the runs of tournament id, oldest first, with their labels.
func (s *Store) Runs(ctx context.Context, id string) ([]arena.RunRecord, error) {
	prior := "rating_prior"
	if s.version < 3 { // a read-only store of an older schema
		prior = "NULL"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, tournament_id, started_at, command, concurrency,
max_attempts, arena_version, `+prior+` FROM runs WHERE tournament_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("arena: list runs: %w", err)
	}
	defer rows.Close()
	var out []arena.RunRecord
	for rows.Next() {
		var (
			r       arena.RunRecord
			started string
			prior   sql.NullFloat64
		)
		if err := rows.Scan(&r.ID, &r.TournamentID, &started, &r.Command, &r.Concurrency,
			&r.MaxAttempts, &r.ArenaVersion, &prior); err != nil {
			return nil, fmt.Errorf("arena: list runs: %w", err)
		}
		r.RatingPrior, r.HasRatingPrior = prior.Float64, prior.Valid
		if r.StartedAt, err = parseTime(started); err != nil {
			return nil, fmt.Errorf("arena: list runs: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: list runs: %w", err)
	}
	rows.Close()
	labels, err := s.runLabels(ctx, id)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Labels = labels[out[i].ID]
	}
	return out, nil
}

// AppendGame appends g in its own transaction: its row in games and one
// row per seat in game_seats. It reports false, and changes nothing, when
// the tournament already has a game with g's key (recorded by an earlier run
// or by another arena on the same database). The tournament must have been
// recorded with [Store.RecordTournament]; g.ID is ignored.
func (s *Store) AppendGame(ctx context.Context, g arena.GameRecord) (inserted bool, err error) {
	if err := g.Validate(); err != nil {
		return false, err
	}
	if s.readOnly {
		return false, fmt.Errorf("arena: append game %q: the store is read-only", g.Key)
	}
	err = s.write(ctx, func(tx *sqlTx) (err error) {
		inserted, err = insertGame(ctx, tx, g)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("arena: append game %q: %w", g.Key, err)
	}
	return inserted, nil
}

// insertGame inserts g and its seats unless its tournament has a game with
// its key already; it reports whether it inserted.
func insertGame(ctx context.Context, tx *sqlTx, g arena.GameRecord) (bool, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO games (tournament_id, game_key, pair_id, seq, round, leg, seats,
scenario_id, scenario_version, scenario_hash, seed, first_mover, termination, reason, end_kind, turns, attempt,
arena_version, started_at, ended_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (tournament_id, game_key) DO NOTHING RETURNING id`,
		g.TournamentID, g.Key, g.PairID, g.Seq, g.Round, g.Leg, len(g.Bots),
		g.Scenario.ID, g.Scenario.Version, g.Scenario.Hash, int64(g.Seed),
		g.FirstMover, g.Termination.String(), g.Reason, g.EndKind, g.Turns, g.Attempt, g.ArenaVersion,
		formatTime(g.StartedAt), formatTime(g.EndedAt)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // recorded already: nothing inserted
	}
	if err != nil {
		return false, err
	}
	for seat, b := range g.Bots {
		var pts float64
		if g.Points != nil {
			pts = g.Points[seat]
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_seats (game_id, seat, bot, bot_version, rank, points)
VALUES (?, ?, ?, ?, ?, ?)`, id, seat, b.Name, b.Version, g.Ranks[seat], pts); err != nil {
			return false, err
		}
	}
	return true, nil
}

// AppendFault appends a voided attempt.
func (s *Store) AppendFault(ctx context.Context, f arena.FaultRecord) error {
	err := s.write(ctx, func(tx *sqlTx) error { return insertFault(ctx, tx, f) })
	if err != nil {
		return fmt.Errorf("arena: append fault of %q: %w", f.Key, err)
	}
	return nil
}

// insertFault appends f (its ID is ignored).
func insertFault(ctx context.Context, tx *sqlTx, f arena.FaultRecord) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO faults
(tournament_id, game_key, attempt, error, arena_version, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		f.TournamentID, f.Key, f.Attempt, f.Error, f.ArenaVersion, formatTime(f.StartedAt), formatTime(f.EndedAt))
	return err
}

// Faults returns the voided attempts of tournament id, in order of
// recording.
func (s *Store) Faults(ctx context.Context, id string) ([]arena.FaultRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, tournament_id, game_key, attempt, error, arena_version,
started_at, ended_at FROM faults WHERE tournament_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("arena: list faults: %w", err)
	}
	defer rows.Close()
	var out []arena.FaultRecord
	for rows.Next() {
		var (
			f              arena.FaultRecord
			started, ended string
		)
		if err := rows.Scan(&f.ID, &f.TournamentID, &f.Key, &f.Attempt, &f.Error, &f.ArenaVersion,
			&started, &ended); err != nil {
			return nil, fmt.Errorf("arena: list faults: %w", err)
		}
		if f.StartedAt, err = parseTime(started); err != nil {
			return nil, fmt.Errorf("arena: list faults: %w", err)
		}
		if f.EndedAt, err = parseTime(ended); err != nil {
			return nil, fmt.Errorf("arena: list faults: %w", err)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: list faults: %w", err)
	}
	return out, nil
}

// PlayedKeys returns the keys of the games recorded for tournament id.
func (s *Store) PlayedKeys(ctx context.Context, id string) (map[string]bool, error) {
	return s.keySet(ctx, "played keys", `SELECT game_key FROM games WHERE tournament_id = ?`, id)
}

// keySet runs q, which selects one text column, and returns its values as a
// set; what names the read in its errors.
func (s *Store) keySet(ctx context.Context, what, q string, args ...any) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("arena: %s: %w", what, err)
	}
	defer rows.Close()
	keys := make(map[string]bool)
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("arena: %s: %w", what, err)
		}
		keys[k] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: %s: %w", what, err)
	}
	return keys, nil
}

// write runs f in an immediate transaction and commits it, retrying the
// whole transaction on an SQLITE_BUSY that SQLite did not wait out.
func (s *Store) write(ctx context.Context, f func(tx *sqlTx) error) error {
	return retryBusy(ctx, func() error {
		tx, err := s.db.BeginTx(ctx, nil) // immediate: the DSN sets _txlock
		if err != nil {
			return err
		}
		if err := f(tx); err != nil {
			_ = tx.Rollback() // f's error is the one to report
			return err
		}
		return tx.Commit()
	})
}

// timeLayout is the stored time format: RFC 3339, UTC, fixed nanoseconds, so
// that stored times also sort as text.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// formatTime formats t in UTC for storage.
func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// parseTime parses a stored time.
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("arena: stored time %q: %w", s, err)
	}
	return t, nil
}
