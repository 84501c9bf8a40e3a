package arena

import (
	"github.com/flickarena/flickarena/arena/rating"
	"github.com/flickarena/flickarena/internal/enum"
)

// Side is one of the two seats of a two-seat scenario, the team identity of
// rating-math.md §3.1 (for example the two factions of a Flick 'em Up!
// scenario): the rating package's [rating.Side], one type for both. Side X is
// seat 0 and side Y seat 1, so a Side indexes the per-seat slices of a
// two-seat game ([Match.Players], [GameRecord.Bots]). Games of more seats
// number their seats 0 to k-1.
type Side = rating.Side

const (
	// SideX is the first side of a scenario (index 0).
	SideX = rating.SideX
	// SideY is the second side of a scenario (index 1).
	SideY = rating.SideY
)

// Result is the result of a two-seat game, read from its places
// ([ResultOf]). Its zero value is invalid, so that a forgotten result is
// caught rather than recorded as a win.
type Result int8

const (
	// ResultUnspecified is the invalid zero value.
	ResultUnspecified Result = iota
	// WinX means side X won.
	WinX
	// WinY means side Y won.
	WinY
	// Draw means neither side won.
	Draw
)

// WinFor returns the result in which side s wins.
func WinFor(s Side) Result {
	if s == SideX {
		return WinX
	}
	return WinY
}

// Valid reports whether r is WinX, WinY or Draw.
func (r Result) Valid() bool { return r == WinX || r == WinY || r == Draw }

// ScoreX returns the result from side X's point of view, as in
// rating-math.md §3.1: 1 for a win of X, 0.5 for a draw, 0 for a win of Y
// (and 0 for an invalid result).
func (r Result) ScoreX() float64 {
	switch r {
	case WinX:
		return 1
	case Draw:
		return 0.5
	}
	return 0
}

// Winner returns the winning side and true, or false for a draw or an
// invalid result.
func (r Result) Winner() (Side, bool) {
	switch r {
	case WinX:
		return SideX, true
	case WinY:
		return SideY, true
	}
	return 0, false
}

// String returns "X", "Y" or "draw" (the form stored in the database), or
// "Result(n)" for an invalid value.
func (r Result) String() string {
	return enum.Name(r, "Result", "", "X", "Y", "draw")
}
