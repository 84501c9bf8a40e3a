package flickemup

import (
	"fmt"

	"github.com/flickarena/flickarena/physics"
)

// Scenario is a parsed scenario file: the town, the cowboys, the tokens, the special rules and
// the victory conditions. It is immutable once parsed; games share it. Positions are in cm,
// angles in radians (files write degrees). Every part records the Line of the file that
// declared it, for error messages.
type Scenario struct {
	// Name is the scenario's identifier, as in "flickemup/<name>-v<version>" (lower case,
	// digits, '-').
	Name string
	// Version is the file's version line ("version 3"), 0 if it has none; the env id's
	// version is [Scenario.EnvVersion].
	Version int
	// Title is the scenario's display name.
	Title string
	// Story is a short story told to the players.
	Story string
	// File is the file it was parsed from.
	File string
	// Digest is the SHA-256 of the file's bytes without the version line, in hex: the
	// scenario's content, part of a tournament's identity with the env id (an edited file is
	// another scenario).
	Digest string
	// Source is the file's bytes (a [Knob]'s variants are made from it).
	Source []byte
	// Knobs are the values the file declares tunable (tune lines), in file order.
	Knobs []Knob
	// Table is the play area.
	Table physics.Table
	// StartHour is the hour on the clock at the first round (1 to 11).
	StartHour int
	// Initiative is the cowboy holding the initiative token at the start.
	Initiative CowboyID
	// Buildings are the town's buildings, at most one of each kind.
	Buildings []Building
	// Gallows is the gallows, if the town has one.
	Gallows *Prop
	// Props are barrels, cactuses, fences and tumbleweeds.
	Props []Prop
	// Neutrals are the neutral figures (at most the man and the woman).
	Neutrals []Neutral
	// Cowboys are the cowboys in play, one to five per team.
	Cowboys []CowboySpec
	// Tokens are the tokens at the start, wherever they lie (cowboys' inventories included).
	Tokens []TokenSpec
	// Rules are the special rules switched on.
	Rules Rules
	// Victories are the victory conditions.
	Victories []Victory
}

// BuildingKind is one of the six buildings of the box.
type BuildingKind uint8

// The buildings.
const (
	BuildingInvalid BuildingKind = iota
	Sheriff
	Bank
	Saloon
	GeneralStore
	TownHall
	Undertaker
	numBuildingKinds
)

var buildingNames = [numBuildingKinds]string{"invalid", "sheriff", "bank", "saloon", "general-store", "town-hall", "undertaker"}

// String returns the building's name in scenario files ("general-store", …).
func (k BuildingKind) String() string {
	if k >= numBuildingKinds {
		return fmt.Sprintf("building(%d)", uint8(k))
	}
	return buildingNames[k]
}

// ParseBuildingKind returns the building named s.
func ParseBuildingKind(s string) (BuildingKind, error) {
	for k := BuildingInvalid + 1; k < numBuildingKinds; k++ {
		if buildingNames[k] == s {
			return k, nil
		}
	}
	return BuildingInvalid, fmt.Errorf("flickemup: unknown building %q", s)
}

// Building is a building standing on its two support blocks. Facing the building from the
// street, its door is the gap between the blocks; the floor extends Depth cm behind it.
type Building struct {
	// Kind says which building it is.
	Kind BuildingKind
	// Door is the middle of the door line, in cm.
	Door physics.Vec
	// Facing is the direction from the building to the street, in radians.
	Facing float64
	// Width is the door's width between the blocks' inner faces, in cm.
	Width float64
	// Depth is how far the floor extends behind the door line, in cm.
	Depth float64
	// Line is the declaring line.
	Line int
}

// Door and building size limits, in cm. A door narrower than MinDoorWidth could not let the
// movement disc (3 cm) through; a floor shallower than MinDepth leaves no room behind the
// door to place a disc or a bullet.
const (
	MinDoorWidth = 4.0
	MaxDoorWidth = 15.0
	MinDepth     = 5.0
	MaxDepth     = 25.0
)

// blockHalf is the half-size of a support block, in cm.
var blockHalf = Pieces.Spec(KindSupportBlock).HalfLength

// axis returns the unit vector along the door from the Left block to the Right block.
func (b Building) axis() physics.Vec { return physics.Polar(1, b.Facing+halfPi) }

// blocks returns the centres of the Left and Right support blocks.
func (b Building) blocks() (left, right physics.Vec) {
	off := b.axis().Scale(b.Width/2 + blockHalf)
	return b.Door.Sub(off), b.Door.Add(off)
}

// footprint returns the ground the building covers: both blocks and the floor behind the door.
func (b Building) footprint() physics.Outline {
	return footprintShape(b.Door, b.axis(), b.Width, b.Depth)
}

// footprintShape returns the footprint of a building whose door middle is mid, door axis u,
// door width w and depth d, the street in front of u turned a quarter clockwise.
func footprintShape(mid, u physics.Vec, w, d float64) physics.Outline {
	return Footprint(mid, u, physics.Vec{X: u.Y, Y: -u.X}, w, d)
}

