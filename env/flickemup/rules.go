package flickemup

import (
	"math"
)

// The distances of our rules, in cm. The rulebook gives none in numbers; these are ours,
// chosen for the piece sizes of the physics catalogue.
const (
	// Reach is how far from a cowboy's base centre a token on the ground (rule take-outside)
	// or the gallows' edge may lie for it to take or drop a token there.
	Reach = 4.0
	// BlastRadius is how far from the dynamite octagon's resting centre a standing cowboy's
	// base centre may lie and still be hit by the blast.
	BlastRadius = 6.0
	// DuelRange is how far from a building's door middle a cowboy may stand to call out a
	// cowboy inside (rule duels).
	DuelRange = 25.0
)

// MaxInside is how many cowboys a building holds (rulebook, Entering a building: "the player
// places the cowboy on one of the building's two support blocks"): one on each block.
const MaxInside = 2

const halfPi = math.Pi / 2

var (
	cowboyRadius = Pieces.Spec(KindCowboy).Radius
	bulletRadius = Pieces.Spec(KindBullet).Radius
	discRadius   = Pieces.Spec(KindMovementDisc).Radius
	octRadius    = Pieces.Spec(KindDynamite).Radius
	// winchesterLength is the length of the Winchester barrel gauge laid in front of a cowboy.
	winchesterLength = 2 * Pieces.Spec(KindWinchesterBarrel).HalfLength
)
