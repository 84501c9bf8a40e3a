package physics

import "math"

// Door is the entrance of a building: the gap between its two support blocks. Seen from the
// street, facing the building, Left is the block on the left and Right the one on the right;
// the door line joins the blocks' centres, the street lies in front of it and the building's
// floor extends Depth cm behind it.
type Door struct {
	// Left and Right are the indices of the two support blocks in State.Pieces.
	Left, Right int
	// Depth is how far the building extends behind the door line, in cm.
	Depth float64
	// Block is the spec of the two support blocks (from the game's catalogue).
	Block Spec
}

// Line returns the door segment between the blocks' inner faces (a on the Left block's side),
// and the unit normal pointing from the building to the street.
func (d Door) Line(st *State) (a, b, front Vec) {
	cl, cr := st.Pieces[d.Left].Pos, st.Pieces[d.Right].Pos
	axis := cr.Sub(cl)
	n := axis.Len()
	if n == 0 {
		return cl, cr, Vec{0, -1}
	}
	u := axis.Scale(1 / n)
	inset := d.Block.FaceDepth()
	return cl.Add(u.Scale(inset)), cr.Sub(u.Scale(inset)), Vec{u.Y, -u.X}
}

// Frame returns the door as it stands in st: the middle of the door line, the unit vector
// along it (from the Left block to the Right one), the unit normal towards the street, and
// the width between the blocks' inner faces, in cm.
func (d Door) Frame(st *State) (mid, along, front Vec, width float64) {
	a, e, front := d.Line(st)
	v := e.Sub(a)
	width = v.Len()
	if width > 0 {
		along = v.Scale(1 / width)
	} else {
		along = Vec{X: -front.Y, Y: front.X}
	}
	return a.Add(e).Scale(0.5), along, front, width
}

// FaceDepth returns how far a block's face lies from its centre across its shorter side, in
// cm (a circle's radius): how far a door line lies from a support block's centre.
func (s Spec) FaceDepth() float64 {
	if s.Shape == ShapeBox {
		return math.Min(s.HalfLength, s.HalfWidth)
	}
	return s.Radius
}

// doorFrame returns a disc's coordinates in the door's frame: along is the distance along the
// door from a, depth the signed distance in front of the line (negative behind it).
func (d Door) doorFrame(st *State, pos Vec) (along, depth, width float64) {
	a, b, front := d.Line(st)
	u := b.Sub(a)
	width = u.Len()
	if width > 0 {
		u = u.Scale(1 / width)
	}
	rel := pos.Sub(a)
	return rel.Dot(u), rel.Dot(front), width
}

// Entered reports whether a disc of radius r (cm) centred at pos has any part past the door
// line into the building, within the doorway and the building's depth: the rule for entering.
func (d Door) Entered(st *State, pos Vec, r float64) bool {
	along, depth, width := d.doorFrame(st, pos)
	return depth < r && depth > -d.Depth-r && along > -r && along < width+r
}

// Exited reports whether a disc of radius r (cm) centred at pos lies wholly in front of the
// door line, in front of the doorway: the rule for leaving a building.
func (d Door) Exited(st *State, pos Vec, r float64) bool {
	along, depth, width := d.doorFrame(st, pos)
	return depth >= r && along > -r && along < width+r
}

// Behind returns a point dist cm behind the middle of the door line, where a piece is placed
// to leave the building or to shoot out of it.
func (d Door) Behind(st *State, dist float64) Vec {
	a, b, front := d.Line(st)
	return a.Add(b).Scale(0.5).Sub(front.Scale(dist))
}

// innerFaceTolerance is how far a contact point may lie from a block's inner face and still
// count as touching it, in cm (Box2D keeps touching shapes within a few linear slops).
const innerFaceTolerance = 0.1

// OnInnerFace reports whether point p (cm) lies on the face of the door's block blk (Left or
// Right) that faces the other block.
func (d Door) OnInnerFace(st *State, blk int, p Vec) bool {
	other := d.Right
	if blk == d.Right {
		other = d.Left
	} else if blk != d.Left {
		return false
	}
	b := st.Pieces[blk]
	s := d.Block
	if s.Shape != ShapeBox {
		return false
	}
	// Work in the block's frame.
	toLocal := func(v Vec) Vec {
		sn, cs := math.Sincos(-b.Angle)
		return Vec{v.X*cs - v.Y*sn, v.X*sn + v.Y*cs}
	}
	dir := toLocal(st.Pieces[other].Pos.Sub(b.Pos))
	lp := toLocal(p.Sub(b.Pos))
	if math.Abs(dir.X)*s.HalfWidth >= math.Abs(dir.Y)*s.HalfLength {
		// The inner face is the ±X face.
		face := math.Copysign(s.HalfLength, dir.X)
		return math.Abs(lp.X-face) <= innerFaceTolerance && math.Abs(lp.Y) <= s.HalfWidth+innerFaceTolerance
	}
	face := math.Copysign(s.HalfWidth, dir.Y)
	return math.Abs(lp.Y-face) <= innerFaceTolerance && math.Abs(lp.X) <= s.HalfLength+innerFaceTolerance
}

// TouchedOnlyInnerFaces reports whether every contact of piece i in o was with one of the
// door's blocks at its inner face (allowed when entering or leaving). st is the state before
// the flick began (block positions at first touch are close to these).
func (d Door) TouchedOnlyInnerFaces(st *State, o *Outcome, i int) bool {
	for _, c := range o.Contacts {
		j := c.Other(i)
		if j < 0 {
			continue
		}
		if (j != d.Left && j != d.Right) || !d.OnInnerFace(st, j, c.Point) {
			return false
		}
	}
	return true
}
