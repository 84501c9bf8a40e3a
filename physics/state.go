package physics

import (
	"fmt"
	"math"
)

// Vec is a point or a vector on the table, in cm (or cm/s for a velocity). X grows to the
// right, Y grows away from the first seat's edge; the origin is the table's lower-left corner.
type Vec struct {
	X, Y float64
}

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns s·v.
func (v Vec) Scale(s float64) Vec { return Vec{s * v.X, s * v.Y} }

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of v×w.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len returns |v|.
func (v Vec) Len() float64 { return hypot(v.X, v.Y) }

// Angle returns the direction of v in radians, counter-clockwise from +X.
func (v Vec) Angle() float64 { return math.Atan2(v.Y, v.X) }

// Finite reports whether both components are finite numbers.
func (v Vec) Finite() bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
}

// Polar returns the vector of length r in direction a (radians).
func Polar(r, a float64) Vec {
	s, c := math.Sincos(a)
	return Vec{r * c, r * s}
}

func hypot(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// Table is the play area: a rectangle from (0,0) to (Width,Height), in cm. A piece whose
// centre leaves it has fallen off the table.
type Table struct {
	// Width is the size along X, in cm.
	Width float64
	// Height is the size along Y, in cm.
	Height float64
}

// DefaultTable is a standard play area: 90 cm × 90 cm, a typical kitchen table (Flick 'em
// Up!'s scenarios use it).
var DefaultTable = Table{Width: 90, Height: 90}

// Contains reports whether p lies on the table (edges included).
func (t Table) Contains(p Vec) bool {
	return p.X >= 0 && p.Y >= 0 && p.X <= t.Width && p.Y <= t.Height
}

// Piece is one piece on the table, as plain data.
type Piece struct {
	// Kind is what the piece is.
	Kind Kind
	// Pos is the centre of the piece (of the base, for a figure), in cm.
	Pos Vec
	// Angle is the orientation in radians: the facing of a standing figure, the fall direction
	// of a fallen one, the long axis of a box.
	Angle float64
	// Fallen reports that a figure lies on the table.
	Fallen bool
	// Off reports that the piece has left the table (or was removed from play); it takes no
	// part in the simulation. A piece that fell off keeps the position where it crossed the edge.
	Off bool
	// Static pins the piece in place: it is an immovable obstacle (scenario scenery).
	Static bool
}

// State is the table between flicks: plain data, cheap to copy with [State.Clone].
type State struct {
	// Table is the play area.
	Table Table
	// Pieces are the pieces; a piece's index is its identity in every Outcome.
	Pieces []Piece
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	c := &State{Table: s.Table, Pieces: make([]Piece, len(s.Pieces))}
	copy(c.Pieces, s.Pieces)
	return c
}

// CopyFrom makes s a copy of src, reusing s's storage.
func (s *State) CopyFrom(src *State) {
	s.Table = src.Table
	s.Pieces = append(s.Pieces[:0], src.Pieces...)
}

// Validate checks that the state can be simulated with catalogue c: known kinds, finite
// coordinates, pieces in play on the table, only figures fallen.
func (s *State) Validate(c *Catalogue) error {
	if !(s.Table.Width > 0 && s.Table.Height > 0) || math.IsInf(s.Table.Width, 0) || math.IsInf(s.Table.Height, 0) {
		return fmt.Errorf("physics: table %gx%g cm: %w", s.Table.Width, s.Table.Height, ErrBadState)
	}
	for i, p := range s.Pieces {
		if !c.Valid(p.Kind) {
			return fmt.Errorf("physics: piece %d: kind %d: %w", i, p.Kind, ErrBadState)
		}
		if !p.Pos.Finite() || math.IsNaN(p.Angle) || math.IsInf(p.Angle, 0) {
			return fmt.Errorf("physics: piece %d (%v): non-finite position or angle: %w", i, p.Kind, ErrBadState)
		}
		if !p.Off && !s.Table.Contains(p.Pos) {
			return fmt.Errorf("physics: piece %d (%v) at (%.2f, %.2f) is off the table: %w", i, p.Kind, p.Pos.X, p.Pos.Y, ErrBadState)
		}
		if p.Fallen && !c.specs[p.Kind].Topples {
			return fmt.Errorf("physics: piece %d (%v) cannot be fallen: %w", i, p.Kind, ErrBadState)
		}
	}
	return nil
}
