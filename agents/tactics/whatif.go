package tactics

import "github.com/flickarena/flickarena/physics"

// WithCowboyAt returns a copy of s in which cowboy i stands on the table at pos, facing
// facing, and standing; the rest is shared with s. It answers "what if it went there" for the
// static estimates (Chance, Opportunity); the game itself is not changed.
func (s *Situation) WithCowboyAt(i int, pos physics.Vec, facing float64) *Situation {
	w := *s
	w.St = s.St.Clone()
	w.scene = nil
	if s.scene != nil {
		w.scene = s.scene.Clone()
	}
	w.MoveCowboy(i, pos, facing)
	return &w
}

// MoveCowboy puts cowboy i of s, a copy made by o.WithCowboyAt(i, ...) of some Situation o,
// at pos facing facing, in place: s is then what o.WithCowboyAt(i, pos, facing) would return,
// without copying the table again. A search that rates many spots of one cowboy one after the
// other moves one copy; the caller must not keep s from one spot to the next.
func (s *Situation) MoveCowboy(i int, pos physics.Vec, facing float64) {
	k := s.Piece(i)
	p := &s.St.Pieces[k]
	p.Pos, p.Angle, p.Fallen, p.Off = pos, facing, false, false
	if s.scene != nil {
		s.scene.Set(k, *p)
	}
	c := &s.Cows[i]
	c.Pos, c.Facing, c.Fallen, c.Inside = pos, facing, false, -1
}

// WithCowboyInside returns a copy of s in which cowboy i is inside building b.
func (s *Situation) WithCowboyInside(i, b int) *Situation {
	w := *s
	w.St = s.St.Clone()
	w.St.Pieces[s.Piece(i)].Off = true
	w.scene = nil
	c := w.Cows[i]
	c.Inside, c.Fallen = b, false
	w.Cows[i] = c
	return &w
}
