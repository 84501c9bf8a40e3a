package rating

import (
	"errors"
	"fmt"
	"strings"
)

var (
	// ErrNoGames is returned when no non-void game is left to rate.
	ErrNoGames = errors.New("rating: no games")
	// ErrFirstMoverFixed is returned when a first-mover term is requested
	// but the first mover never varies within a scenario, so the term is
	// confounded with the side terms (fit without it and read the side terms
	// as the combined advantage).
	ErrFirstMoverFixed = errors.New("rating: first mover never varies within a scenario, its effect is confounded with the side advantage")
	// ErrSingular is returned when the information matrix cannot be
	// factorized although the data passed the existence checks.
	ErrSingular = errors.New("rating: information matrix is singular")
)

// GameError reports an invalid game record.
type GameError struct {
	// Index is the game's position in the input slice.
	Index int
	// Err says what is wrong.
	Err error
}

// Error implements error.
func (e *GameError) Error() string {
	return fmt.Sprintf("rating: game %d: %v", e.Index, e.Err)
}

// Unwrap returns the underlying reason.
func (e *GameError) Unwrap() error { return e.Err }

// RankingError reports an invalid ranking record.
type RankingError struct {
	// Index is the ranking's position in the input slice.
	Index int
	// Err says what is wrong.
	Err error
}

// Error implements error.
func (e *RankingError) Error() string {
	return fmt.Sprintf("rating: ranking %d: %v", e.Index, e.Err)
}

// Unwrap returns the underlying reason.
func (e *RankingError) Unwrap() error { return e.Err }

// DisconnectedError is returned by [Fit] when the bots do not form one
// connected "played" graph: no chain of games links some groups, so they
// cannot share one rating scale (Ordo's -g). Rate each group separately.
type DisconnectedError struct {
	// Groups are the connected components, each sorted by name; groups are
	// ordered by their first name. A bot of the roster that played no game
	// (or only void or mirror games) is a group of its own.
	Groups [][]string
}

// Error implements error.
func (e *DisconnectedError) Error() string {
	return fmt.Sprintf("rating: the bots form %d groups that never played each other, refusing one scale for %s; rate each group separately",
		len(e.Groups), formatGroups(e.Groups))
}

// SeparationError is returned by [Fit] when the maximum-likelihood estimate
// does not exist: some ratings or side advantages would be infinite because
// one group only ever won (Hunter's condition). Add more games, or fit with a
// prior ([Config.Prior], [Config.SidePrior]).
type SeparationError struct {
	// Groups are the strongly connected components of the "scored a point
	// against" digraph, each sorted by name, strongest first: no bot of a
	// later group ever scored against a bot of an earlier group. Empty when
	// the bots themselves are not separated.
	Groups [][]string
	// Scenarios lists scenarios in which one side scored every point (for
	// rankings: in which a group of seats never finished behind the
	// others).
	Scenarios []string
	// FirstMover is set when the first (or second) mover scored every point.
	FirstMover bool
	// Diverged lists the parameters the fit drove towards infinity, when the
	// separation was found by the fit itself rather than by the checks above
	// (a combination of bots and side terms).
	Diverged []string
}

// Error implements error.
func (e *SeparationError) Error() string {
	var parts []string
	if len(e.Groups) > 0 {
		parts = append(parts, fmt.Sprintf("no bot of a later group ever scored against an earlier group (strongest first: %s)", formatGroups(e.Groups)))
	}
	if len(e.Scenarios) > 0 {
		parts = append(parts, fmt.Sprintf("one side scored every point in scenario %s", strings.Join(quoteAll(e.Scenarios), ", ")))
	}
	if e.FirstMover {
		parts = append(parts, "one mover scored every point")
	}
	if len(e.Diverged) > 0 {
		parts = append(parts, fmt.Sprintf("the fit diverges along %s", strings.Join(e.Diverged, ", ")))
	}
	return "rating: maximum-likelihood ratings do not exist (infinite): " + strings.Join(parts, "; ") + "; play more games or fit with a prior"
}

func formatGroups(groups [][]string) string {
	s := make([]string, len(groups))
	for i, g := range groups {
		s[i] = "{" + strings.Join(g, ", ") + "}"
	}
	return strings.Join(s, " ")
}

func quoteAll(names []string) []string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return q
}
