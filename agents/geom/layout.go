package geom

import (
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Layout says which physics pieces of a game are its cowboys, its doors and its gallows. It
// depends only on the scenario: compute it once per game (or per decision) with [LayoutOf].
type Layout struct {
	// Cowboy is the piece index of each cowboy by [Dense] index, -1 for a cowboy the
	// scenario does not field.
	Cowboy [2 * flickemup.MaxCowboys]int
	// Doors are the doors of the buildings, indexed like Scenario.Buildings.
	Doors []physics.Door
	// Gallows is the gallows' piece index, or -1.
	Gallows int
	// owner maps a piece index to its cowboy's dense index, or -1.
	owner []int
}

// LayoutOf reads the layout of game g (from its [flickemup.Game.View]).
func LayoutOf(g *flickemup.Game) *Layout {
	v := g.View()
	l := &Layout{Gallows: -1, owner: make([]int, len(v.Pieces))}
	for i := range l.Cowboy {
		l.Cowboy[i] = -1
	}
	for i := range l.owner {
		l.owner[i] = -1
	}
	for _, c := range v.Cowboys {
		id, err := flickemup.ParseCowboyID(c.ID)
		if err != nil {
			continue // the engine's own ids always parse
		}
		l.Cowboy[Dense(id)] = c.Piece
		l.owner[c.Piece] = Dense(id)
	}
	sc := g.Scenario()
	for b, bv := range v.Buildings {
		l.Doors = append(l.Doors, flickemup.NewDoor(bv.Left, bv.Right, sc.Buildings[b].Depth))
	}
	for i, p := range v.Pieces {
		if p.Kind == flickemup.Pieces.Name(flickemup.KindGallows) {
			l.Gallows = i
		}
	}
	return l
}

// Owner returns the dense index of the cowboy whose figure is piece i, or -1.
func (l *Layout) Owner(i int) int {
	if i < 0 || i >= len(l.owner) {
		return -1
	}
	return l.owner[i]
}

// Dense returns the dense index of cowboy id, 0 to 9: lawmen 0-4, outlaws 5-9 (the index of
// [flickemup.TokenInfo] for tokens a cowboy carries).
func Dense(id flickemup.CowboyID) int { return int(id.Team)*flickemup.MaxCowboys + id.Number - 1 }

// ID returns the cowboy of dense index i.
func ID(i int) flickemup.CowboyID {
	return flickemup.CowboyID{Team: flickemup.Team(i / flickemup.MaxCowboys), Number: i%flickemup.MaxCowboys + 1}
}

// DoorFrame returns building b's door as it stands in st (see physics.Door.Frame): the
// middle of the door line, the unit vector along it (from the Left block to the Right one),
// the unit normal towards the street, and the width between the blocks' inner faces, in cm.
func (l *Layout) DoorFrame(st *physics.State, b int) (mid, along, front physics.Vec, width float64) {
	return l.Doors[b].Frame(st)
}

// Footprint returns the ground building b covers in st (see flickemup.Footprint): its two
// support blocks and the floor behind the door. A move that ends in it without entering by
// the door fails.
func (l *Layout) Footprint(st *physics.State, b int) physics.Outline {
	mid, along, front, w := l.DoorFrame(st, b)
	return flickemup.Footprint(mid, along, front, w, l.Doors[b].Depth)
}

// InFootprint returns the building whose footprint a disc of radius r at p overlaps, or -1.
func (l *Layout) InFootprint(st *physics.State, p physics.Vec, r float64) int {
	for b := range l.Doors {
		if l.Footprint(st, b).Overlaps(p, r) {
			return b
		}
	}
	return -1
}
