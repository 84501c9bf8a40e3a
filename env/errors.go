package env

import (
	"errors"
	"fmt"
)

var (
	// ErrUnknownGame is returned (wrapped, with the list of known ids) when
	// a registry has no game under the requested id.
	ErrUnknownGame = errors.New("env: unknown game")

	// ErrIllegalAction is wrapped by every *[ActionError].
	ErrIllegalAction = errors.New("env: illegal action")

	// ErrShape is returned (wrapped) when a buffer passed to a [Vector] or
	// to a decoder has the wrong length.
	ErrShape = errors.New("env: wrong buffer length")

	// ErrNotReset is returned (wrapped in an *[EnvError]) by [Vector.Step]
	// when an env has never been reset.
	ErrNotReset = errors.New("env: env not reset")

	// ErrEpisodeOver is returned (wrapped in an *[EnvError]) by
	// [Vector.Step] with autoreset [Disabled] when an env whose episode
	// ended has not been reset with [Vector.ResetMask].
	ErrEpisodeOver = errors.New("env: episode over, reset the env first")

	// ErrInterrupted is wrapped, together with the cause of the context's end
	// ([context.Cause]), by the error of a [Vector] call whose context ended while it was
	// playing (see [Vector.StepContext]), and by every later Step and partial reset of that
	// Vector: the call left its envs partly stepped, and only a reset of every env (Reset,
	// or ResetMask selecting all) makes the Vector usable again.
	ErrInterrupted = errors.New("env: a call was interrupted with its envs partly stepped; reset every env")

	// ErrClosed is returned by every method of a closed [Vector].
	ErrClosed = errors.New("env: vector closed")

	// ErrDisconnected is wrapped by the error of a [Policy] played by a
	// remote bot whose connection was lost (its endpoint went away): the
	// arena records the game as that bot's disconnection.
	ErrDisconnected = errors.New("env: policy disconnected")
)

// ActionError reports an illegal action: which env, which part of the
// action, and why. It wraps [ErrIllegalAction].
type ActionError struct {
	// Env is the index of the env in its Vector or batch, or -1 when the
	// error comes from a single action ([Spec.Check], [Game.Validate]).
	Env int
	// Field names the offending part: `discrete[1] "target"`,
	// `continuous[0] "vx"`, "discrete" or "continuous" for a wrong count,
	// or "action" for a joint rule of the game.
	Field string
	// Reason says what is wrong, in lower case ("value 7 out of range [0, 5)").
	Reason string
}

// Error implements error.
func (e *ActionError) Error() string {
	if e.Env < 0 {
		return fmt.Sprintf("env: illegal action: %s: %s", e.Field, e.Reason)
	}
	return fmt.Sprintf("env: env %d: illegal action: %s: %s", e.Env, e.Field, e.Reason)
}

// Unwrap returns [ErrIllegalAction].
func (e *ActionError) Unwrap() error { return ErrIllegalAction }

// EnvError reports that one env of a [Vector] cannot proceed: it was never
// reset, its episode is over with autoreset disabled, or its game failed
// (returned an error or panicked) during Op.
type EnvError struct {
	// Env is the index of the env in its Vector.
	Env int
	// Op is what was being done: "reset", "step", "opponent".
	Op string
	// Err is the cause: [ErrNotReset], [ErrEpisodeOver] or the game's error.
	Err error
}

// Error implements error.
func (e *EnvError) Error() string {
	return fmt.Sprintf("env: env %d: %s: %v", e.Env, e.Op, e.Err)
}

// Unwrap returns the cause.
func (e *EnvError) Unwrap() error { return e.Err }

// withEnv returns err with the env index set when err is an *ActionError
// from a single-action check; otherwise it wraps err as a joint-rule
// ActionError of env i.
func withEnv(err error, i int) *ActionError {
	var ae *ActionError
	if errors.As(err, &ae) {
		c := *ae
		c.Env = i
		return &c
	}
	return &ActionError{Env: i, Field: "action", Reason: err.Error()}
}
