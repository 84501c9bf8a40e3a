package arena

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// DefaultDBRetry is the default [RunnerConfig.DBRetry].
const DefaultDBRetry = time.Minute

// ErrDatabaseUnreachable is wrapped by the error of a run that gave up on a
// database outage that lasted longer than its RunnerConfig.DBRetry.
var ErrDatabaseUnreachable = errors.New("database unreachable")

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
