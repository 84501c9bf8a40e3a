package arena

import (
	"fmt"
	"slices"
	"time"
)

// GameRecord is one stored game: every field of rating-math.md §3.1. It is
// plain data; the rating package converts it to its own types.
type GameRecord struct {
	// ID is the store's row id, assigned on append (increasing in order of
	// recording); ignored by the store's AppendGame.
	ID int64
	// TournamentID is the [TournamentInfo.ID] of the tournament that
	// planned the game.
	TournamentID string
	// Key is [Fixture.Key], unique within the tournament.
	Key string
	// PairID is [Fixture.PairID]: the games of a rotation set (for two
	// seats, the two games of a pair) share it.
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
	// seat (for two seats by [Side]: Bots[SideX] played side X).
	Bots []BotInfo
	// FirstMover is the seat that moved first.
	FirstMover int
	// Ranks are the seats' finishing places, one per seat ([Outcome.Ranks]).
	Ranks []int
	// Termination says how the game ended.
	Termination Termination
	// Reason details the termination: the game's own words for a normal end when it gives
	// them ("the outlaws are the last team standing"), the fault's message for bot faults.
	Reason string
	// EndKind is the kind of a normal end, the same words for every game
	// that ended the same way ("noon: the lawmen have more hit points"),
	// when the game gives one (env.Ender); empty otherwise, and for the
	// games of a database older than schema version 3.
	EndKind string
	// Turns is the game length in turns.
	Turns int
	// Points holds each seat's final score in the game's own points, one
	// per seat, or nil, stored as zeros, for games without points.
	Points []float64
	// Attempt is 1 for a game played at the first try, n after n-1 voided
	// attempts.
	Attempt int
	// ArenaVersion is the version of the arena that played the game.
	ArenaVersion string
	// StartedAt and EndedAt bound the game's wall-clock time (UTC, ns).
	StartedAt, EndedAt time.Time
}

// Result returns the two-seat result of g ([ResultOf]): [ResultUnspecified]
// unless the game has two seats; [Result.ScoreX] gives 1, ½ or 0 from X's
// view.
func (g GameRecord) Result() Result { return ResultOf(g.Ranks) }

// Seats returns the number of seats of the game.
func (g GameRecord) Seats() int { return len(g.Bots) }

// Duration returns the game's wall-clock duration.
func (g GameRecord) Duration() time.Duration { return g.EndedAt.Sub(g.StartedAt) }

// Validate reports whether g can be stored: identity fields set, a valid
// outcome with one bot, rank and score per seat, a leg (rotation) from 0 to
// seats-1 and an attempt of at least 1.
func (g GameRecord) Validate() error {
	o := Outcome{Ranks: g.Ranks, Termination: g.Termination, FirstMover: g.FirstMover, Turns: g.Turns, Points: g.Points}
	switch err := o.Validate(); {
	case err != nil:
		return fmt.Errorf("arena: game %q: %w", g.Key, err)
	case g.TournamentID == "" || g.Key == "" || g.PairID == "":
		return fmt.Errorf("arena: game %q: missing tournament id, key or pair id", g.Key)
	case len(g.Bots) != len(g.Ranks):
		return fmt.Errorf("arena: game %q: %d bots and %d ranks", g.Key, len(g.Bots), len(g.Ranks))
	case g.Scenario.ID == "" || slices.ContainsFunc(g.Bots, func(b BotInfo) bool { return b.Name == "" }):
		return fmt.Errorf("arena: game %q: missing scenario or bot", g.Key)
	case g.Leg < 0 || g.Leg >= len(g.Bots):
		return fmt.Errorf("arena: game %q: leg %d of %d seats", g.Key, g.Leg, len(g.Bots))
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
	// RatingPrior is [RunnerConfig.RatingPrior], in Elo; valid when
	// HasRatingPrior (runs recorded before schema version 3 have none).
	RatingPrior float64
	// HasRatingPrior reports whether the run recorded its rating prior.
	HasRatingPrior bool
	// Labels are [RunnerConfig.Labels], name to value; nil for none (every
	// run recorded before schema version 5).
	Labels map[string]string
}
