package fliprando

import (
	"errors"
	"fmt"

	"github.com/flickarena/flickarena/env"
)

// ErrInvariant is wrapped by every error of [Game.Validate]: the state
// breaks a rule that no sequence of legal actions can break.
var ErrInvariant = errors.New("fliprando: broken invariant")

// ErrIllegal is wrapped, with env.ErrIllegalAction, by every action the engine refuses
// ([Game.Check], [Game.Apply], [Env.EncodeAction]). A refused action changes nothing.
var ErrIllegal = errors.New("fliprando: illegal action")

// illegalError is an action the engine refuses: an *env.ActionError (whose message it
// keeps) that also wraps [ErrIllegal].
type illegalError struct{ env.ActionError }

// Unwrap returns [ErrIllegal] and the env.ActionError, for errors.Is and errors.As.
func (e *illegalError) Unwrap() []error { return []error{ErrIllegal, &e.ActionError} }

// illegal returns an error wrapping ErrIllegal and env.ErrIllegalAction for action a.
func illegal(a Action, format string, args ...any) error {
	return &illegalError{env.ActionError{Env: -1, Field: "action", Reason: fmt.Sprintf("%v: ", a) + fmt.Sprintf(format, args...)}}
}

// broken returns an error wrapping ErrInvariant.
func broken(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...))
}
