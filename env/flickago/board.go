package flickago

import (
	"errors"
	"fmt"
	"math"

	"github.com/flickarena/flickarena/physics"
)

// Rect is an axis-aligned rectangle of the board, in board coordinates (cm).
type Rect struct {
	// Min is the lower-left corner and Max the upper-right corner, in cm.
	Min, Max physics.Vec
}

// Dist returns the distance from p to the rectangle, in cm: 0 if p lies inside or on it.
func (r Rect) Dist(p physics.Vec) float64 { return math.Hypot(r.gaps(p)) }

// gaps returns how far p lies outside the rectangle along X and along Y, in cm (0 within its
// span).
func (r Rect) gaps(p physics.Vec) (dx, dy float64) {
	return max(0, r.Min.X-p.X, p.X-r.Max.X), max(0, r.Min.Y-p.Y, p.Y-r.Max.Y)
}

// Contains reports whether p lies inside the rectangle or on its edge.
func (r Rect) Contains(p physics.Vec) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// Touches reports whether a disc of radius rad (cm) centred at p overlaps the rectangle with
// positive area: a disc that only grazes the edge does not touch. It answers Dist(p) < rad,
// without the hypotenuse when one axis decides (Dist is at least either gap, and equal to
// one when the other is 0): the scoring's hot path, in the rules and in the bots' searches.
func (r Rect) Touches(p physics.Vec, rad float64) bool {
	dx, dy := r.gaps(p)
	switch {
	case dx >= rad || dy >= rad:
		return false
	case dx == 0:
		return dy < rad
	case dy == 0:
		return dx < rad
	}
	return math.Hypot(dx, dy) < rad
}

// Circle is a round zone of the board, in board coordinates (cm).
type Circle struct {
	// Centre is the centre, in cm.
	Centre physics.Vec
	// Radius is the radius, in cm.
	Radius float64
}

// Touches reports whether a disc of radius rad (cm) centred at p overlaps the circle with
// positive area.
func (c Circle) Touches(p physics.Vec, rad float64) bool {
	return p.Sub(c.Centre).Len() < c.Radius+rad
}

// Point is a start point printed in a headquarters: a reserve disc of the matching kind is
// placed on it before it is flicked.
type Point struct {
	// Pos is the point, in board coordinates (cm).
	Pos physics.Vec
	// Kind is the kind of disc that starts there (T or F).
	Kind DiscKind
}

// Sector is a scoring sector of one half: a disc of the attacking gang that touches it is
// worth Value points at the end of the game.
type Sector struct {
	// Value is the points scored, 1 to 3.
	Value int
	// Rects are the disjoint rectangles the sector is made of.
	Rects []Rect
}

// Touches reports whether a disc of radius rad (cm) centred at p overlaps the sector.
func (s Sector) Touches(p physics.Vec, rad float64) bool {
	for _, r := range s.Rects {
		if r.Touches(p, rad) {
			return true
		}
	}
	return false
}

// Board is the Flickago board as data, in board coordinates: centimetres, the origin at the
// corner of the board on White's left, X along White's edge, Y from White's edge towards
// Black's. Player p's headquarters lie in "half p"; see the package doc for the standard
// layout and [StandardBoard] for its numbers.
//
// A Board is read-only once a game is made from it; [New] keeps its own copy.
type Board struct {
	// Width is the size along X and Length the size along Y, in cm.
	Width, Length float64
	// Margin is the width of table around the board, in cm: the physics table is the board
	// grown by Margin on every side, so a disc can lie partly off the board and stay in play.
	// A piece that slides off the table is off the board too.
	Margin float64
	// CentreY is the Y of the centre line, in cm; half 0 lies below it, half 1 above.
	CentreY float64
	// LineWidth is the painted width of the centre line, in cm: an inspector touches the line
	// when its centre is nearer to CentreY than its radius plus half this width.
	LineWidth float64
	// HQ[p] is player p's headquarters: an opposing disc whose centre ends a turn inside it is
	// eliminated.
	HQ [NumPlayers]Rect
	// Points[p] are the start points of player p's headquarters, in a fixed order (the action's
	// point index). Both players have the same number of points.
	Points [NumPlayers][]Point
	// Return[p] is player p's "safe return to HQ" zone, which lies in the opponent's half: a
	// disc of p touching it may go back to p's reserve at the start of p's turn, and scores 5.
	Return [NumPlayers]Circle
	// Sectors[p] are the scoring sectors of half p (the half of p's headquarters): they score
	// for p's opponent, 1 to 3 points. Every gang disc and inspector is scored by the best
	// sector it touches.
	Sectors [NumPlayers][]Sector
	// Stars are the inspectors' star points, on the centre line: where they start, and where
	// they are put back when replaced. Stars[i] is inspector i's start.
	Stars [NumInspectors]physics.Vec
}

