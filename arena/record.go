package arena

import (
	"fmt"
	"time"
)

// GameRecord is one stored game: every field of rating-math.md §3.1. It is
// plain data; the rating package converts it to its own types.
type GameRecord struct {
	// ID is the store's row id, assigned on append (increasing in order of
	// recording); ignored by [Store.AppendGame].
	ID int64
	// TournamentID is the [TournamentInfo.ID] of the tournament that
	// planned the game.
	TournamentID string
	// Key is [Fixture.Key], unique within the tournament.
	Key string
	// PairID is [Fixture.PairID]: the two games of a pair share it.
	PairID string
	// Seq is [Fixture.Seq], the game's position in the schedule.
	Seq int
	// Round is [Fixture.Round].
	Round int
	// Leg is [Fixture.Leg].
	Leg int
	// Scenario is the scenario played, with its version and hash.
	Scenario Scenario
	// Seed is the game seed.
	Seed uint64
	// Bots are the bots and their versions when the game ended, indexed by
	// [Side]: Bots[SideX] played side X.
	Bots [2]BotInfo
	// FirstMover is the side that moved first.
	FirstMover Side
	// Result is the result; [Result.ScoreX] gives 1, ½ or 0 from X's view.
	Result Result
	// Termination says how the game ended.
	Termination Termination
	// Reason details the termination: the game's own words for a normal end when it gives
	// them ("the outlaws are the last team standing"), the fault's message for bot faults.
	Reason string
	// Turns is the game length in turns.
	Turns int
	// Points holds the final game score of each side, indexed by Side;
	// Points[SideX]-Points[SideY] is the score margin.
	Points [2]float64
	// Attempt is 1 for a game played at the first try, n after n-1 voided
	// attempts.
	Attempt int
	// ArenaVersion is the version of the arena that played the game.
	ArenaVersion string
	// StartedAt and EndedAt bound the game's wall-clock time (UTC, ns).
	StartedAt, EndedAt time.Time
}

// Duration returns the game's wall-clock duration.
func (g GameRecord) Duration() time.Duration { return g.EndedAt.Sub(g.StartedAt) }

// Validate reports whether g can be stored: identity fields set, a valid
// outcome, a leg of 0 or 1 and an attempt of at least 1.
func (g GameRecord) Validate() error {
	o := Outcome{Result: g.Result, Termination: g.Termination, FirstMover: g.FirstMover, Turns: g.Turns}
	switch err := o.Validate(); {
	case err != nil:
		return fmt.Errorf("arena: game %q: %w", g.Key, err)
	case g.TournamentID == "" || g.Key == "" || g.PairID == "":
		return fmt.Errorf("arena: game %q: missing tournament id, key or pair id", g.Key)
	case g.Scenario.ID == "" || g.Bots[SideX].Name == "" || g.Bots[SideY].Name == "":
		return fmt.Errorf("arena: game %q: missing scenario or bot", g.Key)
	case g.Leg != 0 && g.Leg != 1:
		return fmt.Errorf("arena: game %q: leg %d", g.Key, g.Leg)
	case g.Attempt < 1:
		return fmt.Errorf("arena: game %q: attempt %d", g.Key, g.Attempt)
	}
	return nil
}

// FaultRecord is one voided attempt at a game: an arena fault.
type FaultRecord struct {
	// ID is the store's row id.
	ID int64
	// TournamentID is the tournament of the game.
	TournamentID string
	// Key is the game's key.
	Key string
	// Attempt is the attempt that was voided, from 1.
	Attempt int
	// Error is the arena fault's message.
	Error string
	// ArenaVersion is the version of the arena that voided the attempt.
	ArenaVersion string
	// StartedAt and EndedAt bound the attempt (UTC).
	StartedAt, EndedAt time.Time
}

// RunRecord is one invocation of [Runner.Run] on a tournament.
type RunRecord struct {
	// ID is the store's row id.
	ID int64
	// TournamentID is the tournament run.
	TournamentID string
	// StartedAt is when the run started (UTC).
	StartedAt time.Time
	// Command is [RunnerConfig.Command], e.g. the command line.
	Command string
	// Concurrency is [RunnerConfig.Concurrency].
	Concurrency int
	// MaxAttempts is [RunnerConfig.MaxAttempts].
	MaxAttempts int
	// ArenaVersion is [RunnerConfig.ArenaVersion].
	ArenaVersion string
}
