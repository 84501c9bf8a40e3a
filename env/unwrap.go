package env

// Unwrapper is implemented by a Game that wraps another game and passes its rules through
// unchanged (a replay recorder, say): Unwrap returns the wrapped game. A Policy that
// type-asserts [Turn.Game] to a concrete game calls [Unwrap] first, so that it plays the
// wrapped game as it plays the bare one.
type Unwrapper interface {
	// Unwrap returns the wrapped game, never nil.
	Unwrap() Game
}

// maxUnwrap bounds the wrappers Unwrap follows: far more than any real stack of wrappers,
// so that a wrapper that (wrongly) returns itself cannot loop forever.
const maxUnwrap = 64

// Unwrap returns the innermost game of g: g itself unless it is an [Unwrapper], otherwise
// the game its Unwrap returns, unwrapped in turn (up to 64 wrappers deep).
func Unwrap(g Game) Game {
	for range maxUnwrap {
		u, ok := g.(Unwrapper)
		if !ok {
			return g
		}
		inner := u.Unwrap()
		if inner == nil {
			return g
		}
		g = inner
	}
	return g
}