// Footprint returns the ground a building covers: its two support blocks and the floor
// behind the door. mid is the middle of the door line, along the unit vector along it (Left
// to Right block), front the unit normal towards the street, w the door's width and d the
// building's depth, in cm (see physics.Door.Frame). A move that ends in it without entering
// by the door fails. Bots use it to plan the same way.
func Footprint(mid, along, front physics.Vec, w, d float64) physics.Outline {
	return physics.Outline{
		Box: true,
		C:   mid.Add(front.Scale((blockHalf - d) / 2)),
		HX:  w/2 + 2*blockHalf,
		HY:  (d + blockHalf) / 2,
		A:   along.Angle(),
	}
}

// Prop is a piece of scenery: a barrel, a cactus, a fence, a tumbleweed or the gallows.
type Prop struct {
	// Kind is the piece kind.
	Kind physics.Kind
	// Pos is its centre, in cm.
	Pos physics.Vec
	// Angle is its orientation, in radians.
	Angle float64
	// Line is the declaring line.
	Line int
}

// Neutral is a neutral figure.
type Neutral struct {
	// Name is "man" or "woman".
	Name string
	// Pos is its base centre, in cm.
	Pos physics.Vec
	// Facing is its orientation, in radians.
	Facing float64
	// Line is the declaring line.
	Line int
}

// CowboySpec is a cowboy at the start.
type CowboySpec struct {
	// ID is its team and number.
	ID CowboyID
	// Pos is its base centre, in cm (unused when Inside ≥ 0).
	Pos physics.Vec
	// Facing is its orientation, in radians.
	Facing float64
	// Inside is the index in Scenario.Buildings of the building it starts in, or -1.
	Inside int
	// HP is its number of hit points at the start.
	HP int
	// Max is the most hit points it can have (clean water heals up to it); at least HP.
	Max int
	// Hat is the colour its hat shows at the start.
	Hat Hat
	// Line is the declaring line.
	Line int
}

// TokenSpec is a token at the start.
type TokenSpec struct {
	// Kind is the token's kind.
	Kind TokenKind
	// FaceUp reports whether it lies face up (always true in an inventory).
	FaceUp bool
	// Poisoned reports, for water, that the flask is poisoned.
	Poisoned bool
	// Until is, for "not allowed", the hour at whose start it is removed; 0 keeps it all game.
	Until int
	// Place is where it lies: a building, the gallows, the ground or a cowboy.
	Place PlaceKind
	// Index is the building's index in Scenario.Buildings, or the cowboy's dense index.
	Index int
	// Pos is where it lies on the ground, in cm.
	Pos physics.Vec
	// Line is the declaring line.
	Line int
}

// Rules are the special rules a scenario switches on.
type Rules struct {
	// TakeOutside lets a cowboy standing on the table take a token lying within [Reach] of
	// it and drop one on the ground where it stands.
	TakeOutside bool
	// Duels lets a cowboy call out an opposing cowboy inside a building (see [ActDuel]).
	Duels bool
}

// VictoryKind is a victory condition from the fixed vocabulary.
type VictoryKind uint8

// The victory conditions.
const (
	VictoryInvalid VictoryKind = iota
	// VictoryLastTeamStanding: a team wins at once when every cowboy of the other team is dead.
	VictoryLastTeamStanding
	// VictoryKill: Team wins at once when cowboy Target dies.
	VictoryKill
	// VictoryTokens: Team wins at once when Count tokens of kind Token lie in place
	// (Place, Index) — dropped there, not carried.
	VictoryTokens
	// VictoryNoonHP: at 12:00 the team with more hit points wins; equal is a draw.
	VictoryNoonHP
	// VictoryNoon: at 12:00, Team wins (the other team had to achieve something before).
	VictoryNoon
	numVictoryKinds
)

var victoryNames = [numVictoryKinds]string{"invalid", "last-team-standing", "kill", "tokens", "noon-hp", "noon"}

// String returns the condition's name in scenario files.
func (k VictoryKind) String() string {
	if k >= numVictoryKinds {
		return fmt.Sprintf("victory(%d)", uint8(k))
	}
	return victoryNames[k]
}

// Victory is one victory condition.
type Victory struct {
	// Kind is the condition.
	Kind VictoryKind
	// Team is the team that wins by it (Kill, Tokens, Noon).
	Team Team
	// Target is the cowboy to kill (Kill).
	Target CowboyID
	// Token and Count are the kind and number of tokens to gather (Tokens).
	Token TokenKind
	Count int
	// Place and Index say where the tokens must lie (Tokens): PlaceBuilding with the index in
	// Scenario.Buildings, or PlaceGallows.
	Place PlaceKind
	Index int
	// Line is the declaring line.
	Line int
}

// building returns the index in s.Buildings of kind k, or -1.
func (s *Scenario) building(k BuildingKind) int {
	for i, b := range s.Buildings {
		if b.Kind == k {
			return i
		}
	}
	return -1
}

// insideCount returns how many of s's cowboys start inside building b.
func (s *Scenario) insideCount(b int) int {
	n := 0
	for _, c := range s.Cowboys {
		if c.Inside == b {
			n++
		}
	}
	return n
}
