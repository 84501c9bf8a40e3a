package flickago

import (
	"github.com/flickarena/flickarena/internal/enum"
	"github.com/flickarena/flickarena/physics"
)

// The players. Player 0 is White, whose headquarters are at Y = 0; player 1 is Black, at the
// far edge.
const (
	White = 0
	Black = 1
	// NumPlayers is the number of players.
	NumPlayers = 2
)

// The pieces of the box.
const (
	// NumKillers is the number of killer (T) discs of a gang: disc ids 0 to 6.
	NumKillers = 7
	// NumFamily is the number of family (F) discs of a gang: disc ids 7 to 11.
	NumFamily = 5
	// NumDiscs is the number of discs of a gang.
	NumDiscs = NumKillers + NumFamily
	// NumInspectors is the number of neutral inspectors.
	NumInspectors = 3
	// NoDisc stands for "no disc" in an [Action] or a [Result].
	NoDisc = -1
)

// DiscKind is the kind of a gang disc.
type DiscKind uint8

// The disc kinds.
const (
	// Killer is a T (tueur) disc: flicked once, from the reserve.
	Killer DiscKind = iota
	// Family is an F (famille) disc: flicked from the reserve, then once more from the board.
	Family
	numDiscKinds
)

// Valid reports whether k is Killer or Family.
func (k DiscKind) Valid() bool { return k < numDiscKinds }

// String returns "T" or "F".
func (k DiscKind) String() string {
	return enum.Name(k, "kind", "T", "F")
}

// KindOf returns the kind of disc id d (0 to 11).
func KindOf(d int) DiscKind {
	if d >= NumKillers {
		return Family
	}
	return Killer
}

// Place is where a gang disc is.
type Place uint8

// The places.
const (
	// InReserve: beside the board, ready to be placed on a start point and flicked.
	InReserve Place = iota
	// OnBoard: on the board (possibly partly over its edge).
	OnBoard
	// Eliminated: out of the game for good.
	Eliminated
	numPlaces
)

// String returns "reserve", "board" or "eliminated".
func (p Place) String() string {
	return enum.Name(p, "place", "reserve", "board", "eliminated")
}

// Disc is one gang disc. Its kind follows from its id ([KindOf]).
type Disc struct {
	// Place is where the disc is.
	Place Place
	// Pos is the centre, in board coordinates (cm); meaningful only on the board.
	Pos physics.Vec
	// Angle is the orientation, in radians; meaningful only on the board.
	Angle float64
	// Flipped reports a family disc turned over by its second flick: it can never be flicked
	// again (unless it goes back to the reserve through a return zone).
	Flipped bool
}

// Inspector is one neutral inspector.
type Inspector struct {
	// Pos is the centre, in board coordinates (cm).
	Pos physics.Vec
	// Angle is the orientation, in radians.
	Angle float64
	// Waiting reports an inspector taken off the board (expelled, or after a capture) that the
	// player who did not flick must put back on a star point.
	Waiting bool
}

// Phase is the kind of decision the current player faces.
type Phase uint8

// The phases.
const (
	// PhaseFlick: the current player flicks ([ActFlick]), after an optional return.
	PhaseFlick Phase = iota
	// PhasePlace: the current player puts a waiting inspector back on a star ([ActPlace]).
	PhasePlace
	// PhaseOver: the game has ended (or was truncated).
	PhaseOver
	numPhases
)

// String returns "flick", "place" or "over".
func (p Phase) String() string {
	return enum.Name(p, "phase", "flick", "place", "over")
}

// The piece kinds of Flickago, indices into [Pieces].
const (
	// KindGangDisc is a gang disc (killer or family).
	KindGangDisc physics.Kind = iota + 1
	// KindInspector is an inspector disc (with a star).
	KindInspector
)

// Pieces is the piece catalogue of Flickago: sizes in cm, masses in g. No official dimensions
// are published; these are our estimates for wooden discs (docs/decisions/physics-units-and-piece-sizes.md).
var Pieces = physics.MustCatalogue(
	physics.Spec{Name: "gang-disc", Shape: physics.ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
	physics.Spec{Name: "inspector", Shape: physics.ShapeCircle, Radius: 1.5, Height: 0.8, Mass: 3, TableFriction: 0.30, Friction: 0.3, Restitution: 0.5},
)
