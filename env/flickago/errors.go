package flickago

import (
	"errors"

	"github.com/flickarena/flickarena/env"
)

// ErrIllegal is wrapped, with env.ErrIllegalAction, by every rejected action. A rejected
// action changes nothing.
var ErrIllegal = errors.New("flickago: illegal action")

// ErrInvariant is wrapped by every error of [Game.Validate].
var ErrInvariant = errors.New("flickago: broken invariant")

// The reasons an action is rejected; each error returned by [Game.Check] and [Game.Apply]
// for an illegal action is an *[ActionError] that wraps one of them and [ErrIllegal].
var (
	// ErrOver: the game has ended.
	ErrOver = errors.New("flickago: the game is over")
	// ErrPhase: the action's type is not the one the phase asks for, or is unknown.
	ErrPhase = errors.New("flickago: wrong action for the phase")
	// ErrReturn: the disc to return is not the player's, not on the board, not touching the
	// player's return zone, or an inspector is in that zone.
	ErrReturn = errors.New("flickago: disc cannot be returned")
	// ErrDisc: the disc to flick is not one of the player's face-up family discs on the board.
	ErrDisc = errors.New("flickago: disc cannot be flicked")
	// ErrPoint: no such start point, no disc of its kind in the reserve, or a piece lies on it.
	ErrPoint = errors.New("flickago: start point cannot be used")
	// ErrVelocity: the velocity is NaN or infinite.
	ErrVelocity = errors.New("flickago: bad velocity")
	// ErrStar: no such star point.
	ErrStar = errors.New("flickago: no such star point")
)

// ActionError is an illegal action: which part of it is at fault and why.
type ActionError struct {
	// Field names the part: "type", "return", "disc", "point", "velocity" or "star".
	Field string
	// Reason says what is wrong, in lower case.
	Reason string
	// Err is the reason's sentinel (ErrOver, ErrPhase, ErrReturn, …).
	Err error
}

// Error implements error.
func (e *ActionError) Error() string {
	return "flickago: illegal action: " + e.Field + ": " + e.Reason
}

// Unwrap returns the sentinel, [ErrIllegal] and env.ErrIllegalAction, for errors.Is.
func (e *ActionError) Unwrap() []error { return []error{e.Err, ErrIllegal, env.ErrIllegalAction} }

// illegal returns an *ActionError.
func illegal(field string, err error, reason string) error {
	return &ActionError{Field: field, Reason: reason, Err: err}
}
