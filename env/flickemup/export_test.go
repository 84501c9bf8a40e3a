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

// SelectorLinesExamined parses data and returns how many lines its tune lines' selectors
// examined (parser.examined), the deterministic measure of their cost, and how many
// problems the parse found.
func SelectorLinesExamined(data []byte) (examined, problems int) {
	p := newParser("test.scn")
	p.read(data)
	p.build()
	return p.examined, len(p.errs)
}
