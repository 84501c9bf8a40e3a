// Package draw is the drawing description of a game: how a viewer draws it from above (the
// area, the board's static marks, where the game's view lists its pieces and how each looks,
// the seats), as plain data. Each game builds its own; a replay recorder writes it in the
// replay's header, and the viewer draws any described game from it and the game's view. It
// depends on nothing of the module, so that the games (below replay) can build it.
package draw

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Drawing describes how a game is drawn from above: the area and its static marks (the
// board), where the game's view lists its pieces and how each piece looks, and the seats.
// It is data, written in a replay's header ("drawing"), so that one viewer draws any game;
// each game builds its own (a Flickago board's sectors and headquarters, a Flip' Rando
// hexagonal board and its hikers).
//
// Coordinates are those of the game's view, in cm, y growing away from seat 0's edge (up on
// the screen).
type Drawing struct {
	// Area is the rectangle drawn, in view coordinates (cm): the table, or the board with the
	// margin around it.
	Area Box `json:"area"`
	// Background is the colour of the area (a CSS colour); empty for the viewer's table colour.
	Background string `json:"background,omitempty"`
	// Features are the static marks of the board, drawn in order under the pieces.
	Features []Feature `json:"features,omitempty"`
	// Pieces say where the view lists the pieces and how each looks, drawn in order.
	Pieces []PieceSet `json:"pieces,omitempty"`
	// Seats name and colour each seat, in seat order, for the side panel and the action list.
	Seats []Seat `json:"seats,omitempty"`
	// Scores, Turn, Winner and Over locate in the view (see [PieceSet].Path, without "*") the
	// seats' scores (an array, one number per seat), the seat to play (a number), the winning
	// seat (a number, -1 for none, or an array of the seats that share the win) and whether
	// the game is over (true or false); nil for none. Scores may hold "*": the numbers it
	// selects, in order, are the seats' scores (["seats", "*", "total"]).
	Scores []string `json:"scores,omitempty"`
	Turn   []string `json:"turn,omitempty"`
	Winner []string `json:"winner,omitempty"`
	Over   []string `json:"over,omitempty"`
	// Phase locates in the view the words shown under the turn (the pending decision:
	// "move_dir"); nil for the view's "phase" field, if any.
	Phase []string `json:"phase,omitempty"`
	// TraceOffset turns the coordinates of the flicks' trajectories (the physics table's) into
	// view coordinates: view = table + TraceOffset, in cm.
	TraceOffset [2]float64 `json:"trace_offset"`
	// Style names a drawing the viewer knows beyond these elements, drawn instead of the
	// pieces and the panel: "flickemup" (buildings, cowboys with their hats and hit points,
	// tokens, the clock). Empty for none: the viewer draws only what is described here.
	Style string `json:"style,omitempty"`
}

// Box is an axis-aligned rectangle: Min is its lower-left corner and Max its upper-right
// corner, in cm.
type Box struct {
	Min [2]float64 `json:"min"`
	Max [2]float64 `json:"max"`
}

// Feature shapes: the values of [Feature].Shape.
const (
	FeatureRect    = "rect"    // Points: two opposite corners
	FeatureCircle  = "circle"  // Points: the centre; Radius
	FeaturePolygon = "polygon" // Points: the vertices, closed
	FeatureLine    = "line"    // Points: the vertices of an open polyline
	FeatureText    = "text"    // Points: the centre of the text; Text, Size
)

// Feature is one static mark of the board: a zone, a line, a label.
type Feature struct {
	// Shape is one of FeatureRect, FeatureCircle, FeaturePolygon, FeatureLine, FeatureText.
	Shape string `json:"shape"`
	// Points are the feature's points, in cm (see the shapes).
	Points [][2]float64 `json:"points"`
	// Radius is a circle's radius, in cm.
	Radius float64 `json:"r,omitempty"`
	// Fill and Stroke are CSS colours; empty for none.
	Fill   string `json:"fill,omitempty"`
	Stroke string `json:"stroke,omitempty"`
	// Width is the stroke's width, in cm (0: a hairline).
	Width float64 `json:"width,omitempty"`
	// Dashed draws the stroke dashed.
	Dashed bool `json:"dashed,omitempty"`
	// Text is a text feature's words, or a label drawn at the centre of any other feature.
	Text string `json:"text,omitempty"`
	// Size is the height of the text, in cm (0: 2 cm).
	Size float64 `json:"size,omitempty"`
	// Ink is the text's colour (empty: dark).
	Ink string `json:"ink,omitempty"`
}

// PieceSet is a kind of piece listed by the game's view, and how each looks.
type PieceSet struct {
	// Name says what the pieces are, for the legend ("White's discs").
	Name string `json:"name"`
	// Path locates the pieces in the view: object keys from the view's root, and "*" for
	// every element of an array (its index) or every value of an object (its key, in sorted
	// order). ["players", "*", "discs", "*"] is every disc of every player; ["hikers", "*"]
	// every hiker of an object keyed by colour. A piece is any JSON value: an object whose
	// fields the names below read, or a number or string that the name "." reads (a weather
	// slot "rain", a track's value 7).
	Path []string `json:"path"`
	// When keeps the pieces whose fields have these values, and Unless drops those whose
	// fields have these values (compared as text: "board", "false", "3"; a missing field is
	// ""); nil keeps all.
	When   map[string]string `json:"when,omitempty"`
	Unless map[string]string `json:"unless,omitempty"`
	// X and Y name the fields of a piece's centre, in cm, or Pos names one field holding it as
	// [x, y] ("." for a piece that is that array itself, as {"red": [3, 5]}); Angle the field
	// of its angle (empty: none), in AngleUnit, "rad" (the default) or "deg". With a Lattice,
	// the centre's coordinates are lattice indices, X and Y may be "$0", "$1", … (the
	// position 0, 1, … of the first, second, … "*" of Path: a row of slots, a table of seats
	// by tracks), and Y may be empty (0: the pieces lie along U).
	X         string   `json:"x,omitempty"`
	Y         string   `json:"y,omitempty"`
	Pos       string   `json:"pos,omitempty"`
	Lattice   *Lattice `json:"lattice,omitempty"`
	Angle     string   `json:"angle,omitempty"`
	AngleUnit string   `json:"angle_unit,omitempty"`
	// Index names the field holding the piece's index on the physics table ("$0": the index
	// of the first "*" of Path), so that a flick's trajectory moves it; empty when the pieces
	// are not in the trajectories.
	Index string `json:"index,omitempty"`
	// Key lists what chooses a piece's style: field names, and "$0", "$1", … for the index of
	// the first, second, … "*" of Path (the player of a disc). The values are joined by "/"
	// ("1/T/false"); Styles["*"] is the style of a key not listed. A piece without a style is
	// not drawn.
	Key []string `json:"key,omitempty"`
	// Styles maps keys to looks.
	Styles map[string]PieceStyle `json:"styles"`
	// Text names the field whose value is written on the piece instead of its style's Label
	// ("." for the piece itself: a track's value); empty for the style's Label.
	Text string `json:"text,omitempty"`
	// Glide animates the set's moves: on a step after which a piece (the same path indices)
	// stands elsewhere, the viewer slides it along the straight line from its place before
	// to its place after, and marks that line, before it shows the step's result (a hiker's
	// leg). The game's step must move each piece along a straight line for this to be true.
	Glide bool `json:"glide,omitempty"`
}

// Lattice turns lattice coordinates (c, r), such as the vertices of a hexagonal board, into
// view coordinates: Origin + c·U + r·V, in cm.
type Lattice struct {
	Origin [2]float64 `json:"origin"`
	U      [2]float64 `json:"u"`
	V      [2]float64 `json:"v"`
}

// PieceStyle is how a piece looks from above.
type PieceStyle struct {
	// PieceShape is the outline, in cm: Shape "circle", "box" or "octagon".
	PieceShape
	// Fill and Stroke are CSS colours; Ring, if not empty, is the colour of a ring inside the
	// outline (a flipped disc, a player's mark).
	Fill   string `json:"fill"`
	Stroke string `json:"stroke,omitempty"`
	Ring   string `json:"ring,omitempty"`
	// Label is drawn at the centre, in Ink (empty: dark).
	Label string `json:"label,omitempty"`
	Ink   string `json:"ink,omitempty"`
}

// Seat is one seat as the viewer shows it.
type Seat struct {
	// Name is the seat's name ("White", "lawmen").
	Name string `json:"name"`
	// Colour is the seat's colour (CSS).
	Colour string `json:"colour"`
}

// Bounds of a drawing that a viewer accepts (it refuses a header beyond them).
const (
	// MaxDrawingItems bounds the features, the piece sets, the styles of a set, the seats, and
	// the points of a feature.
	MaxDrawingItems = 4096
	// MaxPathLen bounds a path's length.
	MaxPathLen = 16
)

// Validate reports what is wrong with d, naming the field: an empty or non-finite area, an
// unknown shape, a feature without the points its shape needs, a path with an empty key,
// a piece set without styles, a size beyond the bounds.
func (d *Drawing) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	finite := func(vs ...float64) bool {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
		return true
	}
	a := d.Area
	if !finite(a.Min[0], a.Min[1], a.Max[0], a.Max[1]) || !(a.Max[0] > a.Min[0]) || !(a.Max[1] > a.Min[1]) {
		bad("area %v: want finite corners, min below and left of max", a)
	}
	if len(d.Features) > MaxDrawingItems || len(d.Pieces) > MaxDrawingItems || len(d.Seats) > MaxDrawingItems {
		bad("more than %d features, piece sets or seats", MaxDrawingItems)
	}
	for i, f := range d.Features {
		need := map[string]int{FeatureRect: 2, FeatureCircle: 1, FeaturePolygon: 3, FeatureLine: 2, FeatureText: 1}[f.Shape]
		switch {
		case need == 0:
			bad("features[%d].shape %q: want rect, circle, polygon, line or text", i, f.Shape)
		case len(f.Points) < need || len(f.Points) > MaxDrawingItems:
			bad("features[%d]: %d points for a %s (want %d to %d)", i, len(f.Points), f.Shape, need, MaxDrawingItems)
		}
		for _, p := range f.Points {
			if !finite(p[0], p[1]) {
				bad("features[%d]: a point is not finite", i)
				break
			}
		}
		if !finite(f.Radius, f.Width, f.Size) || f.Radius < 0 || f.Width < 0 || f.Size < 0 {
			bad("features[%d]: radius, width and size must be finite and not negative", i)
		}
	}
	for i, s := range d.Pieces {
		if len(s.Path) == 0 || len(s.Path) > MaxPathLen || slices.Contains(s.Path, "") {
			bad("pieces[%d].path %q: want 1 to %d keys, none empty", i, s.Path, MaxPathLen)
		}
		if s.Pos == "" && (s.X == "" || s.Y == "" && s.Lattice == nil) {
			bad("pieces[%d]: x and y (y may be empty with a lattice), or pos, must name fields", i)
		}
		if l := s.Lattice; l != nil && !finite(l.Origin[0], l.Origin[1], l.U[0], l.U[1], l.V[0], l.V[1]) {
			bad("pieces[%d].lattice: not finite", i)
		}
		if s.AngleUnit != "" && s.AngleUnit != "rad" && s.AngleUnit != "deg" {
			bad("pieces[%d].angle_unit %q: want rad or deg", i, s.AngleUnit)
		}
		if len(s.Styles) == 0 || len(s.Styles) > MaxDrawingItems {
			bad("pieces[%d].styles: want 1 to %d", i, MaxDrawingItems)
		}
		stars := 0
		for _, k := range s.Path {
			if k == "*" {
				stars++
			}
		}
		for _, k := range append(slices.Clone(s.Key), s.X, s.Y, s.Text) {
			if n, ok := strings.CutPrefix(k, "$"); ok && (len(n) != 1 || n[0] < '0' || int(n[0]-'0') >= stars) {
				bad("pieces[%d]: %q: the path has %d \"*\"", i, k, stars)
			}
		}
		for name, st := range s.Styles {
			switch st.Shape {
			case "circle", "octagon":
				if !(st.Radius > 0) || !finite(st.Radius) {
					bad("pieces[%d].styles[%q]: a %s needs a radius", i, name, st.Shape)
				}
			case "box":
				if !(st.HalfLength > 0) || !(st.HalfWidth > 0) || !finite(st.HalfLength, st.HalfWidth) {
					bad("pieces[%d].styles[%q]: a box needs half-extents", i, name)
				}
			default:
				bad("pieces[%d].styles[%q].shape %q: want circle, box or octagon", i, name, st.Shape)
			}
		}
	}
	if !finite(d.TraceOffset[0], d.TraceOffset[1]) {
		bad("trace_offset %v: not finite", d.TraceOffset)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	return nil
}

// PieceShape is the outline of a piece kind seen from above, in cm (see physics.Spec).
type PieceShape struct {
	// Shape is "circle", "box" or "octagon".
	Shape string `json:"shape"`
	// Radius is the radius of a circle or the circumradius of an octagon.
	Radius float64 `json:"r,omitempty"`
	// HalfLength and HalfWidth are the half-extents of a box, HalfLength along the angle.
	HalfLength float64 `json:"hl,omitempty"`
	HalfWidth  float64 `json:"hw,omitempty"`
	// Height is how tall the piece stands: a fallen figure lies as Height × 2·Radius.
	Height float64 `json:"h,omitempty"`
	// Topples reports a figure that can be knocked over.
	Topples bool `json:"topples,omitempty"`
}
