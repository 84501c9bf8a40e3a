package flickemup

import "github.com/flickarena/flickarena/physics"

// Town returns our reference scene, used by the physics demo, the tests and the benchmarks:
// the standard Flick 'em Up! table of 90 cm × 90 cm with every piece of the box in play, its
// kinds from [Pieces].
//
// The pieces, by index: 0-4 the lawmen (facing the outlaws, along the south edge), 5-9 the
// outlaws (along the north edge), 10-11 the two neutral figures, 12-23 the support blocks of
// six buildings (pairs 12-13, 14-15, …, whose doors are returned in order: three buildings on
// the west side facing east, three on the east side facing west), 24 the gallows, 25-29
// barrels, 30-32 cactuses, 33-36 fences, 37-41 tumbleweeds. No piece overlaps another.
func Town() (*physics.State, []physics.Door) {
	const west, east = 20.0, 70.0
	p := func(k physics.Kind, x, y, a float64) physics.Piece {
		return physics.Piece{Kind: k, Pos: physics.Vec{X: x, Y: y}, Angle: a}
	}
	const north, south = 1.5707963267948966, -1.5707963267948966
	st := &physics.State{Table: physics.DefaultTable}
	for _, x := range []float64{29, 37, 45, 53, 61} {
		st.Pieces = append(st.Pieces, p(KindCowboy, x, 8, north))
	}
	for _, x := range []float64{29, 37, 45, 53, 61} {
		st.Pieces = append(st.Pieces, p(KindCowboy, x, 82, south))
	}
	st.Pieces = append(st.Pieces, p(KindNeutral, 32, 38, 0), p(KindNeutral, 58, 52, 3.14159))
	var doors []physics.Door
	for _, y := range []float64{20, 45, 70} {
		// West side, facing east: the viewer in the street looks west, so Left is south.
		doors = append(doors, NewDoor(len(st.Pieces), len(st.Pieces)+1, 12))
		st.Pieces = append(st.Pieces, p(KindSupportBlock, west, y-4.5, 0), p(KindSupportBlock, west, y+4.5, 0))
	}
	for _, y := range []float64{70, 45, 20} {
		// East side, facing west: Left is north.
		doors = append(doors, NewDoor(len(st.Pieces), len(st.Pieces)+1, 12))
		st.Pieces = append(st.Pieces, p(KindSupportBlock, east, y+4.5, 0), p(KindSupportBlock, east, y-4.5, 0))
	}
	st.Pieces = append(st.Pieces,
		p(KindGallows, 45, 45, 0),
		p(KindBarrel, 30, 25, 0), p(KindBarrel, 60, 25, 0), p(KindBarrel, 30, 65, 0), p(KindBarrel, 60, 65, 0), p(KindBarrel, 45, 30, 0),
		p(KindCactus, 5, 45, 0.3), p(KindCactus, 85, 45, -0.3), p(KindCactus, 45, 60, 1.2),
		p(KindFence, 33, 17, 0), p(KindFence, 57, 73, 0), p(KindFence, 30, 48, 0.6), p(KindFence, 60, 42, 0.6),
		p(KindTumbleweed, 25, 35, 0), p(KindTumbleweed, 65, 35, 0), p(KindTumbleweed, 25, 55, 0), p(KindTumbleweed, 65, 55, 0), p(KindTumbleweed, 45, 77, 0),
	)
	return st, doors
}
