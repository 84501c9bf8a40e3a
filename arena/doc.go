// Package arena runs tournaments between bots and stores their games.
//
// It knows no concrete game and no concrete bot. A bot is a [Player] (a name
// and a version); a [Referee] plays one game of a scenario, given a seed and
// the bot of each seat, and returns its [Outcome]: a place per seat (1 for
// the first, ties shared; [RanksOf]) and a score per seat. cmd/arena wires the
// environments and the bots to these two interfaces. A game has k ≥ 2
// seats; for two seats the places read as a result ([Result]: X, Y or draw,
// side X being seat 0).
//
// [EnvReferee] is the Referee for the games of an [env.Registry], of any
// number of seats: it seats each [Bot] (a Player that is also an
// [env.Policy]), asks it for actions under a per-decision deadline (CPU time
// for an in-process bot, wall-clock time for a remote one), and blames it
// for illegal actions, timeouts, crashes and lost connections.
//
// # Schedules
//
// [NewSchedule] plans a [Tournament]: a round-robin (every set of k bots on
// every scenario of k seats: for two seats, every pair) or a gauntlet (one
// bot with every set of k-1 others). Each set plays GamesPerPairing games on
// each scenario, as rotation sets of k games on the same scenario and seed
// with the seating rotated cyclically (for two seats, pairs with the sides
// swapped). Seeds derive from the tournament seed, the scenario and the
// round only ([PairSeed]), so every set meets the same situations. The schedule is deterministic and every
// planned game has a stable key; the tournament's id hashes its parameters,
// bot and scenario versions included, so the same command always means the
// same tournament.
//
// # Results
//
// The runner records its games through [RunStore], a small interface of the
// few operations it calls; package arena/store implements it. Its Store is
// an embedded SQLite database (modernc.org/sqlite, pure Go) in WAL mode, or
// a PostgreSQL database given by a postgres:// URL (pgx), with one row per
// game and one per seat of each game (bot, place, score) holding every field
// of the game record of rating-math.md §3.1 ([GameRecord]), plus tables for
// tournaments, runs and voided attempts, and the names of each tournament's
// scenarios' seats ([Scenario.SeatNames], outside the tournament's
// identity). Every table is append-only, each game is committed in its own
// transaction, and a game recorded twice is stored once. Any number of
// worker processes running the same schedule on one database share it, each
// claiming a rotation set at a time under a lease that its heartbeat renews
// ([RunnerConfig.LeaseTTL]); the sets of a worker that died are rescued when
// their leases run out, and each worker returns when every set is done. The
// store reads games back as plain structs ([GameList]) for the rating
// package, copies one database into another and writes games as CSV.
//
// # Running
//
// [Runner.Run] plays a schedule with a pool of [RunnerConfig.Concurrency]
// workers. It first skips the games already in the store, so rerunning an
// interrupted tournament plays only what is missing. Faults follow
// rating-math.md "Scheduling and robustness":
//
//   - a bot fault (deadline exceeded, illegal action, crash, disconnect) ends
//     the game as a loss for that bot, recorded with its [Termination] and
//     reason;
//   - an arena fault (any other error from the referee, an invalid outcome, a
//     panic escaping the referee) voids the attempt, which is logged in the
//     faults table, and the game is replayed with the same scenario, seed and
//     seats, up to [RunnerConfig.MaxAttempts] times.
//
// A game that ends normally is recorded with the game's own reason and its
// kind when its env game says why ([env.Ender], as Flick 'em Up!'s: "noon: the
// lawmen have more hit points (3 to 1)", of kind "noon: the lawmen have more
// hit points"), so that a designer can count how a scenario's games end, and
// with each seat's final points when the game keeps them ([env.Scorer]).
// [RunnerConfig.RatingPrior] records with the run the rating prior the caller
// fits the tournament with, so that a later report fits it the same way.
//
// [ReplayFiles] is the [ReplayKeeper] of 'arena run --record': it keeps the
// replays of all games, of the first K of each set of bots, or of the upsets,
// as files in a directory.
//
// Cancelling the context (Ctrl-C in cmd/arena) stops the run: games in
// flight are abandoned and never half-written. A crash loses at most the
// games in flight.
//
// # Progress
//
// [RunnerConfig.Progress] receives a [Progress] snapshot (games done and
// planned, rate, time left, live leader) after every game; [FormatProgress]
// renders one as a terminal status line. The package itself never prints.
//
// # Ratings
//
// [RatingGames] converts stored two-seat games to the input of package
// arena/rating (joint Elo, SPRT, balance, PGN) and [SeatGames] games of any
// number of seats to the input of its per-seat balance
// ([rating.SeatBalances]): the one place where the arena's records become
// rating games; [Rankings] converts games of any number of seats to the
// input of its Plackett–Luce fit ([rating.FitRankings]). Package
// arena/store's WriteCSV writes games of any number of seats as CSV, one row
// per game and seat, which R's PlackettLuce and Python's choix read.
//
// # Example
//
//	sched, err := arena.NewSchedule(arena.Tournament{
//		Bots:            []arena.Player{random, planner},
//		Scenarios:       []arena.Scenario{{ID: "flickemup/showdown-v9", Version: "1"}},
//		GamesPerPairing: 10,
//		Seed:            1,
//	})
//	// handle err
//	results, err := store.Open(ctx, "results.db") // package arena/store
//	// handle err; defer results.Close()
//	cfg := arena.DefaultRunnerConfig()
//	cfg.Progress = func(p arena.Progress) { updates <- p }
//	runner, err := arena.NewRunner(referee, results, cfg)
//	// handle err
//	summary, err := runner.Run(ctx, sched)
package arena
