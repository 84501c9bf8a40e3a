package arena

import "fmt"

// Termination says how a game ended (rating-math.md §3.1). Its zero value is
// invalid. A voided game (an arena fault) has no termination: it is not a
// game record at all but a [FaultRecord].
type Termination int8

const (
	// TermUnspecified is the invalid zero value.
	TermUnspecified Termination = iota
	// TermNormal means the game reached an end condition of its rules.
	TermNormal
	// TermTurnLimit means the game hit its maximum length; the referee
	// adjudicated the result (often a draw).
	TermTurnLimit
	// TermTimeout means a bot exceeded its per-decision deadline. Bot fault.
	TermTimeout
	// TermIllegal means a bot sent an illegal or malformed action. Bot fault.
	TermIllegal
	// TermCrash means a bot crashed (a panic in an in-process bot, an exited
	// process, an internal error reported by a remote bot). Bot fault.
	TermCrash
	// TermDisconnect means the connection to a remote bot was lost. Bot fault.
	TermDisconnect
)

// terminationNames are the forms stored in the database, indexed by value.
var terminationNames = [...]string{
	TermNormal:     "normal",
	TermTurnLimit:  "turn-limit",
	TermTimeout:    "timeout",
	TermIllegal:    "illegal",
	TermCrash:      "crash",
	TermDisconnect: "disconnect",
}

// Valid reports whether t is one of the named terminations.
func (t Termination) Valid() bool { return t > TermUnspecified && t <= TermDisconnect }

// IsBotFault reports whether t blames a bot: timeout, illegal action, crash
// or disconnect. The bot at fault loses the game.
func (t Termination) IsBotFault() bool { return t >= TermTimeout && t <= TermDisconnect }

// String returns the stored form ("normal", "turn-limit", "timeout",
// "illegal", "crash", "disconnect") or "Termination(n)" for an invalid value.
func (t Termination) String() string {
	if t.Valid() {
		return terminationNames[t]
	}
	return fmt.Sprintf("Termination(%d)", int8(t))
}

// ParseTermination is the inverse of [Termination.String] for valid values.
func ParseTermination(s string) (Termination, error) {
	for t, name := range terminationNames {
		if name != "" && name == s {
			return Termination(t), nil
		}
	}
	return TermUnspecified, fmt.Errorf("arena: unknown termination %q", s)
}
