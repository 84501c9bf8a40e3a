package physics

// Contact is the first touch between two pieces during a flick.
type Contact struct {
	// A and B are the indices of the two pieces, A < B.
	A, B int
	// Time is when they first touched, in s since the flick.
	Time float64
	// Point is where they first touched, in cm.
	Point Vec
	// Normal is the unit contact normal at first touch, pointing from A to B.
	Normal Vec
}

// Other returns the piece that touched i in c, or -1 if c does not involve i.
func (c Contact) Other(i int) int {
	switch i {
	case c.A:
		return c.B
	case c.B:
		return c.A
	}
	return -1
}

// Fall is a figure knocked over during a flick.
type Fall struct {
	// Piece is the index of the figure that fell.
	Piece int
	// By is the index of the piece whose contact gave the toppling impulse.
	By int
	// Time is when it fell, in s since the flick.
	Time float64
	// Impulse is the normal impulse that toppled it, in g·cm/s.
	Impulse float64
}

// Frame is one sampled instant of a recorded trajectory.
type Frame struct {
	// Time is in s since the flick.
	Time float64
	// Pos and Angle are indexed like State.Pieces, in cm and radians.
	Pos   []Vec
	Angle []float64
}

// Outcome is what happened during one flick, from the flick to rest.
type Outcome struct {
	// Velocity is the velocity actually given to the piece after noise and clipping, in cm/s.
	Velocity Vec
	// Contacts lists each pair's first touch, in the order they happened.
	Contacts []Contact
	// Falls lists the figures knocked over, in the order they fell.
	Falls []Fall
	// Off lists the pieces that left the table, in the order they left.
	Off []int
	// Moved lists the pieces whose position or angle changed, in index order.
	Moved []int
	// Steps is the number of physics steps taken.
	Steps int
	// Time is the simulated time until rest, in s.
	Time float64
	// Stopped reports that Flick.Stop took the flicked piece off the table, at its
	// position in the resulting state (not listed in Off), StopTime s after the flick.
	Stopped  bool
	StopTime float64
	// Capped reports that the time cap ended the flick before everything came to rest.
	Capped bool
	// Frames is the sampled trajectory, when Config.RecordEvery > 0.
	Frames []Frame

	// before holds the pieces of Moved as they were before the flick, for Restore.
	before []Piece
}

// Restore puts every piece the flick displaced, toppled or sent off back where it was in st,
// the state the flick was applied to. A failed move uses it.
func (o *Outcome) Restore(st *State) {
	for k, i := range o.Moved {
		st.Pieces[i] = o.before[k]
	}
}

// FirstContact returns the first piece that piece i touched, or -1 if it touched nothing.
func (o *Outcome) FirstContact(i int) int {
	for _, c := range o.Contacts {
		if j := c.Other(i); j >= 0 {
			return j
		}
	}
	return -1
}

// Touched reports whether pieces i and j touched.
func (o *Outcome) Touched(i, j int) bool {
	for _, c := range o.Contacts {
		if c.Other(i) == j {
			return true
		}
	}
	return false
}

// Fell reports whether piece i was knocked over.
func (o *Outcome) Fell(i int) bool {
	for _, f := range o.Falls {
		if f.Piece == i {
			return true
		}
	}
	return false
}

// WentOff reports whether piece i left the table.
func (o *Outcome) WentOff(i int) bool {
	for _, j := range o.Off {
		if j == i {
			return true
		}
	}
	return false
}

// Hit returns the figure that the flicked piece knocked over with its very first contact
// (the shooting rule: no ricochet), or -1. Other figures toppled in the same flick are not
// hits: the rules stand them back up.
func (o *Outcome) Hit(shot int) int {
	first := o.FirstContact(shot)
	if first < 0 {
		return -1
	}
	for _, f := range o.Falls {
		if f.Piece == first && f.By == shot {
			return first
		}
	}
	return -1
}
