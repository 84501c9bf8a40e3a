package env

import "strconv"

// SeatNamer is implemented by a game whose seats have names of their own, as
// its players say them: "lawmen" and "outlaws" in Flick 'em Up!, "white" and
// "black" in Flickago. Reports, balance statistics and viewers name the seats
// so ([SeatNames]).
type SeatNamer interface {
	// SeatNames returns one name per seat, indexed by seat, lower case and
	// distinct; the caller must not modify the slice.
	SeatNames() []string
}

// SeatNames returns the names of g's seats: the game's own ([SeatNamer]) when
// it declares one per seat, else "player 1" to "player N" for its N seats.
func SeatNames(g Game) []string {
	n := g.Spec().NumPlayers
	if s, ok := g.(SeatNamer); ok {
		if names := s.SeatNames(); len(names) == n {
			return append([]string(nil), names...)
		}
	}
	return DefaultSeatNames(n)
}

// DefaultSeatNames returns "player 1" to "player n": the names of the seats
// of a game that declares none.
func DefaultSeatNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "player " + strconv.Itoa(i+1)
	}
	return out
}

// Ender is implemented by a game that says why its ended episode ended: a
// kind, the same words for every game that ended the same way ("noon: the
// lawmen have more hit points"), so that a designer can count the endings of
// a scenario by kind, and the full reason with its detail ("noon: the lawmen
// have more hit points (3 to 1)").
type Ender interface {
	// EndKind returns the kind of the ending; empty while the episode runs.
	EndKind() string
	// EndReason returns the full reason, the kind with its detail; empty
	// while the episode runs.
	EndReason() string
}

// Scorer is implemented by a game that keeps a score per seat in its own
// points (Race's points, Flick 'em Up!'s hit points of each team, Flickago's
// points): the arena records each seat's final score with the game.
type Scorer interface {
	// Scores appends each seat's score now, in the game's points, to dst
	// (indexed by seat) and returns it.
	Scores(dst []float64) []float64
}
