package arena

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Match is what a [Referee] needs to play one game.
type Match struct {
	// Key is the stable key of the game ([Fixture.Key]); useful in logs.
	Key string
	// Scenario is the scenario to play.
	Scenario Scenario
	// Seed seeds the game. The games of a rotation set (for two seats, a
	// pair) get the same seed.
	Seed uint64
	// Players holds the bots, indexed by seat: Players[i] plays seat i (for
	// two seats, [SideX] and [SideY]).
	Players []Player
}

// Outcome is the result of one game played to its end, including a game
// ended by a bot fault.
type Outcome struct {
	// Ranks are the seats' finishing places ([RanksOf]), one per seat: 1
	// for the first, ties shared. For a bot-fault termination the seat at
	// fault must be alone in the last place ([FaultRanks]).
	Ranks []int
	// Termination says how the game ended.
	Termination Termination
	// Reason is a human-readable detail, e.g. the illegal action or the
	// bot's error message. Optional for normal ends (the EnvReferee gives
	// the game's own words when the game has an EndReason method).
	Reason string
	// EndKind is the kind of a normal end, when the game gives one: the
	// same words for every game that ended the same way ([GameRecord.EndKind]).
	EndKind string
	// FirstMover is the seat that moved first.
	FirstMover int
	// Turns is the length of the game in turns, as the game counts them;
	// non-negative.
	Turns int
	// Points holds each seat's final score in the game's own points, one
	// per seat (finite numbers), or nil for games without points.
	Points []float64
}

// Result returns the two-seat result of o ([ResultOf]):
// [ResultUnspecified] unless the game has two seats.
func (o Outcome) Result() Result { return ResultOf(o.Ranks) }

// ErrInvalidOutcome is wrapped by the error [Outcome.Validate] returns. The
// runner treats an invalid outcome as an arena fault.
var ErrInvalidOutcome = errors.New("arena: invalid outcome")

// Validate reports whether o is consistent: ranks forming a finishing order
// of at least two seats, finite points for every seat or none, a valid
// termination and first mover, non-negative turns, and after a bot fault
// one seat alone in the last place.
func (o Outcome) Validate() error {
	k := len(o.Ranks)
	if err := checkRanks(o.Ranks); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidOutcome, err)
	}
	switch {
	case o.Points != nil && len(o.Points) != k:
		return fmt.Errorf("%w: %d points for %d seats", ErrInvalidOutcome, len(o.Points), k)
	case slices.ContainsFunc(o.Points, func(p float64) bool { return math.IsNaN(p) || math.IsInf(p, 0) }):
		return fmt.Errorf("%w: points %v are not all finite", ErrInvalidOutcome, o.Points)
	case !o.Termination.Valid():
		return fmt.Errorf("%w: termination %v", ErrInvalidOutcome, o.Termination)
	case o.FirstMover < 0 || o.FirstMover >= k:
		return fmt.Errorf("%w: first mover %d of %d seats", ErrInvalidOutcome, o.FirstMover, k)
	case o.Turns < 0:
		return fmt.Errorf("%w: %d turns", ErrInvalidOutcome, o.Turns)
	case o.Termination.IsBotFault() && slices.Max(o.Ranks) == slices.Min(o.Ranks):
		return fmt.Errorf("%w: draw after bot fault %v", ErrInvalidOutcome, o.Termination)
	}
	return nil
}

// Referee plays single games. The arena owns scheduling, retries and
// storage; the Referee owns the game loop, the per-decision deadlines and the
// blame.
type Referee interface {
	// Play plays the game m to its end and returns its outcome.
	//
	// A bot fault ends the game: a bot that exceeds its deadline, crashes
	// (including a panic inside an in-process bot, which Play must
	// recover), disconnects or sends an illegal action loses. Play reports
	// it either as an Outcome with the fault's Termination and the other
	// seats ahead of it, or as an error wrapping a *[BotFault]; both are
	// recorded as that bot's loss.
	//
	// Any other error is an arena fault: the runner voids the game and
	// replays it later with the same scenario, seed and seats. A panic that
	// escapes Play is treated the same way.
	//
	// Play must return promptly once ctx is done; whatever it returns then
	// is discarded, since the game did not finish. Play is called from
	// several goroutines at once (one per game in flight) and must not
	// retain m.Players after it returns.
	Play(ctx context.Context, m Match) (Outcome, error)
}

// RefereeFunc adapts a function to the [Referee] interface.
type RefereeFunc func(ctx context.Context, m Match) (Outcome, error)

// Play calls f(ctx, m).
func (f RefereeFunc) Play(ctx context.Context, m Match) (Outcome, error) { return f(ctx, m) }
