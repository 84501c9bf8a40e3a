package arena

import (
	"errors"
	"fmt"
)

// BotFault is an error by which a [Referee] blames one bot for ending a game:
// the bot on Side loses. A Referee may return it (possibly wrapped) instead
// of an [Outcome]; the runner records the game as [BotFault.Outcome].
type BotFault struct {
	// Side is the side of the bot at fault.
	Side Side
	// Termination is the kind of fault; it must satisfy
	// [Termination.IsBotFault].
	Termination Termination
	// FirstMover is the side that moved first in the aborted game. Set it:
	// the zero value is SideX, and it is recorded.
	FirstMover Side
	// Turns is the number of turns played before the fault.
	Turns int
	// Err is the underlying error, e.g. context.DeadlineExceeded or the
	// transport error; its text is recorded as the game's reason.
	Err error
}

// Error describes the fault.
func (f *BotFault) Error() string {
	if f.Err == nil {
		return fmt.Sprintf("arena: bot on side %v: %v", f.Side, f.Termination)
	}
	return fmt.Sprintf("arena: bot on side %v: %v: %v", f.Side, f.Termination, f.Err)
}

// Unwrap returns f.Err.
func (f *BotFault) Unwrap() error { return f.Err }

// Outcome returns the outcome the fault stands for: a win for the other
// side, with the fault as termination and Err's text as reason.
func (f *BotFault) Outcome() Outcome {
	o := Outcome{
		Result:      ResultUnspecified,
		Termination: f.Termination,
		FirstMover:  f.FirstMover,
		Turns:       f.Turns,
	}
	if f.Side.Valid() {
		o.Result = WinFor(f.Side.Other())
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
