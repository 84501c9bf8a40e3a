package flickemup

import "github.com/flickarena/flickarena/env"

// DecodeUnchecked is Env.DecodeAction without its legality check, for tests that compare
// the env's verdict with the engine's.
func DecodeUnchecked(e *Env, a env.Action) Action { return e.decode(a) }

// EncodeUnchecked is Env.EncodeAction without its legality check, for tests that build
// illegal native actions.
func EncodeUnchecked(e *Env, a Action) env.Action {
	na := e.Spec().NewAction()
	e.encode(a, na)
	return na
}
