package flickemup

import "github.com/flickarena/flickarena/physics"

// The piece kinds of Flick 'em Up!, indices into [Pieces]. Their values are part of the
// state hash: never renumber them.
const (
	// KindMovementDisc is the plain wooden disc that stands in for a moving cowboy.
	KindMovementDisc physics.Kind = iota + 1
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
)

// Pieces is the piece catalogue of Flick 'em Up!: sizes in cm, masses in g. No official
// dimensions of the components are published; these are our own plausible estimates for
// wooden pieces of a tabletop game of this size (docs/decisions/physics-units-and-piece-sizes.md).
var Pieces = physics.MustCatalogue(
	physics.Spec{Name: "movement-disc", Shape: physics.ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	physics.Spec{Name: "bullet", Shape: physics.ShapeCircle, Radius: 0.9, Height: 0.6, Mass: 1.2, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	physics.Spec{Name: "cowboy", Shape: physics.ShapeCircle, Radius: 1.2, Height: 5.5, Mass: 6, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4, Topples: true},
	physics.Spec{Name: "neutral", Shape: physics.ShapeCircle, Radius: 1.2, Height: 5.5, Mass: 6, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4, Topples: true},
	physics.Spec{Name: "support-block", Shape: physics.ShapeBox, HalfLength: 1.5, HalfWidth: 1.5, Height: 3, Mass: 25, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "gallows", Shape: physics.ShapeBox, HalfLength: 2, HalfWidth: 2, Height: 10, Mass: 40, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "barrel", Shape: physics.ShapeCircle, Radius: 1.5, Height: 3.5, Mass: 8, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4},
	physics.Spec{Name: "cactus", Shape: physics.ShapeBox, HalfLength: 2, HalfWidth: 0.6, Height: 5, Mass: 7, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "fence", Shape: physics.ShapeBox, HalfLength: 4, HalfWidth: 0.5, Height: 2.5, Mass: 10, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "tumbleweed", Shape: physics.ShapeCircle, Radius: 1.8, Height: 2, Mass: 2, TableFriction: 0.50, Friction: 0.5, Restitution: 0.2},
	physics.Spec{Name: "dynamite", Shape: physics.ShapeOctagon, Radius: 1.5, Height: 1, Mass: 4, TableFriction: 0.35, Friction: 0.3, Restitution: 0.4},
	physics.Spec{Name: "winchester-barrel", Shape: physics.ShapeBox, HalfLength: 3, HalfWidth: 0.5, Height: 1, Mass: 4, TableFriction: 0.35, Friction: 0.3, Restitution: 0.4},
)

// PhysicsConfig returns the default physics configuration with the catalogue of Flick 'em
// Up!'s pieces.
func PhysicsConfig() physics.Config {
	c := physics.DefaultConfig()
	c.Pieces = Pieces
	return c
}

// NewDoor returns the door between support blocks left and right (indices of the state's
// pieces) of a building depth cm deep.
func NewDoor(left, right int, depth float64) physics.Door {
	return physics.Door{Left: left, Right: right, Depth: depth, Block: Pieces.Spec(KindSupportBlock)}
}
