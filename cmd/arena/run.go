package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// runRun plays a tournament and prints its ratings.
func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", `Play a tournament between bots and record every game in a results database.

Each set of bots plays --games games on each scenario. A scenario of k seats
(two for most games; race:players=3 has three) is played by sets of k bots,
in sets of k games on one seed with the seating rotated (for two seats, pairs
with the sides swapped). A round-robin plays every set of k bots; --gauntlet
plays one bot with every set of k-1 others. The same command always plans the same
games: interrupt it (Ctrl-C) and run it again to play only what is missing.
A scenario's options name it in canonical form, sorted by key, numbers in
plain decimal: race:players=03 and race:players=+3 are race:players=3.

Any number of 'arena run' processes given the same command play one
tournament together, on any machines with --db postgres://..., on one
machine with an SQLite file: each claims a set of games at a time under a
lease that its heartbeat renews (--lease); the set of a worker that died is
played by another once its lease runs out; every game is played and
recorded once, and each worker ends when the tournament is complete.
A finished tournament is checked against its plan: games missing from the
database (deleted behind the arena's back) are played again, with a warning
naming them. An SQLite file that fails SQLite's integrity check is refused.
Progress goes to stderr; the rating table is printed at the end.

A designer's Flick 'em Up! scenario file plays like a built-in scenario: name
the file (path/to/my-town.scn) or a directory of .scn files in --scenarios. Each
file is the game flickemup/file/<stem>-vN (its name without .scn, in lower-case
letters, digits, '-' and '_'), checked at start-up (every problem printed as
file:line: field: message). The file's content is part of the tournament: an
edited file plans a new tournament, never adds to the old one's games.

One bot named alone plays itself (the second seat's copy is named NAME-mirror):
the balance of a scenario between equal bots, which 'arena balance' reads.

`+builtinHelp()+`

Examples:
  arena run --bots random,planner --scenarios showdown --games 100 --db results.db
  arena run --bots aimer,planner --scenarios my-town.scn,showdown --games 100 --db results.db
  arena run --bots aimer --scenarios hostage --games 1000 --db self.db && arena balance --db self.db`, stderr)
	botList := fs.String("bots", "", "comma-separated `bots`: built-in names ("+strings.Join(builtin.Names(), ", ")+") or remote=HOST:PORT")
	scenarioList := fs.String("scenarios", "", "comma-separated `scenarios` (see 'arena scenarios'), each NAME or NAME:key=value[,key=value] with the game's options, e.g. race:players=3; a Flick 'em Up! scenario file (path/to/my-town.scn, played as the game flickemup/file/my-town-vN, N its version line or the rules version) or a directory of them (each *.scn file) is a scenario too")
	games := fs.Int("games", 10, "games per set of bots on each scenario: a `number` that is a multiple of the scenario's seats (for two seats, an even number: pairs with sides swapped)")
	seed := fs.Uint64("seed", 1, "tournament `seed`: every game seed derives from it")
	concurrency := fs.Int("concurrency", runtime.GOMAXPROCS(0), "`games` played at once")
	db := fs.String("db", "results.db", "results `database`: an SQLite file (created if missing), or a PostgreSQL URL (postgres://user@host/dbname; the database must exist, its tables are created)")
	gauntlet := fs.String("gauntlet", "", "play a gauntlet: this `bot` against each other bot (default: a round-robin)")
	deadline := fs.Duration("deadline", 2*time.Second, "time a bot has for each decision, `duration`; 0 for none: CPU time of its own for a built-in bot (on Linux; a bot blocked for 10 times as long loses too), wall-clock time for a remote bot")
	wallDeadlines := fs.Bool("wall-clock-deadlines", false, "make the built-in bots' deadlines wall-clock time too, as for remote bots")
	maxTurns := fs.Int("max-turns", 0, "turn cap per game, `turns`, reached as a draw; 0 for the game's own cap")
	prior := fs.Float64("prior", 0, "Gaussian prior `τ` in Elo for the final rating table, recorded with the run: balance and report fit with it too; 0 for none")
	record := fs.String("record", "", "keep replays of `games`: all, first=K (the first K of each pairing on each scenario) or upsets (won by the lower-rated bot in the final ratings); none by default")
	dbRetry := fs.Duration("db-retry", arena.DefaultDBRetry, "how long to retry, with backoff, an operation on --db while the database is unreachable (a PostgreSQL server down or restarting, an SQLite file locked), `duration`, before exiting with an error; games in flight play on meanwhile and nothing recorded is lost: run the same command again to play the rest; 0 for no retry")
	lease := fs.Duration("lease", arena.DefaultLeaseTTL, "how long a worker holds a set of games without renewing the lease, `duration`; a dead worker's sets are rescued after it by the others")
	replayDir := fs.String("replays", "", "`directory` of the replay files (default: beside the database, <db>-replays)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *replayDir == "" {
		*replayDir = store.DefaultReplayDir(*db)
	}
	switch {
	case *botList == "":
		return errors.New("run: --bots is required, e.g. --bots " + strings.Join(builtin.Names(), ","))
	case *scenarioList == "":
		return errors.New("run: --scenarios is required (see 'arena scenarios')")
	case *games <= 0:
		return fmt.Errorf("run: --games must be a positive even number (games are played in pairs with sides swapped), got %d", *games)
	case *games > maxGames:
		return fmt.Errorf("run: --games must be at most %d, got %d", maxGames, *games)
	case *concurrency < 1 || *concurrency > maxConcurrency:
		return fmt.Errorf("run: --concurrency must lie in [1, %d], got %d", maxConcurrency, *concurrency)
	case *deadline < 0 || *deadline > maxDeadline:
		return fmt.Errorf("run: --deadline must lie in [0, %v], got %v", maxDeadline, *deadline)
	case *dbRetry < 0 || *dbRetry > 24*time.Hour:
		return fmt.Errorf("run: --db-retry must lie in [0, 24h], got %v", *dbRetry)
	case *lease < 100*time.Millisecond || *lease > time.Hour:
		return fmt.Errorf("run: --lease must lie in [100ms, 1h], got %v", *lease)
	case *maxTurns < 0 || *maxTurns > maxTurnsLimit:
		return fmt.Errorf("run: --max-turns must lie in [0, %d], got %d", maxTurnsLimit, *maxTurns)
	case len(splitList(*botList)) > maxBots:
		return fmt.Errorf("run: --bots lists %d bots, more than the limit of %d", len(splitList(*botList)), maxBots)
	}
	scenarioArgs, err := parseScenarioList(*scenarioList)
	if err != nil {
		return fmt.Errorf("run: --scenarios: %w", err)
	}
	if len(scenarioArgs) > maxScenarios {
		return fmt.Errorf("run: --scenarios lists %d scenarios, more than the limit of %d", len(scenarioArgs), maxScenarios)
	}
	if err := checkPrior(*prior); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	keeper, err := arena.NewReplayFiles(*record, *replayDir, 2*maxGames)
	if err != nil {
		return fmt.Errorf("run: --record: %w", err)
	}
	bots, closeBots, err := parseBots(ctx, *botList)
	defer closeBots()
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if len(bots) == 1 && *gauntlet == "" {
		// One bot plays itself, as in 'arena tune': the balance of a scenario between equal bots.
		b, ok := bots[0].(arena.Bot)
		if !ok {
			return fmt.Errorf("run: bot %s cannot play itself (not an arena.Bot); name two bots", bots[0].Name())
		}
		bots = append(bots, mirrorOf(b))
	}
	if len(bots) < 2 {
		return fmt.Errorf("run: a tournament needs at least two bots, got %d", len(bots))
	}
	t := arena.Tournament{Kind: arena.RoundRobin, Bots: bots, GamesPerPairing: *games, Seed: *seed}
	if *gauntlet != "" {
		found := false
		for _, b := range bots {
			found = found || b.Name() == *gauntlet
		}
		if !found {
			return fmt.Errorf("run: the gauntlet bot %q is not in --bots", *gauntlet)
		}
		t.Kind, t.GauntletBot = arena.Gauntlet, *gauntlet
	}

	reg, err := newRegistry()
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if scenarioArgs, err = registerScenarioFiles(reg, scenarioArgs); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	cat := newCatalogue(reg)
	setups := map[string]arena.EnvScenario{}
	var ids []string
	for _, a := range scenarioArgs {
		id, setup, err := cat.resolveArg(a)
		if err != nil {
			return fmt.Errorf("run: %w", err)
		}
		if _, dup := setups[id]; dup {
			return fmt.Errorf("run: scenario %q listed twice", a.canonical())
		}
		setups[id] = setup
		ids = append(ids, id)
	}
	if err := checkRemoteGames(bots, setups); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if err := checkBuiltinGames(bots, setups, reg); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	refCfg := arena.EnvRefereeConfig{Registry: reg, Scenarios: setups, Deadline: *deadline, MaxTurns: *maxTurns,
		WallClockDeadlines: *wallDeadlines}
	if keeper != nil {
		refCfg.Replays = keeper
	}
	ref, err := arena.NewEnvReferee(refCfg)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	var seats []int
	for _, id := range ids {
		s, err := ref.Scenario(id)
		if err != nil {
			return fmt.Errorf("run: %w", err)
		}
		switch k := s.NumSeats(); {
		case k == 2 && *games%2 != 0:
			return fmt.Errorf("run: --games must be a positive even number (games are played in pairs with sides swapped), got %d", *games)
		case *games%k != 0:
			return fmt.Errorf("run: --games must be a multiple of %d, the seats of scenario %s (games are played in sets of %d with the seating rotated), got %d",
				k, id, k, *games)
		case k > len(bots):
			return fmt.Errorf("run: scenario %s has %d seats and --bots names %d bots", id, k, len(bots))
		}
		t.Scenarios = append(t.Scenarios, s)
		seats = append(seats, s.NumSeats())
	}
	if err := checkPlanned(len(bots), seats, *games, *gauntlet != ""); err != nil {
		return fmt.Errorf("run: %w", err)
	}
	sched, err := arena.NewSchedule(t)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if keeper != nil {
		keeper.Plan(sched)
	}

	st, err := store.Open(ctx, *db)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	defer st.Close()
	bar := startProgress(stderr)
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = *concurrency
	cfg.LeaseTTL = *lease
	cfg.DBRetry = *dbRetry
	cfg.DBOutage = outageReporter(stderr, *dbRetry)
	cfg.ArenaVersion = arenaVersion()
	cfg.Command = commandLine("run", redactArgs(args))
	cfg.RatingPrior = *prior
	cfg.Progress = bar.Update
	runner, err := arena.NewRunner(ref, st, cfg)
	if err != nil {
		bar.Stop()
		return fmt.Errorf("run: %w", err)
	}
	sum, runErr := runner.Run(ctx, sched)
	bar.Stop()

	info := sched.Info
	desc := string(info.Kind)
	if info.Kind == arena.Gauntlet {
		desc += " of " + info.GauntletBot
	}
	fmt.Fprintf(stdout, "Tournament %s: %s, %s, %s, %d games per pairing, seed %d: %s planned.\n",
		info.ID, desc, plural(len(info.Bots), "bot"), plural(len(info.Scenarios), "scenario"), info.GamesPerPairing, info.Seed,
		plural(sum.Planned, "game"))
	others := ""
	if sum.Others > 0 {
		others = fmt.Sprintf(", %d by other workers", sum.Others)
	}
	fmt.Fprintf(stdout, "This run: %d played, %d already recorded%s, %d voided by arena faults, %d failed.\n",
		sum.Played, sum.Skipped+sum.Duplicates, others, sum.Voided, len(sum.Failed))
	warnRepaired(stderr, info.ID, sum.Repaired)
	switch {
	case ctx.Err() != nil:
		done := sum.Skipped + sum.Played + sum.Duplicates
		return fmt.Errorf("run: interrupted with %d of %d games recorded; run the same command again to play the rest", done, sum.Planned)
	case errors.Is(runErr, arena.ErrGameFailed):
		for _, f := range sum.Failed {
			fmt.Fprintf(stdout, "  failed: %s: %v\n", f.Key, f.Err)
		}
		return fmt.Errorf("run: %d games failed on every attempt (arena faults); run the same command again to retry them", len(sum.Failed))
	case errors.Is(runErr, arena.ErrDatabaseUnreachable):
		return fmt.Errorf("run: %w; the games recorded are kept: run the same command again to play the rest", runErr)
	case runErr != nil:
		return fmt.Errorf("run: %w", runErr)
	}

	list, err := st.ReadGames(ctx, arena.GameFilter{TournamentID: info.ID})
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	warnSkipped(stderr, list.Skipped)
	recs := list.Games
	fmt.Fprintln(stdout)
	if err := printTable(stdout, recs, fitConfig(*prior)); err != nil {
		// The games are recorded; only the table is missing.
		fmt.Fprintf(stdout, "No rating table: %v\n", err)
	}
	if keeper != nil {
		fmt.Fprintln(stdout)
		sum, err := keeper.Settle(reg, recs, fitConfig(*prior))
		printReplays(stdout, sum)
		if err != nil {
			return fmt.Errorf("run: %w", err)
		}
	}
	return nil
}

// outageReporter returns the RunnerConfig.DBOutage of 'arena run': a line
// on stderr when the database stops answering, and at most one every 10 s
// while it stays unreachable.
func outageReporter(stderr io.Writer, limit time.Duration) func(error, time.Duration) {
	var (
		mu   sync.Mutex
		last time.Time
	)
	return func(err error, waited time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) < 10*time.Second {
			return
		}
		last = time.Now()
		fmt.Fprintf(stderr, "\ndatabase unreachable for %v, retrying for up to %v (--db-retry): %v\n",
			waited.Round(time.Second), limit, err)
	}
}

// arenaVersion is the version recorded with every game: the module version
// and VCS revision of this build, when the build recorded them.
func arenaVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = "+" + s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	return bi.Main.Version + rev + dirty
}