// ReturnValue is the score of a disc touching its own gang's return zone.
const ReturnValue = 5

// StandardBoard returns our board (ours: the rulebook has no picture), 48 cm × 72 cm, drawn
// in the package doc. It is symmetric under a half turn about its centre, which exchanges the
// players: player 1's point k is player 0's point k turned about the centre.
func StandardBoard() Board {
	const w, l = 48.0, 72.0
	b := Board{
		Width: w, Length: l, Margin: 10, CentreY: l / 2, LineWidth: 1,
		Stars: [NumInspectors]physics.Vec{{X: 10, Y: 36}, {X: 24, Y: 36}, {X: 38, Y: 36}},
	}
	// White's side (half 0), from its edge to the centre line.
	b.HQ[0] = Rect{Min: physics.Vec{X: 8, Y: 0}, Max: physics.Vec{X: 40, Y: 10}}
	b.Points[0] = []Point{
		{Pos: physics.Vec{X: 12, Y: 5}, Kind: Killer},
		{Pos: physics.Vec{X: 18, Y: 5}, Kind: Family},
		{Pos: physics.Vec{X: 24, Y: 5}, Kind: Killer},
		{Pos: physics.Vec{X: 30, Y: 5}, Kind: Family},
		{Pos: physics.Vec{X: 36, Y: 5}, Kind: Killer},
	}
	b.Sectors[0] = []Sector{
		{Value: 1, Rects: []Rect{{Min: physics.Vec{X: 0, Y: 24}, Max: physics.Vec{X: w, Y: 36}}}},
		{Value: 2, Rects: []Rect{{Min: physics.Vec{X: 0, Y: 12}, Max: physics.Vec{X: w, Y: 24}}}},
		{Value: 3, Rects: []Rect{
			{Min: physics.Vec{X: 0, Y: 0}, Max: physics.Vec{X: 8, Y: 12}},
			{Min: physics.Vec{X: 8, Y: 10}, Max: physics.Vec{X: 40, Y: 12}},
			{Min: physics.Vec{X: 40, Y: 0}, Max: physics.Vec{X: w, Y: 12}},
		}},
	}
	// Black's return zone lies in White's half, on White's left flank.
	b.Return[1] = Circle{Centre: physics.Vec{X: 8, Y: 18}, Radius: 4}

	// Black's side is White's turned by a half turn about the centre.
	b.HQ[1] = b.turnRect(b.HQ[0])
	for _, p := range b.Points[0] {
		b.Points[1] = append(b.Points[1], Point{Pos: b.Turn(p.Pos), Kind: p.Kind})
	}
	for _, s := range b.Sectors[0] {
		t := Sector{Value: s.Value}
		for _, r := range s.Rects {
			t.Rects = append(t.Rects, b.turnRect(r))
		}
		b.Sectors[1] = append(b.Sectors[1], t)
	}
	b.Return[0] = Circle{Centre: b.Turn(b.Return[1].Centre), Radius: b.Return[1].Radius}
	return b
}

// Turn returns p turned by a half turn about the board's centre: the same place seen from the
// other side of the table.
func (b *Board) Turn(p physics.Vec) physics.Vec {
	return physics.Vec{X: b.Width - p.X, Y: b.Length - p.Y}
}

// turnRect returns r turned by a half turn about the board's centre.
func (b *Board) turnRect(r Rect) Rect {
	lo, hi := b.Turn(r.Max), b.Turn(r.Min)
	return Rect{Min: lo, Max: hi}
}

// Rect returns the board's rectangle.
func (b *Board) Rect() Rect {
	return Rect{Max: physics.Vec{X: b.Width, Y: b.Length}}
}

// Table returns the physics table: the board grown by Margin on every side. Table coordinates
// are board coordinates plus (Margin, Margin).
func (b *Board) Table() physics.Table {
	return physics.Table{Width: b.Width + 2*b.Margin, Height: b.Length + 2*b.Margin}
}

// OffBoard reports whether a disc of radius r (cm) at p lies wholly off the board: no part of
// it is over the board. A disc partly over the board is on it.
func (b *Board) OffBoard(p physics.Vec, r float64) bool { return !b.Rect().Touches(p, r) }

// TouchesLine reports whether a disc of radius r (cm) at p touches the centre line.
func (b *Board) TouchesLine(p physics.Vec, r float64) bool {
	return math.Abs(p.Y-b.CentreY) < r+b.LineWidth/2
}

