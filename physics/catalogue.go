package physics

import "fmt"

// Kind is the kind of a piece on the table. The zero value is invalid.
type Kind uint8

// The piece kinds of Flick 'em Up! and Flickago.
const (
	KindInvalid Kind = iota
	// KindMovementDisc is the plain wooden disc that stands in for a moving cowboy.
	KindMovementDisc
	// KindBullet is a grey bullet disc.
	KindBullet
	// KindCowboy is a lawman or outlaw figure: it stands on a round base and can be knocked over.
	KindCowboy
	// KindNeutral is one of the two neutral figures (a man and a woman); it can be knocked over.
	KindNeutral
	// KindSupportBlock is a wooden block; two of them carry a building and frame its door.
	KindSupportBlock
	// KindGallows is the gallows, standing on its own support block.
	KindGallows
	// KindBarrel is a wooden barrel, standing on its round end.
	KindBarrel
	// KindCactus is a flat wooden cactus standing on its edge.
	KindCactus
	// KindFence is a long, thin wooden fence.
	KindFence
	// KindTumbleweed is a light, round tumbleweed.
	KindTumbleweed
	// KindDynamite is the red wooden octagon that marks where dynamite lies.
	KindDynamite
	// KindWinchesterBarrel is the long barrel piece laid beside a Winchester shooter.
	KindWinchesterBarrel
	// KindGangDisc is a Flickago gang disc (killer or family).
	KindGangDisc
	// KindInspector is a Flickago inspector disc (with a star).
	KindInspector
	numKinds
)

// Kinds lists every valid piece kind, in order.
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := KindInvalid + 1; k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return k > KindInvalid && k < numKinds }

// String returns the kind's name as used in scenario files ("cowboy", "support-block", …).
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return catalogue[k].Name
}

// ParseKind returns the kind named s (as printed by [Kind.String]).
func ParseKind(s string) (Kind, error) {
	for k := KindInvalid + 1; k < numKinds; k++ {
		if catalogue[k].Name == s {
			return k, nil
		}
	}
	return KindInvalid, fmt.Errorf("physics: unknown piece kind %q", s)
}

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

// Spec is the physical description of one kind of piece.
//
// No official dimensions of the Flick 'em Up! or Flickago components are published. The
// figures below are our own plausible estimates for wooden pieces of a tabletop game of this
// size; they are one table, here, so that a calibration changes them in one place.
type Spec struct {
	// Name is the kind's name in scenario files.
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

// catalogue holds every kind's Spec. Sizes in cm, masses in g.
var catalogue = [numKinds]Spec{
	KindInvalid:          {Name: "invalid"},
	KindMovementDisc:     {Name: "movement-disc", Shape: ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	KindBullet:           {Name: "bullet", Shape: ShapeCircle, Radius: 0.9, Height: 0.6, Mass: 1.2, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	KindCowboy:           {Name: "cowboy", Shape: ShapeCircle, Radius: 1.2, Height: 5.5, Mass: 6, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4, Topples: true},
	KindNeutral:          {Name: "neutral", Shape: ShapeCircle, Radius: 1.2, Height: 5.5, Mass: 6, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4, Topples: true},
	KindSupportBlock:     {Name: "support-block", Shape: ShapeBox, HalfLength: 1.5, HalfWidth: 1.5, Height: 3, Mass: 25, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	KindGallows:          {Name: "gallows", Shape: ShapeBox, HalfLength: 2, HalfWidth: 2, Height: 10, Mass: 40, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	KindBarrel:           {Name: "barrel", Shape: ShapeCircle, Radius: 1.5, Height: 3.5, Mass: 8, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4},
	KindCactus:           {Name: "cactus", Shape: ShapeBox, HalfLength: 2, HalfWidth: 0.6, Height: 5, Mass: 7, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	KindFence:            {Name: "fence", Shape: ShapeBox, HalfLength: 4, HalfWidth: 0.5, Height: 2.5, Mass: 10, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	KindTumbleweed:       {Name: "tumbleweed", Shape: ShapeCircle, Radius: 1.8, Height: 2, Mass: 2, TableFriction: 0.50, Friction: 0.5, Restitution: 0.2},
	KindDynamite:         {Name: "dynamite", Shape: ShapeOctagon, Radius: 1.5, Height: 1, Mass: 4, TableFriction: 0.35, Friction: 0.3, Restitution: 0.4},
	KindWinchesterBarrel: {Name: "winchester-barrel", Shape: ShapeBox, HalfLength: 3, HalfWidth: 0.5, Height: 1, Mass: 4, TableFriction: 0.35, Friction: 0.3, Restitution: 0.4},
	KindGangDisc:         {Name: "gang-disc", Shape: ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	KindInspector:        {Name: "inspector", Shape: ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
}

// SpecOf returns the physical description of kind k. It panics on an invalid kind, a programmer error.
func SpecOf(k Kind) Spec {
	if !k.Valid() {
		panic(fmt.Sprintf("physics: SpecOf(%v)", k))
	}
	return catalogue[k]
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
