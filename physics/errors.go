package physics

import "errors"

// ErrBadFlick reports a flick that cannot be simulated: NaN or infinite velocity, an unknown
// piece, a piece that is off the table or pinned.
var ErrBadFlick = errors.New("physics: bad flick")

// ErrBadState reports a State that cannot be simulated.
var ErrBadState = errors.New("physics: bad state")
