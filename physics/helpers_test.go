package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// The kinds of the tests' own catalogue, indices into [testPieces]. The physics tests know no
// game: they build their tables from these.
const (
	// kindDisc is a wooden disc, 1.5 cm in radius: the flicked piece of most tests.
	kindDisc physics.Kind = iota + 1
	// kindBullet is the smallest and lightest disc, 0.9 cm in radius.
	kindBullet
	// kindFigure is a standing figure on a round base, which a hard enough hit knocks over.
	kindFigure
	// kindBlock is a heavy 3 cm square block; two of them frame a door.
	kindBlock
	// kindBarrel is a round barrel standing on its end.
	kindBarrel
	// kindFence is a long box 1 cm wide: the thinnest obstacle.
	kindFence
	// kindTumbleweed is a light, large, round piece.
	kindTumbleweed
	// kindOctagon is a flat octagon.
	kindOctagon
)

// testPieces is the tests' catalogue: wooden pieces of a tabletop game, sizes in cm, masses
// in g. Their sizes and materials are those of Flick 'em Up!'s pieces, on which the physics
// defaults are calibrated, so that the thresholds these tests check (a knock-over, no
// tunnelling at the maximum speed) are the ones the games rely on.
var testPieces = physics.MustCatalogue(
	physics.Spec{Name: "disc", Shape: physics.ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	physics.Spec{Name: "bullet", Shape: physics.ShapeCircle, Radius: 0.9, Height: 0.6, Mass: 1.2, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	physics.Spec{Name: "figure", Shape: physics.ShapeCircle, Radius: 1.2, Height: 5.5, Mass: 6, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4, Topples: true},
	physics.Spec{Name: "block", Shape: physics.ShapeBox, HalfLength: 1.5, HalfWidth: 1.5, Height: 3, Mass: 25, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "barrel", Shape: physics.ShapeCircle, Radius: 1.5, Height: 3.5, Mass: 8, TableFriction: 0.40, Friction: 0.3, Restitution: 0.4},
	physics.Spec{Name: "fence", Shape: physics.ShapeBox, HalfLength: 4, HalfWidth: 0.5, Height: 2.5, Mass: 10, TableFriction: 0.45, Friction: 0.3, Restitution: 0.3},
	physics.Spec{Name: "tumbleweed", Shape: physics.ShapeCircle, Radius: 1.8, Height: 2, Mass: 2, TableFriction: 0.50, Friction: 0.5, Restitution: 0.2},
	physics.Spec{Name: "octagon", Shape: physics.ShapeOctagon, Radius: 1.5, Height: 1, Mass: 4, TableFriction: 0.35, Friction: 0.3, Restitution: 0.4},
)

// testConfig returns the default physics configuration with the tests' catalogue.
func testConfig() physics.Config {
	c := physics.DefaultConfig()
	c.Pieces = testPieces
	return c
}

// testDoor returns the door between blocks left and right (indices of the state's pieces) of
// a building depth cm deep.
func testDoor(left, right int, depth float64) physics.Door {
	return physics.Door{Left: left, Right: right, Depth: depth, Block: testPieces.Spec(kindBlock)}
}

// testTown returns the tests' busy scene on the default 90 cm × 90 cm table: no two pieces
// overlap. By index: 0-3 figures (two along the south edge facing north, two along the north
// edge facing south), 4-7 the blocks of two buildings (the west one facing east, the east one
// facing west, their doors returned in that order), 8-10 barrels (8 in the middle of the
// street, 30 cm north of the south edge), 11-12 fences, 13-14 tumbleweeds, 15 an octagon.
func testTown() (*physics.State, []physics.Door) {
	const north, south = 1.5707963267948966, -1.5707963267948966
	st := &physics.State{Table: physics.DefaultTable, Pieces: []physics.Piece{
		at(kindFigure, 30, 8, north), at(kindFigure, 60, 8, north),
		at(kindFigure, 30, 82, south), at(kindFigure, 60, 82, south),
		at(kindBlock, 20, 40.5, 0), at(kindBlock, 20, 49.5, 0),
		at(kindBlock, 70, 49.5, 0), at(kindBlock, 70, 40.5, 0),
		at(kindBarrel, 45, 30, 0), at(kindBarrel, 40, 60, 0), at(kindBarrel, 50, 60, 0),
		at(kindFence, 45, 40, 0), at(kindFence, 57, 70, 0.6),
		at(kindTumbleweed, 25, 65, 0), at(kindTumbleweed, 65, 25, 0),
		at(kindOctagon, 45, 50, 0),
	}}
	return st, []physics.Door{testDoor(4, 5, 12), testDoor(6, 7, 12)}
}

// table is a 100 cm square table used by the hand-built scenes of these tests.
var table = physics.Table{Width: 100, Height: 100}

// scene builds a State on the test table.
func scene(pieces ...physics.Piece) *physics.State {
	return &physics.State{Table: table, Pieces: pieces}
}

// at returns a piece of kind k at (x, y) with angle a.
func at(k physics.Kind, x, y, a float64) physics.Piece {
	return physics.Piece{Kind: k, Pos: physics.Vec{X: x, Y: y}, Angle: a}
}

// newSim returns a simulator with the default configuration and the tests' catalogue.
func newSim(tb testing.TB) *physics.Simulator {
	tb.Helper()
	s, err := physics.New(testConfig())
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// flick flicks piece i of st with velocity v and no noise.
func flick(tb testing.TB, s *physics.Simulator, st *physics.State, i int, v physics.Vec) physics.Outcome {
	tb.Helper()
	out, err := s.Flick(st, physics.Flick{Piece: i, Velocity: v}, nil)
	if err != nil {
		tb.Fatalf("flick %d at %v: %v", i, v, err)
	}
	return out
}
