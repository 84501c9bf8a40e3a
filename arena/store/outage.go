package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsOutage reports whether err says that the database could not be
// reached, rather than that it refused the statement: a PostgreSQL server
// that is down, restarting or cut off (no connection, a connection lost, a
// shutdown), or an SQLite file locked past [BusyTimeout]. The same
// operation may succeed once the database is back.
func (s *Store) IsOutage(err error) bool { return isOutage(err) }

// isOutage is [Store.IsOutage].
func isOutage(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01-57P03: the server shutting
		// down or starting; 53300: too many connections.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" ||
			pgErr.Code == "57P03" || pgErr.Code == "53300"
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	var coded interface{ Code() int }
	switch {
	case errors.As(err, &connectErr), errors.As(err, &netErr), pgconn.SafeToRetry(err),
		errors.Is(err, driver.ErrBadConn), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return true
	case errors.As(err, &coded):
		c := coded.Code() & 0xff
		return c == sqliteBusy || c == sqliteLocked
	}
	// pgx reports a connection closed under it in words only.
	msg := err.Error()
	return strings.Contains(msg, "conn closed")
}

// sqliteLocked is SQLite's primary result code SQLITE_LOCKED.
const sqliteLocked = 6
