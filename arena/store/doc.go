// Package store is the arena's results database: it opens an SQLite file or
// a PostgreSQL database, migrates its schema, appends games, runs and voided
// attempts, hands out the rotation sets of a tournament under leases, reads
// the games back, copies one database into another, checks an SQLite file's
// integrity, writes games as CSV and redacts the secrets of a connection
// string. Its [Store] is the [arena.RunStore] of the runner; the records it
// keeps are package arena's ([arena.GameRecord], [arena.TournamentInfo],
// [arena.RunRecord], [arena.FaultRecord]). It imports arena, never the other
// way round.
//
// A [Store] is an embedded SQLite database (modernc.org/sqlite, pure Go) in
// WAL mode, with one row per game and one per seat of each game (bot, place,
// score) holding every field of the game record of rating-math.md §3.1,
// plus tables for tournaments, runs and voided attempts, and the names of
// each tournament's scenarios' seats ([arena.Scenario.SeatNames], outside
// the tournament's identity). A database of an older schema is migrated when
// opened for writing ([Open]); [OpenReadOnly] reads a file without writing
// to it, an older schema as it is. Every table is append-only (enforced by
// triggers), each game is committed in its own transaction, and the schema
// is versioned by a migration table. Several arenas may share one database
// file: writers wait for each other up to [BusyTimeout], and a game recorded
// twice is stored once. [Store.Games] returns games as plain structs for
// the rating package.
//
// The same Store runs on PostgreSQL when [Open] is given a postgres:// URL
// ([IsPostgresURL]; pgx): the same tables with PostgreSQL's types, append-only
// by triggers too. The SQL of each dialect sits beside the other: the
// schema and migrations of SQLite in migrate.go and of PostgreSQL in
// store_postgres.go, and the few statements that differ (the lease queue's
// claims, the check of finished sets) in one function per dialect. A
// writable store is leased ([Store.Leased]): any number of worker
// processes running the same schedule share it, each claiming a rotation set
// at a time under a lease that its heartbeat renews; on PostgreSQL from any
// machines, on an SQLite file from the processes of its machine. [Copy]
// copies one store into another (an SQLite file into PostgreSQL), and
// [WriteCSV] writes games as CSV.
//
// # Example
//
//	results, err := store.Open(ctx, "results.db") // or "postgres://host/arena"
//	// handle err; defer results.Close()
//	runner, err := arena.NewRunner(referee, results, arena.DefaultRunnerConfig())
//	// handle err
//	summary, err := runner.Run(ctx, sched)
//	// handle err
//	games, err := results.Games(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
package store
