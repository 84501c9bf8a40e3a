package flickago

import (
	"fmt"

	"github.com/flickarena/flickarena/internal/enum"
	"github.com/flickarena/flickarena/physics"
)

// ActionType is the kind of an [Action]. The zero value is invalid, so that a zero Action is
// rejected rather than read as "flick disc 0".
type ActionType uint8

// The action types.
const (
	// ActFlick flicks a disc (PhaseFlick), after an optional return to the reserve.
	ActFlick ActionType = iota + 1
	// ActPlace puts the next waiting inspector back on a star point (PhasePlace).
	ActPlace
)

// String returns "flick" or "place".
func (t ActionType) String() string {
	return enum.Name(t, "action", "", "flick", "place")
}

// Action is one decision of the current player. Build it with [FlickDisc], [FlickFrom] or
// [PlaceInspector], and [Action.WithReturn].
type Action struct {
	// Type is what the action does.
	Type ActionType
	// Return is the id of one of the player's discs to send back to the reserve at the start
	// of the turn, before the flick, or NoDisc. ActFlick only.
	Return int
	// Disc is the id of the player's face-up family disc on the board to flick, or NoDisc to
	// flick a disc from the reserve. ActFlick only.
	Disc int
	// Point is the index in Board.Points[player] of the start point where the reserve disc is
	// placed; the point's kind says which kind of disc is taken. ActFlick with Disc = NoDisc only.
	Point int
	// Velocity is the flick, in cm/s, in board coordinates; any finite value is legal (the
	// physics clips it to its MaxSpeed after execution noise). ActFlick only.
	Velocity physics.Vec
	// Star is the index in Board.Stars of the star point where the waiting inspector goes.
	// ActPlace only.
	Star int
}

// FlickDisc returns the action that flicks the player's face-up family disc d on the board
// with velocity v (cm/s).
func FlickDisc(d int, v physics.Vec) Action {
	return Action{Type: ActFlick, Return: NoDisc, Disc: d, Point: -1, Velocity: v, Star: -1}
}

// FlickFrom returns the action that places a reserve disc on start point k of the player's
// headquarters (a disc of the point's kind) and flicks it with velocity v (cm/s).
func FlickFrom(k int, v physics.Vec) Action {
	return Action{Type: ActFlick, Return: NoDisc, Disc: NoDisc, Point: k, Velocity: v, Star: -1}
}

// PlaceInspector returns the action that puts the next waiting inspector on star point k.
func PlaceInspector(k int) Action {
	return Action{Type: ActPlace, Return: NoDisc, Disc: NoDisc, Point: -1, Star: k}
}

// WithReturn returns a with disc d of the player sent back to the reserve before the flick.
func (a Action) WithReturn(d int) Action {
	a.Return = d
	return a
}

// WithVelocity returns a with the flick velocity v (cm/s).
func (a Action) WithVelocity(v physics.Vec) Action {
	a.Velocity = v
	return a
}

// String describes the action: "return 3, flick disc 8 (12.0, 80.0) cm/s", "place star 1".
func (a Action) String() string {
	switch a.Type {
	case ActFlick:
		s := ""
		if a.Return != NoDisc {
			s = fmt.Sprintf("return %d, ", a.Return)
		}
		if a.Disc != NoDisc {
			s += fmt.Sprintf("flick disc %d", a.Disc)
		} else {
			s += fmt.Sprintf("flick from point %d", a.Point)
		}
		return s + fmt.Sprintf(" (%.1f, %.1f) cm/s", a.Velocity.X, a.Velocity.Y)
	case ActPlace:
		return fmt.Sprintf("place star %d", a.Star)
	}
	return a.Type.String()
}
