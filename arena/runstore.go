package arena

import (
	"context"
	"time"
)

// RunStore is what a [Runner] needs of the results database: the records of
// a run, and the work queue through which the workers of one tournament
// share its rotation sets. Package arena/store's Store is the one
// implementation (an SQLite file or a PostgreSQL database); the runner knows
// nothing else of it.
type RunStore interface {
	// RecordTournament records the tournament info unless a tournament with
	// its ID is recorded already.
	RecordTournament(ctx context.Context, info TournamentInfo) error
	// RecordRun appends the run r (its ID and StartedAt are set by the
	// store).
	RecordRun(ctx context.Context, r RunRecord) error
	// ReadGames returns the recorded games matching f, in schedule order,
	// the malformed ones listed apart.
	ReadGames(ctx context.Context, f GameFilter) (GameList, error)
	// PlayedKeys returns the keys of the recorded games of tournament id.
	PlayedKeys(ctx context.Context, id string) (map[string]bool, error)
	// AppendGame appends g in its own transaction, reporting false, and
	// changing nothing, when its tournament has a game with g's key already.
	AppendGame(ctx context.Context, g GameRecord) (inserted bool, err error)
	// AppendFault appends a voided attempt.
	AppendFault(ctx context.Context, f FaultRecord) error

	// PlanLeases enters every rotation set of sched in the work queue, once.
	PlanLeases(ctx context.Context, sched Schedule) error
	// ReopenMissing puts back in the queue the sets marked done whose games
	// are not all recorded, and returns the keys of their missing games in
	// schedule order.
	ReopenMissing(ctx context.Context, sched Schedule) ([]string, error)
	// ClaimSet leases to worker, for ttl, the first set of tournament id in
	// schedule order that is free (not done, not leased, or its lease run
	// out, or leased to worker already), not in skip and not held by one of
	// siblings; it reports false when there is none.
	ClaimSet(ctx context.Context, id, worker string, siblings []string, ttl time.Duration, skip []string) (pair string, ok bool, err error)
	// RenewLeases extends to ttl from now every lease that holders hold on
	// tournament id.
	RenewLeases(ctx context.Context, id string, holders []string, ttl time.Duration) error
	// FinishSet marks the set pair done if worker still holds it.
	FinishSet(ctx context.Context, id, pair, worker string) error
	// ReleaseSet frees the set pair, if worker holds it, for another claim.
	ReleaseSet(ctx context.Context, id, pair, worker string) error
	// UnfinishedSets counts the sets of tournament id not done, leaving out
	// those in skip.
	UnfinishedSets(ctx context.Context, id string, skip []string) (int, error)
	// RecordedKeys returns which of keys tournament id has recorded games
	// for.
	RecordedKeys(ctx context.Context, id string, keys []string) (map[string]bool, error)
	// CountGames returns the number of recorded games of tournament id.
	CountGames(ctx context.Context, id string) (int, error)

	// IsOutage reports whether err, returned by one of the methods above,
	// says that the database could not be reached (rather than that it
	// refused the operation): the same operation may succeed once it is
	// back.
	IsOutage(err error) bool
}
