package arena

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// DefaultDBRetry is the default [RunnerConfig.DBRetry].
const DefaultDBRetry = time.Minute

// ErrDatabaseUnreachable is wrapped by the error of a run that gave up on a
// database outage that lasted longer than its RunnerConfig.DBRetry.
var ErrDatabaseUnreachable = errors.New("database unreachable")

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

// outageRetry retries operations of a run through database outages.
type outageRetry struct {
	// limit is how long one operation is retried: RunnerConfig.DBRetry.
	limit time.Duration
	// isOutage tells the failures to retry: [RunStore.IsOutage].
	isOutage func(err error) bool
	// onOutage, if not nil, is called at each failure that is retried.
	onOutage func(err error, waited time.Duration)
}

// do calls op until it succeeds, fails otherwise than by an outage
// (o.isOutage), ctx is done, or its failures have lasted limit; the pauses
// between calls grow from 50 ms to 2 s. An operation given up on an outage
// fails with an error wrapping [ErrDatabaseUnreachable] and op's last error.
func (o outageRetry) do(ctx context.Context, op func() error) error {
	var first time.Time
	for pause := 50 * time.Millisecond; ; pause = min(2*pause, 2*time.Second) {
		err := op()
		if err == nil || !o.isOutage(err) || ctx.Err() != nil {
			return err
		}
		if first.IsZero() {
			first = time.Now()
		}
		waited := time.Since(first)
		if waited >= o.limit {
			if o.limit == 0 {
				return fmt.Errorf("%w: %w", ErrDatabaseUnreachable, err)
			}
			return fmt.Errorf("%w for %v (the retry limit is %v): %w", ErrDatabaseUnreachable,
				waited.Round(time.Millisecond), o.limit, err)
		}
		if o.onOutage != nil {
			o.onOutage(err, waited)
		}
		if !sleep(ctx, min(pause, o.limit-waited)) {
			return err
		}
	}
}
