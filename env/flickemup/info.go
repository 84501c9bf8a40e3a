package flickemup

import "github.com/flickarena/flickarena/physics"

// CowboyInfo is one cowboy as plain typed data, for encoders that need no JSON.
type CowboyInfo struct {
	// ID is the cowboy's team and number.
	ID CowboyID
	// Present reports that the scenario fields this cowboy; the other fields are then zero.
	Present bool
	// Alive reports that it has hit points left.
	Alive bool
	// HP and Max are its hit points and the most it can have.
	HP, Max int
	// Hat is the colour its hat shows.
	Hat Hat
	// Played reports that it has played this round.
	Played bool
	// Inside is the index in Scenario.Buildings of the building it is in, or -1.
	Inside int
	// Fallen reports that it lies knocked over.
	Fallen bool
	// Pos is its base centre, in cm, and Facing its orientation, in radians (meaningful on the table).
	Pos    physics.Vec
	Facing float64
	// Inventory holds the ids of its two token slots, -1 when empty.
	Inventory [2]int
}

// Cowboy returns cowboy id's state.
func (g *Game) Cowboy(id CowboyID) CowboyInfo {
	if !id.Valid() {
		return CowboyInfo{ID: id, Inside: -1, Inventory: [2]int{-1, -1}}
	}
	c := &g.cowboys[id.index()]
	if !c.present {
		return CowboyInfo{ID: id, Inside: -1, Inventory: [2]int{-1, -1}}
	}
	p := g.piece(id.index())
	return CowboyInfo{ID: id, Present: true, Alive: c.alive, HP: c.hp, Max: c.max, Hat: c.hat, Played: c.played,
		Inside: c.inside, Fallen: p.Fallen, Pos: p.Pos, Facing: p.Angle, Inventory: c.inv}
}

// TokenInfo is one token as the players see it.
type TokenInfo struct {
	// Kind is the token's kind, or TokenInvalid while it lies face down.
	Kind TokenKind
	// FaceUp reports that it lies face up (carried tokens always are).
	FaceUp bool
	// Place and Index say where it is: a building (Index in Scenario.Buildings), the gallows,
	// the ground, a cowboy (Index its dense index: lawmen 0-4, outlaws 5-9) or gone.
	Place PlaceKind
	Index int
	// Pos is where it lies on the ground, in cm.
	Pos physics.Vec
}

// NumTokens returns the number of tokens; ids run from 0 to NumTokens()-1 and never change.
func (g *Game) NumTokens() int { return len(g.tokens) }

// Token returns token id as the players see it (water quality is never shown).
func (g *Game) Token(id int) TokenInfo {
	t := &g.tokens[id]
	info := TokenInfo{FaceUp: t.faceUp, Place: t.place, Index: t.index, Pos: t.pos}
	if t.faceUp || t.place == PlaceCowboy {
		info.Kind = t.kind
	}
	return info
}

// Closed reports whether building b (an index in Scenario.Buildings) holds a "not allowed" token.
func (g *Game) Closed(b int) bool { return g.closed(b) }
