package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/flickarena/flickarena/arena"
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
	// maxScenarioFileBytes bounds the size of a scenario file read by validate (bytes).
	maxScenarioFileBytes = 1 << 20
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

// checkPlanned checks that a tournament of so many bots, scenarios and games
// per pairing plans at most arena.MaxPlannedGames games (a round-robin plans
// one pairing per two bots, a gauntlet one per bot but the first).
func checkPlanned(bots, scenarios, games int, gauntlet bool) error {
	pairings := bots * (bots - 1) / 2
	if gauntlet {
		pairings = bots - 1
	}
	if n := pairings * scenarios * games; n > arena.MaxPlannedGames {
		return fmt.Errorf("--games %d with %d bot pairings and %d scenarios plans %d games, more than the limit of %d; lower --games",
			games, pairings, scenarios, n, arena.MaxPlannedGames)
	}
	return nil
}

// readCapped reads the regular file at path, refusing anything else (a
// device, a pipe, a directory) and any file larger than limit bytes. what
// names the file's role in errors.
func readCapped(path, what string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, fileKind(st.Mode()))
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the limit of %d bytes for a %s", path, st.Size(), limit, what)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit { // it grew while we read it
		return nil, fmt.Errorf("%s: more than the limit of %d bytes for a %s", path, limit, what)
	}
	return data, nil
}

// fileKind names the kind of a file that is not a regular file.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.Type().String()
}
