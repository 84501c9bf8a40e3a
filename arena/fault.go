package arena

import (
	"errors"
	"fmt"
)

// BotFault is an error by which a [Referee] blames one bot for ending a game:
// the bot on Seat loses. A Referee may return it (possibly wrapped) instead
// of an [Outcome]; the runner records the game as [BotFault.Outcome].
type BotFault struct {
	// Seat is the seat of the bot at fault (for two seats, a [Side]).
	Seat int
	// Termination is the kind of fault; it must satisfy
	// [Termination.IsBotFault].
	Termination Termination
	// FirstMover is the seat that moved first in the aborted game. Set it:
	// the zero value is seat 0, and it is recorded.
	FirstMover int
	// Turns is the number of turns played before the fault.
	Turns int
	// Err is the underlying error, e.g. context.DeadlineExceeded or the
	// transport error; its text is recorded as the game's reason.
	Err error
}

// Error describes the fault.
func (f *BotFault) Error() string {
	if f.Err == nil {
		return fmt.Sprintf("arena: bot on seat %d: %v", f.Seat, f.Termination)
	}
	return fmt.Sprintf("arena: bot on seat %d: %v: %v", f.Seat, f.Termination, f.Err)
}

// Unwrap returns f.Err.
func (f *BotFault) Unwrap() error { return f.Err }

// Outcome returns the outcome the fault stands for in a game of seats
// seats: the seat at fault last, the others sharing the first place
// ([FaultRanks]; for two seats a win of the other), with the fault as
// termination and Err's text as reason. The ranks are nil when Seat is not
// a seat of the game.
func (f *BotFault) Outcome(seats int) Outcome {
	o := Outcome{
		Termination: f.Termination,
		FirstMover:  f.FirstMover,
		Turns:       f.Turns,
	}
	if f.Seat >= 0 && f.Seat < seats {
		o.Ranks = FaultRanks(seats, f.Seat)
	}
	if f.Err != nil {
		o.Reason = f.Err.Error()
	}
	return o
}

// ErrGameFailed is wrapped by the error [Runner.Run] returns when some games
// were voided by arena faults on every attempt. Rerunning the tournament
// tries them again.
var ErrGameFailed = errors.New("arena: game failed after retries")

// FailedGame is a game that [Runner.Run] gave up on after
// [RunnerConfig.MaxAttempts] arena faults.
type FailedGame struct {
	// Key is the game's key.
	Key string
	// Err is the arena fault of the last attempt.
	Err error
}