// SectorValue returns the best value of the sectors of half h that a disc of radius r (cm)
// at p touches, or 0.
func (b *Board) SectorValue(h int, p physics.Vec, r float64) int {
	best := 0
	for _, s := range b.Sectors[h] {
		if s.Value > best && s.Touches(p, r) {
			best = s.Value
		}
	}
	return best
}

// Validate reports whether the board can be played with discs of radius r (cm): positive
// finite sizes, at least one start point of each kind per gang, the same number of points on
// both sides, every point inside its own headquarters, points and stars on the board and at
// least 2r apart, return zones and sectors over the board, sector values 1 to 3.
func (b *Board) Validate(r float64) error {
	var errs []error
	pos := func(name string, v float64) {
		if !(v > 0) || math.IsInf(v, 0) {
			errs = append(errs, fmt.Errorf("%s %v: must be positive and finite", name, v))
		}
	}
	pos("width", b.Width)
	pos("length", b.Length)
	pos("margin", b.Margin)
	if !(b.LineWidth >= 0) || math.IsInf(b.LineWidth, 0) {
		errs = append(errs, fmt.Errorf("line width %v: must be non-negative and finite", b.LineWidth))
	}
	if !(b.CentreY > 0 && b.CentreY < b.Length) {
		errs = append(errs, fmt.Errorf("centre line y %v: must lie inside the board", b.CentreY))
	}
	if len(errs) > 0 {
		return fmt.Errorf("flickago: board: %w", errors.Join(errs...))
	}
	board := b.Rect()
	if len(b.Points[0]) != len(b.Points[1]) {
		errs = append(errs, fmt.Errorf("%d and %d start points: both gangs need the same number", len(b.Points[0]), len(b.Points[1])))
	}
	for p := range NumPlayers {
		var kinds [numDiscKinds]int
		for k, pt := range b.Points[p] {
			if !pt.Kind.Valid() {
				errs = append(errs, fmt.Errorf("player %d point %d: kind %d", p, k, pt.Kind))
				continue
			}
			kinds[pt.Kind]++
			if !b.HQ[p].Contains(pt.Pos) || !pt.Pos.Finite() {
				errs = append(errs, fmt.Errorf("player %d point %d at (%g, %g): outside its headquarters", p, k, pt.Pos.X, pt.Pos.Y))
			}
			for j := range k {
				if pt.Pos.Sub(b.Points[p][j].Pos).Len() < 2*r {
					errs = append(errs, fmt.Errorf("player %d points %d and %d: closer than a disc diameter", p, j, k))
				}
			}
		}
		if kinds[Killer] == 0 || kinds[Family] == 0 {
			errs = append(errs, fmt.Errorf("player %d: needs at least one T and one F point", p))
		}
		if c := b.Return[p]; !(c.Radius > 0) || !board.Contains(c.Centre) {
			errs = append(errs, fmt.Errorf("player %d return zone: centre off the board or radius %v not positive", p, c.Radius))
		}
		for k, s := range b.Sectors[p] {
			if s.Value < 1 || s.Value > 3 || len(s.Rects) == 0 {
				errs = append(errs, fmt.Errorf("half %d sector %d: value %d (want 1 to 3) or no rectangle", p, k, s.Value))
			}
			for _, rc := range s.Rects {
				if !board.Contains(rc.Min) || !board.Contains(rc.Max) || rc.Min.X > rc.Max.X || rc.Min.Y > rc.Max.Y {
					errs = append(errs, fmt.Errorf("half %d sector %d: rectangle %v not on the board", p, k, rc))
				}
			}
		}
	}
	for i, s := range b.Stars {
		if !board.Contains(s) || !s.Finite() {
			errs = append(errs, fmt.Errorf("star %d at (%g, %g): off the board", i, s.X, s.Y))
		}
		for j := range i {
			if s.Sub(b.Stars[j]).Len() < 2*r {
				errs = append(errs, fmt.Errorf("stars %d and %d: closer than a disc diameter", j, i))
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("flickago: board: %w", err)
	}
	return nil
}

// clone returns a deep copy of b.
func (b Board) clone() Board {
	c := b
	for p := range NumPlayers {
		c.Points[p] = append([]Point(nil), b.Points[p]...)
		c.Sectors[p] = make([]Sector, len(b.Sectors[p]))
		for k, s := range b.Sectors[p] {
			c.Sectors[p][k] = Sector{Value: s.Value, Rects: append([]Rect(nil), s.Rects...)}
		}
	}
	return c
}
