package flickago

import (
	"errors"
	"fmt"
	"math"
)

// State is a game position as plain data: a value, cheap to copy and compare. [Game.State]
// returns it and [Game.SetState] loads one (tests and analyses start from literal positions).
type State struct {
	// Discs[p][d] is disc d of player p: ids 0 to 6 are killers, 7 to 11 family discs.
	Discs [NumPlayers][NumDiscs]Disc
	// Inspectors are the three inspectors; inspector i starts on Board.Stars[i].
	Inspectors [NumInspectors]Inspector
	// Phase is the kind of decision the current player faces.
	Phase Phase
	// Current is the player who acts next: flicks in PhaseFlick, places an inspector in
	// PhasePlace. After the end it is the player who would have flicked next.
	Current int
	// LastFlicker is the player who made the last flick, or -1 before the first.
	LastFlicker int
	// Turns is the number of flicks played.
	Turns int
	// Truncated reports a game ended by the turn cap (Config.MaxTurns), not by the rules.
	Truncated bool
}

// Reserve returns how many discs of kind k player p has in reserve.
func (s *State) Reserve(p int, k DiscKind) int {
	n := 0
	for d := range s.Discs[p] {
		if KindOf(d) == k && s.Discs[p][d].Place == InReserve {
			n++
		}
	}
	return n
}

// reserveDisc returns the lowest id of a disc of kind k in p's reserve, or NoDisc.
func (s *State) reserveDisc(p int, k DiscKind) int {
	lo, hi := 0, NumKillers
	if k == Family {
		lo, hi = NumKillers, NumDiscs
	}
	for d := lo; d < hi; d++ {
		if s.Discs[p][d].Place == InReserve {
			return d
		}
	}
	return NoDisc
}

// flickable reports whether disc d of player p may be flicked from where it lies: a face-up
// family disc on the board.
func (s *State) flickable(p, d int) bool {
	dc := &s.Discs[p][d]
	return KindOf(d) == Family && dc.Place == OnBoard && !dc.Flipped
}

// pieceName names a piece in validate's errors: disc d of player p, or inspector d when p is
// -1. It is formatted only when an error is, as validate runs before every planned flick.
type pieceName struct{ p, d int }

// String returns "player <p> disc <d>" or "inspector <d>".
func (n pieceName) String() string {
	if n.p < 0 {
		return fmt.Sprintf("inspector %d", n.d)
	}
	return fmt.Sprintf("player %d disc %d", n.p, n.d)
}

// validate checks that s is a position of board b with pieces of radius r: known places and
// phase, finite coordinates, pieces in play not wholly off the board and not overlapping,
// flipped discs only among family discs out of the reserve, waiting inspectors exactly in
// the placement phase, players in range.
func (s *State) validate(b *Board, r float64) error {
	var errs []error
	type piece struct {
		name pieceName
		x, y float64
	}
	var on []piece
	for p := range NumPlayers {
		for d, dc := range s.Discs[p] {
			name := pieceName{p, d}
			if dc.Place >= numPlaces {
				errs = append(errs, fmt.Errorf("%s: place %d", name, dc.Place))
			}
			if dc.Flipped && (KindOf(d) != Family || dc.Place == InReserve) {
				errs = append(errs, fmt.Errorf("%s: only a family disc out of the reserve can be flipped", name))
			}
			if dc.Place != OnBoard {
				continue
			}
			if !dc.Pos.Finite() || math.IsNaN(dc.Angle) || math.IsInf(dc.Angle, 0) {
				errs = append(errs, fmt.Errorf("%s: non-finite position or angle", name))
				continue
			}
			if b.OffBoard(dc.Pos, r) {
				errs = append(errs, fmt.Errorf("%s at (%g, %g): wholly off the board", name, dc.Pos.X, dc.Pos.Y))
			}
			on = append(on, piece{name, dc.Pos.X, dc.Pos.Y})
		}
	}
	waiting := 0
	for i, in := range s.Inspectors {
		name := pieceName{-1, i}
		if in.Waiting {
			waiting++
			continue
		}
		if !in.Pos.Finite() || math.IsNaN(in.Angle) || math.IsInf(in.Angle, 0) {
			errs = append(errs, fmt.Errorf("%s: non-finite position or angle", name))
			continue
		}
		if b.OffBoard(in.Pos, r) {
			errs = append(errs, fmt.Errorf("%s at (%g, %g): wholly off the board", name, in.Pos.X, in.Pos.Y))
		}
		on = append(on, piece{name, in.Pos.X, in.Pos.Y})
	}
	for i := range on {
		for j := range i {
			if math.Hypot(on[i].x-on[j].x, on[i].y-on[j].y) < 2*r-overlapSlack {
				errs = append(errs, fmt.Errorf("%s and %s overlap", on[j].name, on[i].name))
			}
		}
	}
	if s.Phase >= numPhases {
		errs = append(errs, fmt.Errorf("phase %d", s.Phase))
	}
	if s.Current < 0 || s.Current >= NumPlayers {
		errs = append(errs, fmt.Errorf("current player %d", s.Current))
	}
	if s.LastFlicker < -1 || s.LastFlicker >= NumPlayers {
		errs = append(errs, fmt.Errorf("last flicker %d", s.LastFlicker))
	}
	if s.Turns < 0 {
		errs = append(errs, fmt.Errorf("turns %d", s.Turns))
	}
	if s.Truncated && s.Phase != PhaseOver {
		errs = append(errs, errors.New("truncated but not over"))
	}
	if s.Phase == PhasePlace {
		if waiting == 0 {
			errs = append(errs, errors.New("placement phase without a waiting inspector"))
		}
		if s.LastFlicker < 0 || s.Current != 1-s.LastFlicker {
			errs = append(errs, errors.New("placement phase: the player who did not flick places"))
		}
	} else if waiting > 0 && s.Phase == PhaseFlick {
		errs = append(errs, fmt.Errorf("%d inspectors waiting outside the placement phase", waiting))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("flickago: state: %w", err)
	}
	return nil
}

// overlapSlack is how deep two resting discs may interpenetrate and still count as touching,
// in cm: Box2D leaves resting bodies up to its linear slop (0.005 units) inside each other.
const overlapSlack = 0.02
