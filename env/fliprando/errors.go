package fliprando

import (
	"errors"
	"fmt"

	"github.com/flickarena/flickarena/env"
)

// ErrInvariant is wrapped by every error of [Game.Validate]: the state
// breaks a rule that no sequence of legal actions can break.
var ErrInvariant = errors.New("fliprando: broken invariant")

// illegal returns an error wrapping env.ErrIllegalAction for action a.
func illegal(a Action, format string, args ...any) error {
	return &env.ActionError{Env: -1, Field: "action", Reason: fmt.Sprintf("%v: ", a) + fmt.Sprintf(format, args...)}
}

// broken returns an error wrapping ErrInvariant.
func broken(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...))
}
