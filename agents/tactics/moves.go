package tactics

import (
	"math"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

var (
	discRadius   = flickemup.Pieces.Spec(flickemup.KindMovementDisc).Radius
	bulletRadius = flickemup.Pieces.Spec(flickemup.KindBullet).Radius
	cowboyRadius = flickemup.Pieces.Spec(flickemup.KindCowboy).Radius
	octRadius    = flickemup.Pieces.Spec(flickemup.KindDynamite).Radius
)

// Move is a candidate move: the movement disc flicked from From to rest at To.
type Move struct {
	// Velocity is the flick, in cm/s.
	Velocity physics.Vec
	// From and To are where the disc starts and where it should stop, in cm.
	From, To physics.Vec
	// Enter is the building the move enters, or -1; Exit reports that it leaves one.
	Enter int
	Exit  bool
	// Risky reports that the path is clear, but not by the margin the flick noise asks for
	// at that distance: the move may fail.
	Risky bool
}

// Len returns the length of the move, in cm.
func (m Move) Len() float64 { return m.To.Sub(m.From).Len() }

// moveDistances are the lengths of the radial candidate moves, in cm.
var moveDistances = [...]float64{4, 8, 14, 22, 32, 45}

// moveDirections is the number of radial directions tried.
const moveDirections = 16

// Moves returns the candidate moves of cowboy i, which is being played: radial moves in
// moveDirections directions and moveDistances lengths whose path is clear, moves into every
// open building in front of which it stands, moves to the places listed in extra (tried as
// they are), and, from inside a building, moves out through its door.
func (s *Situation) Moves(i int, extra ...physics.Vec) []Move {
	c := &s.Cows[i]
	if !c.Present || !c.Alive {
		return nil
	}
	probe := flickemup.Action{Kind: flickemup.ActMove}
	from, ok := s.G.LaunchSpot(probe)
	if !ok || s.G.Check(probe) != nil {
		return nil
	}
	var out []Move
	if c.Inside >= 0 {
		b := c.Inside
		mid, along, front, _ := s.L.DoorFrame(s.St, b)
		for _, k := range [...]float64{3, 6, 10, 16, 24} {
			for _, l := range [...]float64{-0.5, -0.25, 0, 0.25, 0.5} {
				to := mid.Add(front.Scale(k)).Add(along.Scale(l * k))
				if m, ok := s.exitMove(i, b, from, to); ok {
					out = append(out, m)
				}
			}
		}
		for _, to := range extra {
			if m, ok := s.exitMove(i, b, from, to); ok {
				out = append(out, m)
			}
		}
		return out
	}
	for k := range moveDirections {
		u := physics.Polar(1, 2*math.Pi*float64(k)/moveDirections)
		for _, d := range moveDistances {
			if m, ok := s.plainMove(i, from, from.Add(u.Scale(d))); ok {
				out = append(out, m)
			}
		}
	}
	for _, to := range extra {
		if m, ok := s.plainMove(i, from, to); ok {
			out = append(out, m)
		}
	}
	for b := range s.L.Doors {
		if m, ok := s.EnterMove(i, b); ok {
			out = append(out, m)
		}
	}
	return out
}

// skipOwn returns a sweep filter skipping cowboy i's piece (off the table while it moves).
func (s *Situation) skipOwn(i int) func(int) bool {
	p := s.Piece(i)
	return func(k int) bool { return k == p }
}

// noiseMargin returns the extra clearance, in cm, a move or shot of length d wants against the
// assumed flick noise: two standard deviations of the sideways error.
func (s *Situation) noiseMargin(d float64) float64 { return 2 * s.Noise.AngleSD * d }

// plainMove checks a move on the table from `from` to `to`: to must be free, outside every
// building, and the path clear.
func (s *Situation) plainMove(i int, from, to physics.Vec) (Move, bool) {
	d := to.Sub(from).Len()
	if d < 1 {
		return Move{}, false
	}
	skip := s.skipOwn(i)
	if !s.Scene().Free(to, discRadius, 0.2, skip) || s.L.InFootprint(s.St, to, discRadius+0.2) >= 0 {
		return Move{}, false
	}
	overshoot := 2*s.Noise.PowerSD*d + 0.5
	if !s.Scene().Clear(from, to, overshoot, discRadius, 0.15, skip) {
		return Move{}, false
	}
	risky := !s.Scene().Clear(from, to, 2*overshoot, discRadius, 0.15+s.noiseMargin(d), skip)
	return Move{Velocity: s.flickTo(flickemup.KindMovementDisc, from, to), From: from, To: to, Enter: -1, Risky: risky}, true
}

// exitMove checks a move out of building b from the back of its floor to `to`, in front of
// the door.
func (s *Situation) exitMove(i, b int, from, to physics.Vec) (Move, bool) {
	mid, _, front, _ := s.L.DoorFrame(s.St, b)
	if to.Sub(mid).Dot(front) < discRadius+0.5 {
		return Move{}, false
	}
	if !s.Scene().Free(to, discRadius, 0.2, nil) || s.L.InFootprint(s.St, to, discRadius+0.2) >= 0 {
		return Move{}, false
	}
	d := to.Sub(from).Len()
	overshoot := 2*s.Noise.PowerSD*d + 0.5
	if !s.Scene().Clear(from, to, overshoot, discRadius, 0.1, nil) {
		return Move{}, false
	}
	risky := !s.Scene().Clear(from, to, 2*overshoot, discRadius, 0.1+s.noiseMargin(d), nil)
	return Move{Velocity: s.flickTo(flickemup.KindMovementDisc, from, to), From: from, To: to, Enter: -1, Exit: true, Risky: risky}, true
}

// enterDepth is how far behind the door line the disc is sent to enter a building, in cm.
const enterDepth = 4.5

// maxEnter is the longest move into a building tried, in cm.
const maxEnter = 32.0

// EnterMove returns the move of cowboy i, on the table, into open building b, if it stands in
// front of the door with a clear path through it.
func (s *Situation) EnterMove(i, b int) (Move, bool) {
	c := &s.Cows[i]
	if c.Inside >= 0 || s.G.Closed(b) || s.G.Check(flickemup.Action{Kind: flickemup.ActMove}) != nil {
		return Move{}, false
	}
	mid, _, front, _ := s.L.DoorFrame(s.St, b)
	from := c.Pos
	depth := from.Sub(mid).Dot(front)
	if depth < discRadius+0.3 {
		return Move{}, false
	}
	to := mid.Sub(front.Scale(enterDepth))
	d := to.Sub(from).Len()
	if d > maxEnter {
		return Move{}, false
	}
	// Through the doorway at a steep enough angle, and nothing in the way.
	if from.Sub(mid).Dot(front) < 0.7*from.Sub(mid).Len() {
		return Move{}, false
	}
	if !s.Scene().Clear(from, to, 0, discRadius, 0.1, s.skipOwn(i)) {
		return Move{}, false
	}
	return Move{Velocity: s.flickTo(flickemup.KindMovementDisc, from, to), From: from, To: to, Enter: b}, true
}

// Stage returns the point in front of building b's door from which a cowboy enters it.
func (s *Situation) Stage(b int) physics.Vec {
	mid, _, front, _ := s.L.DoorFrame(s.St, b)
	return mid.Add(front.Scale(stageDist))
}

// stageDist is how far in front of a door a cowboy waits to enter, in cm.
const stageDist = 9.0

// flickTo returns the velocity that slides a piece of kind k from `from` to rest at `to`.
func (s *Situation) flickTo(k physics.Kind, from, to physics.Vec) physics.Vec {
	d := to.Sub(from)
	l := d.Len()
	if l == 0 {
		return physics.Vec{}
	}
	return d.Scale(geom.StopSpeed(k, l, s.Cfg) / l)
}
