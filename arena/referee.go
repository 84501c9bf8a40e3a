package arena

import (
	"context"
	"errors"
	"fmt"
)

// Match is what a [Referee] needs to play one game.
type Match struct {
	// Key is the stable key of the game ([Fixture.Key]); useful in logs.
	Key string
	// Scenario is the scenario to play.
	Scenario Scenario
	// Seed seeds the game. Both games of a pair get the same seed.
	Seed uint64
	// Players holds the bots, indexed by [Side]: Players[SideX] plays X.
	Players [2]Player
}

// Outcome is the result of one game played to its end, including a game
// ended by a bot fault.
type Outcome struct {
	// Result is the result of the game. For a bot-fault termination it
	// must be a win for the side that did not fault.
	Result Result
	// Termination says how the game ended.
	Termination Termination
	// Reason is a human-readable detail, e.g. the illegal action or the
	// bot's error message. Optional for normal ends (the EnvReferee gives
	// the game's own words when the game has an EndReason method).
	Reason string
	// FirstMover is the side that moved first.
	FirstMover Side
	// Turns is the length of the game in turns, as the game counts them;
	// non-negative.
	Turns int
	// Points holds the final game score of each side, indexed by Side, in
	// the game's own points; zero for games without points.
	Points [2]float64
}

// ErrInvalidOutcome is wrapped by the error [Outcome.Validate] returns. The
// runner treats an invalid outcome as an arena fault.
var ErrInvalidOutcome = errors.New("arena: invalid outcome")

// Validate reports whether o is consistent: valid result, termination and
// first mover, non-negative turns, and no draw after a bot fault.
func (o Outcome) Validate() error {
	switch {
	case !o.Result.Valid():
		return fmt.Errorf("%w: result %v", ErrInvalidOutcome, o.Result)
	case !o.Termination.Valid():
		return fmt.Errorf("%w: termination %v", ErrInvalidOutcome, o.Termination)
	case !o.FirstMover.Valid():
		return fmt.Errorf("%w: first mover %v", ErrInvalidOutcome, o.FirstMover)
	case o.Turns < 0:
		return fmt.Errorf("%w: %d turns", ErrInvalidOutcome, o.Turns)
	case o.Termination.IsBotFault() && o.Result == Draw:
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
	// side as winner, or as an error wrapping a *[BotFault]; both are
	// recorded as that bot's loss.
	//
	// Any other error is an arena fault: the runner voids the game and
	// replays it later with the same scenario, seed and sides. A panic that
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
