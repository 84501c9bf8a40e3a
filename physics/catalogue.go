package physics

import (
	"errors"
	"fmt"
	"math"
)

// Kind is the kind of a piece on the table: an index into the game's [Catalogue]. The zero
// value is invalid in every catalogue.
type Kind uint8

// String returns "kind(N)"; a piece's name is its catalogue's ([Catalogue.Name]).
func (k Kind) String() string { return fmt.Sprintf("kind(%d)", uint8(k)) }

// ShapeKind is the outline of a piece seen from above.
type ShapeKind uint8

// Outlines.
const (
	// ShapeCircle is a disc of radius Spec.Radius.
	ShapeCircle ShapeKind = iota + 1
	// ShapeBox is a rectangle of half-extents Spec.HalfLength (along the piece's angle) and Spec.HalfWidth.
	ShapeBox
	// ShapeOctagon is a regular octagon of circumradius Spec.Radius.
	ShapeOctagon
)

// String returns the outline's name as drawings and replays spell it: "circle", "box" or
// "octagon" ("" for the invalid zero value or an unknown outline).
func (k ShapeKind) String() string {
	switch k {
	case ShapeCircle:
		return "circle"
	case ShapeBox:
		return "box"
	case ShapeOctagon:
		return "octagon"
	}
	return ""
}

// Spec is the physical description of one kind of piece. Each game supplies the specs of its
// pieces in a [Catalogue], in one table, so that a calibration changes them in one place.
type Spec struct {
	// Name is the kind's name (in scenario files, views and replays).
	Name string
	// Shape is the outline seen from above.
	Shape ShapeKind
	// Radius is the radius of a circle or the circumradius of an octagon, in cm.
	Radius float64
	// HalfLength and HalfWidth are the half-extents of a box, in cm; HalfLength lies along the piece's angle.
	HalfLength, HalfWidth float64
	// Height is how tall the piece stands, in cm. A fallen figure lies along its fall direction
	// and covers Height × 2·Radius.
	Height float64
	// Mass is the piece's mass, in g.
	Mass float64
	// TableFriction is the sliding friction coefficient against the table (dimensionless).
	TableFriction float64
	// Friction is the friction coefficient against other pieces (dimensionless).
	Friction float64
	// Restitution is the coefficient of restitution in collisions (dimensionless, 0..1).
	Restitution float64
	// Topples reports whether the piece is a standing figure that a hard enough hit knocks over.
	Topples bool
}

// Catalogue is a game's piece catalogue: the [Spec] of each [Kind] it uses. A game supplies
// it with the table's configuration ([Config].Pieces); the simulator, a state's validation
// and the outlines read the pieces from it. It is read-only once made.
type Catalogue struct {
	specs []Spec // specs[k] is kind k's; specs[0] is the invalid kind's zero Spec
}

// ErrCatalogue is wrapped by the errors of [NewCatalogue].
var ErrCatalogue = errors.New("physics: bad piece catalogue")

// NewCatalogue returns the catalogue whose kind k (1, 2, …) is specs[k-1]. Every spec needs a
// name of its own, a shape with positive sizes, a positive height and mass, non-negative
// frictions and a restitution in [0, 1].
func NewCatalogue(specs ...Spec) (*Catalogue, error) {
	if len(specs) == 0 || len(specs) > math.MaxUint8 {
		return nil, fmt.Errorf("%w: %d kinds, want 1 to %d", ErrCatalogue, len(specs), math.MaxUint8)
	}
	seen := map[string]bool{}
	for i, s := range specs {
		bad := func(why string) error {
			return fmt.Errorf("%w: kind %d (%q): %s", ErrCatalogue, i+1, s.Name, why)
		}
		pos := func(v float64) bool { return v > 0 && !math.IsInf(v, 0) }
		switch {
		case s.Name == "" || seen[s.Name]:
			return nil, bad("a name of its own is needed")
		case s.Shape == ShapeBox && !(pos(s.HalfLength) && pos(s.HalfWidth)):
			return nil, bad("a box needs positive half-extents")
		case (s.Shape == ShapeCircle || s.Shape == ShapeOctagon) && !pos(s.Radius):
			return nil, bad("a circle or octagon needs a positive radius")
		case s.Shape != ShapeBox && s.Shape != ShapeCircle && s.Shape != ShapeOctagon:
			return nil, bad("unknown shape")
		case !pos(s.Height) || !pos(s.Mass):
			return nil, bad("height and mass must be positive")
		case !(s.TableFriction >= 0 && s.Friction >= 0) || math.IsInf(s.TableFriction+s.Friction, 0):
			return nil, bad("frictions must be finite and non-negative")
		case !(s.Restitution >= 0 && s.Restitution <= 1):
			return nil, bad("restitution must be in [0, 1]")
		}
		seen[s.Name] = true
	}
	return &Catalogue{specs: append([]Spec{{Name: "invalid"}}, specs...)}, nil
}

// MustCatalogue is [NewCatalogue] for a game's own table of pieces, which is code: it panics
// on a bad spec, a programmer error.
func MustCatalogue(specs ...Spec) *Catalogue {
	c, err := NewCatalogue(specs...)
	if err != nil {
		panic(err)
	}
	return c
}

// Valid reports whether k is a kind of the catalogue.
func (c *Catalogue) Valid(k Kind) bool { return k > 0 && int(k) < len(c.specs) }

// Spec returns the physical description of kind k. It panics on a kind the catalogue does not
// have, a programmer error.
func (c *Catalogue) Spec(k Kind) Spec {
	if !c.Valid(k) {
		panic(fmt.Sprintf("physics: no kind %d in the catalogue", k))
	}
	return c.specs[k]
}

// Name returns kind k's name, or "kind(N)" for a kind the catalogue does not have.
func (c *Catalogue) Name(k Kind) string {
	if !c.Valid(k) {
		return k.String()
	}
	return c.specs[k].Name
}

// Parse returns the kind named s (as returned by [Catalogue.Name]).
func (c *Catalogue) Parse(s string) (Kind, error) {
	for k := 1; k < len(c.specs); k++ {
		if c.specs[k].Name == s {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("physics: unknown piece kind %q", s)
}

// Kinds lists the catalogue's kinds, in order.
func (c *Catalogue) Kinds() []Kind {
	ks := make([]Kind, 0, len(c.specs)-1)
	for k := 1; k < len(c.specs); k++ {
		ks = append(ks, Kind(k))
	}
	return ks
}

// Outline returns the outline of piece p (see [Outline]): a circle for discs, standing
// figures and round pieces (an octagon counts as its circumscribed circle), a rectangle for
// boxes and for a fallen figure, which lies along its fall direction from its base
// (Height × 2·Radius).
func (c *Catalogue) Outline(p Piece) Outline {
	s := c.Spec(p.Kind)
	if p.Fallen {
		hl := s.Height / 2
		return Outline{Box: true, C: p.Pos.Add(Polar(hl-s.Radius, p.Angle)), HX: hl, HY: s.Radius, A: p.Angle}
	}
	if s.Shape == ShapeBox {
		return Outline{Box: true, C: p.Pos, HX: s.HalfLength, HY: s.HalfWidth, A: p.Angle}
	}
	return Outline{C: p.Pos, R: s.Radius}
}

// Extent returns the distance from a piece's origin to the farthest point of its outline, in cm.
// For a fallen figure this is its Height.
func (s Spec) Extent() float64 {
	switch s.Shape {
	case ShapeBox:
		return hypot(s.HalfLength, s.HalfWidth)
	default:
		return s.Radius
	}
}
