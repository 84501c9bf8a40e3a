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

// sqlDB is a connection pool that takes the store's statements, written
// once with "?" placeholders, and sends them in its dialect.
type sqlDB struct {
	raw *sql.DB
	d   dialect
}

// QueryContext is [sql.DB.QueryContext] for a statement with "?" placeholders.
func (db *sqlDB) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return db.raw.QueryContext(ctx, db.d.rebind(q), args...)
}

// QueryRowContext is [sql.DB.QueryRowContext] for a statement with "?" placeholders.
func (db *sqlDB) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return db.raw.QueryRowContext(ctx, db.d.rebind(q), args...)
}

// ExecContext is [sql.DB.ExecContext] for a statement with "?" placeholders.
func (db *sqlDB) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return db.raw.ExecContext(ctx, db.d.rebind(q), args...)
}

// BeginTx starts a transaction (immediate on SQLite: its DSN sets _txlock).
func (db *sqlDB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sqlTx, error) {
	tx, err := db.raw.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &sqlTx{raw: tx, d: db.d}, nil
}

// Close closes the pool.
func (db *sqlDB) Close() error { return db.raw.Close() }

// sqlTx is a transaction of an [sqlDB].
type sqlTx struct {
	raw *sql.Tx
	d   dialect
}

// QueryContext is [sql.Tx.QueryContext] for a statement with "?" placeholders.
func (tx *sqlTx) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return tx.raw.QueryContext(ctx, tx.d.rebind(q), args...)
}

// QueryRowContext is [sql.Tx.QueryRowContext] for a statement with "?" placeholders.
func (tx *sqlTx) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return tx.raw.QueryRowContext(ctx, tx.d.rebind(q), args...)
}

// ExecContext is [sql.Tx.ExecContext] for a statement with "?" placeholders.
func (tx *sqlTx) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return tx.raw.ExecContext(ctx, tx.d.rebind(q), args...)
}

// Commit commits the transaction.
func (tx *sqlTx) Commit() error { return tx.raw.Commit() }

// Rollback aborts the transaction.
func (tx *sqlTx) Rollback() error { return tx.raw.Rollback() }
