package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// dialect is the SQL database behind a [Store].
type dialect int

const (
	// sqlite is an SQLite file (modernc.org/sqlite): the embedded default.
	sqlite dialect = iota
	// postgres is a PostgreSQL server (github.com/jackc/pgx/v5).
	postgres
)

// String names the backend, for messages.
func (d dialect) String() string {
	if d == postgres {
		return "PostgreSQL"
	}
	return "SQLite"
}

// rebind turns the store's "?" placeholders into the dialect's: "$1", "$2",
// ... for PostgreSQL. The store's statements hold no "?" in a literal.
func (d dialect) rebind(q string) string {
	if d != postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// runner is what [sql.DB] and [sql.Tx] both run: the three calls that take a
// statement.
type runner interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

// rebound runs the store's statements, written once with "?" placeholders, on
// a pool or a transaction, sent in its dialect.
type rebound struct {
	r runner
	d dialect
}

// QueryContext is QueryContext for a statement with "?" placeholders.
func (b rebound) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return b.r.QueryContext(ctx, b.d.rebind(q), args...)
}

// QueryRowContext is QueryRowContext for a statement with "?" placeholders.
func (b rebound) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return b.r.QueryRowContext(ctx, b.d.rebind(q), args...)
}

// ExecContext is ExecContext for a statement with "?" placeholders.
func (b rebound) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return b.r.ExecContext(ctx, b.d.rebind(q), args...)
}

// sqlDB is a connection pool that takes the store's statements, written
// once with "?" placeholders, and sends them in its dialect.
type sqlDB struct {
	rebound
	raw *sql.DB
}

// newSQLDB wraps a pool of the dialect d.
func newSQLDB(raw *sql.DB, d dialect) *sqlDB {
	return &sqlDB{rebound: rebound{r: raw, d: d}, raw: raw}
}

// BeginTx starts a transaction (immediate on SQLite: its DSN sets _txlock).
func (db *sqlDB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sqlTx, error) {
	tx, err := db.raw.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &sqlTx{rebound: rebound{r: tx, d: db.d}, raw: tx}, nil
}

// Close closes the pool.
func (db *sqlDB) Close() error { return db.raw.Close() }

// sqlTx is a transaction of an [sqlDB].
type sqlTx struct {
	rebound
	raw *sql.Tx
}

// Commit commits the transaction.
func (tx *sqlTx) Commit() error { return tx.raw.Commit() }

// Rollback aborts the transaction.
func (tx *sqlTx) Rollback() error { return tx.raw.Rollback() }
