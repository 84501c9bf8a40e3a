package flickemup

import "fmt"

// TokenKind is a kind of cardboard token from the box (hit points and the initiative token
// are tracked apart: see [Game.HitPoints] and [Game.Initiative]).
type TokenKind uint8

// The token kinds. The zero value is invalid.
const (
	TokenInvalid TokenKind = iota
	// TokenGold is a sack of gold; scenarios count sacks in a place (victory "tokens").
	TokenGold
	// TokenNotAllowed closes the building it lies in: nobody may enter (our rule). It cannot be taken.
	TokenNotAllowed
	// TokenColt is an extra pistol: with it a cowboy has two pistols and shoots two bullets.
	TokenColt
	// TokenWinchester is a rifle: its shot starts at the tip of the Winchester barrel (our rule).
	TokenWinchester
	// TokenWater is a water flask, clean or poisoned, drunk for ±1 hit point (our rule).
	TokenWater
	// TokenDynamite is a stick of dynamite, thrown with the red octagon (our rule).
	TokenDynamite
	// TokenDocuments are papers that scenarios ask to carry somewhere.
	TokenDocuments
	// TokenHostage is a hostage: its carrier may move only once per turn (our rule).
	TokenHostage
	numTokenKinds
)

// tokenNames are the names used in scenario files.
var tokenNames = [numTokenKinds]string{
	TokenInvalid:    "invalid",
	TokenGold:       "gold",
	TokenNotAllowed: "not-allowed",
	TokenColt:       "colt",
	TokenWinchester: "winchester",
	TokenWater:      "water",
	TokenDynamite:   "dynamite",
	TokenDocuments:  "documents",
	TokenHostage:    "hostage",
}

// tokenLimits is how many tokens of each kind the box holds; a scenario may not use more.
var tokenLimits = [numTokenKinds]int{
	TokenGold:       11,
	TokenNotAllowed: 6,
	TokenColt:       5,
	TokenWinchester: 2,
	TokenWater:      4,
	TokenDynamite:   2,
	TokenDocuments:  2,
	TokenHostage:    1,
}

// MaxHitPoints is the number of hit-point tokens in the box: the sum over a scenario's cowboys.
const MaxHitPoints = 38

// TokenKinds lists every valid token kind, in order.
func TokenKinds() []TokenKind {
	ks := make([]TokenKind, 0, numTokenKinds-1)
	for k := TokenInvalid + 1; k < numTokenKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Valid reports whether k is a known kind.
func (k TokenKind) Valid() bool { return k > TokenInvalid && k < numTokenKinds }

// String returns the kind's name in scenario files ("gold", "not-allowed", …).
func (k TokenKind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("token(%d)", uint8(k))
	}
	return tokenNames[k]
}

// Limit returns how many tokens of kind k the box holds.
func (k TokenKind) Limit() int {
	if !k.Valid() {
		return 0
	}
	return tokenLimits[k]
}

// Takeable reports whether a cowboy may carry tokens of kind k ("not allowed" tokens stay put).
func (k TokenKind) Takeable() bool { return k.Valid() && k != TokenNotAllowed }

// ParseTokenKind returns the kind named s.
func ParseTokenKind(s string) (TokenKind, error) {
	for k := TokenInvalid + 1; k < numTokenKinds; k++ {
		if tokenNames[k] == s {
			return k, nil
		}
	}
	return TokenInvalid, fmt.Errorf("flickemup: unknown token kind %q", s)
}

// PlaceKind says where a token lies.
type PlaceKind uint8

// Places.
const (
	// PlaceGone is out of the game (drunk, thrown, blown up, or buried without an Undertaker).
	PlaceGone PlaceKind = iota
	// PlaceBuilding is on the support blocks of building Place.Index (an index in Scenario.Buildings).
	PlaceBuilding
	// PlaceGallows is on the gallows, within reach of a cowboy standing next to it.
	PlaceGallows
	// PlaceGround is on the table at Place.Pos (scenarios with rule take-outside).
	PlaceGround
	// PlaceCowboy is in the inventory of cowboy Place.Index (a dense index, see CowboyID).
	PlaceCowboy
)

// String returns the place kind's name.
func (k PlaceKind) String() string {
	switch k {
	case PlaceBuilding:
		return "building"
	case PlaceGallows:
		return "gallows"
	case PlaceGround:
		return "ground"
	case PlaceCowboy:
		return "cowboy"
	}
	return "gone"
}
