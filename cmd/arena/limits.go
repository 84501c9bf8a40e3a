package main

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/internal/regfile"
)

// The bounds of the sizes a user gives on the command line. A value past its
// bound is refused with an error naming the flag and the bound, before
// anything is allocated or played.
const (
	// maxGames bounds run --games (games per pairing on each scenario).
	maxGames = 100_000
	// maxBots bounds the number of bots of run --bots.
	maxBots = 64
	// maxScenarios bounds the number of scenarios of run --scenarios.
	maxScenarios = 64
	// maxConcurrency bounds run --concurrency (games played at once).
	maxConcurrency = 1024
	// maxDeadline bounds run --deadline.
	maxDeadline = time.Hour
	// maxTurns bounds run --max-turns.
	maxTurnsLimit = 10_000_000
	// maxPrior bounds the --prior τ of every command, in Elo.
	maxPrior = 100_000.0
	// maxEmbed bounds report --embed-replays.
	maxEmbed = 100
	// maxReplayFileBytes bounds the size of a replay file the report reads (bytes, compressed).
	maxReplayFileBytes = 64 << 20
)

// checkPrior checks a --prior value: finite, in [0, maxPrior].
func checkPrior(prior float64) error {
	if !(prior >= 0 && prior <= maxPrior) {
		return fmt.Errorf("--prior must lie in [0, %g] Elo, got %g", maxPrior, prior)
	}
	return nil
}

// checkPlanned checks that a tournament of so many bots, with scenarios of
// the given seat counts (one entry per scenario) and games per set of bots,
// plans at most arena.MaxPlannedGames games: a round-robin plays every
// k-subset of the bots on a scenario of k seats, a gauntlet the first bot
// with every (k-1)-subset of the others.
func checkPlanned(bots int, seats []int, games int, gauntlet bool) error {
	total, sets := 0, 0
	for _, k := range seats {
		n := choose(bots, k)
		if gauntlet {
			n = choose(bots-1, k-1)
		}
		sets = max(sets, n)
		if n > arena.MaxPlannedGames || games > arena.MaxPlannedGames/max(n, 1) {
			total = arena.MaxPlannedGames + 1
			break
		}
		if total += n * games; total > arena.MaxPlannedGames {
			break
		}
	}
	if total > arena.MaxPlannedGames {
		what := fmt.Sprintf("%d bot pairings", sets)
		if slices.ContainsFunc(seats, func(k int) bool { return k != 2 }) {
			what = fmt.Sprintf("up to %d bot sets", sets)
		}
		plan := fmt.Sprintf("%d games", total)
		if total == arena.MaxPlannedGames+1 {
			plan = "more games than that"
		}
		return fmt.Errorf("--games %d with %s and %d scenarios plans %s, more than the limit of %d; lower --games",
			games, what, len(seats), plan, arena.MaxPlannedGames)
	}
	return nil
}

// choose returns the binomial coefficient n over k, or arena.MaxPlannedGames+1
// when it is larger.
func choose(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
		if r > arena.MaxPlannedGames {
			return arena.MaxPlannedGames + 1
		}
	}
	return r
}

// readCapped reads the regular file at path, refusing anything else (a
// device, a pipe, a directory: never opened, see internal/regfile) and any
// file larger than limit bytes. what names the file's role in errors.
func readCapped(path, what string, limit int64) ([]byte, error) {
	data, err := regfile.ReadFile(path, limit)
	if tl := (*regfile.TooLargeError)(nil); errors.As(err, &tl) {
		return nil, fmt.Errorf("%w for a %s", err, what)
	}
	return data, err
}
