package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// This file holds the walls of the buildings. The physics has none: a building is its two
// support blocks and a floor. The rules judge a flicked piece along its path instead
// (a [physics.Stopper]), against the buildings as they stood before the flick:
//
//   - A piece flicked from inside a building (a cowboy leaving, a bullet or dynamite flicked
//     out) stays within the floor until the whole piece is past the door line; touching the
//     floor's back or sides first is hitting a wall, which ends its run there.
//   - A movement disc on the street ends its run the first time any part of it passes over a
//     building's floor: through the door line between the blocks, from in front, it has
//     entered that building (rulebook: "when any portion of the movement disc has passed the
//     line"); anywhere else it has run into a wall, and the move fails.
//
// Bullets and dynamite on the street are not stopped by buildings (they pass under their
// floors, as before).

// wallTolerance is how far, in cm, a piece may lie past a floor's back or side and still be
// inside: the piece is placed against the back wall to leave or shoot out.
const wallTolerance = 0.01

// floorFrame is a building's floor in the frame of its door: the door middle, the unit
// vectors along the door line and towards the street, the width between the blocks' inner
// faces, the floor's half-width (to the blocks' outer faces) and depth, in cm.
type floorFrame struct {
	mid, along, front  physics.Vec
	width, half, depth float64
}

// frameOf returns door d's floor as it stands in st.
func frameOf(d physics.Door, st *physics.State) floorFrame {
	mid, along, front, width := d.Frame(st)
	return floorOf(mid, along, front, width, d.Depth)
}

// floorOf returns the floor of a door whose frame is mid, along, front and width
// (physics.Door.Frame), depth cm deep.
func floorOf(mid, along, front physics.Vec, width, depth float64) floorFrame {
	return floorFrame{mid: mid, along: along, front: front, width: width,
		half: width/2 + 2*blockHalf, depth: depth}
}

// LeavesByDoor reports whether a piece of radius r, flicked from p on the floor behind door d
// straight along dir (of any length), passes out through the door line before it touches the
// floor's back or sides: the first rule of this file, for a run that meets no piece on the
// way. st is the table before the flick. Bots use it to rate shots from inside a building;
// the rules themselves judge the run step by step.
func LeavesByDoor(d physics.Door, st *physics.State, p, dir physics.Vec, r float64) bool {
	f := frameOf(d, st)
	al, dd := f.local(p)
	if dd >= r {
		return true // already out
	}
	ua, uf := dir.Dot(f.along), dir.Dot(f.front)
	if uf <= 0 {
		return false // it runs into the back wall, or along the floor into a side
	}
	// Along a straight run |al| is convex, so the side walls are nearest where the piece
	// leaves: at the depth r in front of the door line.
	return math.Abs(al+ua*(r-dd)/uf)+r <= f.half+wallTolerance
}

// local returns p's coordinates in the frame: along the door from its middle, and how far in
// front of the door line (negative behind it).
func (f *floorFrame) local(p physics.Vec) (al, dd float64) {
	rel := p.Sub(f.mid)
	return rel.Dot(f.along), rel.Dot(f.front)
}

// overlaps reports whether a disc of radius r at local (al, dd) covers part of the floor
// (behind the door line, out to the blocks' outer faces).
func (f *floorFrame) overlaps(al, dd, r float64) bool {
	// The builtins give math.Max's and math.Min's results, NaN and signed zeros included,
	// without a call: the gate asks this of every floor at every physics step.
	cx := max(-f.half, min(f.half, al))
	cy := max(-f.depth, min(0, dd))
	dx, dy := al-cx, dd-cy
	return dx*dx+dy*dy < r*r
}

// reach returns how far from the middle of the floor (its centre, depth/2 behind the door
// line) its farthest point lies, in cm.
func (f *floorFrame) reach() float64 { return math.Hypot(f.half, f.depth/2) }

// centre returns the middle of the floor, in table coordinates.
func (f *floorFrame) centre() physics.Vec { return f.mid.Sub(f.front.Scale(f.depth / 2)) }

// gate is the [physics.Stopper] of one flick (a Game keeps one as scratch).
type gate struct {
	floors []floorFrame
	// far holds, by floor, its centre and the square of a distance beyond which a centre of
	// the flicked piece certainly leaves the piece off the floor (the floor's reach, the
	// piece's radius and boundSlack): a moving disc's run is tested against the floors it
	// may touch alone.
	far    []farFloor
	r      float64 // the flicked piece's radius, cm
	from   int     // the building it starts in, or -1
	moving bool    // a movement disc: buildings stop it on the street too
	out    bool    // it is (or started) wholly out of building from

	// Set when the run ended:
	hit  int  // the building whose wall or door line ended the run, or -1
	door bool // it ended by passing hit's door line from the street: entering
}

// farFloor is a floor's bounding circle about its centre, for one flicked piece: the
// square of its radius grown by the piece's radius.
type farFloor struct {
	c  physics.Vec
	d2 float64
}

// gateFor sets up the game's gate for a piece of radius r flicked from building from (-1:
// the street); moving says it is the movement disc. The floors are taken from g.snap.
func (g *Game) gateFor(from int, r float64, moving bool) *gate {
	gt := &g.gate
	gt.floors, gt.far = gt.floors[:0], gt.far[:0]
	for b := range g.lay.doors {
		df := g.door(b, g.snap)
		gt.floors = append(gt.floors, df.floor)
		far := df.reach + r + boundSlack
		gt.far = append(gt.far, farFloor{c: df.centre, d2: far * far})
	}
	gt.r, gt.from, gt.moving, gt.out = r, from, moving, from < 0
	gt.hit, gt.door = -1, false
	return gt
}

// Stop implements physics.Stopper.
func (gt *gate) Stop(p physics.Vec) bool {
	r := gt.r
	if !gt.out {
		f := &gt.floors[gt.from]
		al, dd := f.local(p)
		switch {
		case dd >= r:
			gt.out = true
		case dd-r < -f.depth-wallTolerance || math.Abs(al)+r > f.half+wallTolerance:
			gt.hit = gt.from
			return true
		default:
			return false
		}
	}
	if !gt.moving {
		return false
	}
	for b := range gt.floors {
		if d := p.Sub(gt.far[b].c); d.X*d.X+d.Y*d.Y > gt.far[b].d2 {
			continue // certainly apart: overlaps would say no
		}
		f := &gt.floors[b]
		al, dd := f.local(p)
		if !f.overlaps(al, dd, r) {
			continue
		}
		gt.hit = b
		// Between the blocks and nearer the door line than the back wall: through the door
		// (robust to a step's travel, up to a few cm).
		gt.door = gt.from < 0 && math.Abs(al) < f.width/2 && dd > -f.depth/2
		return true
	}
	return false
}
