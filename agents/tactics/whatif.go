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

// MoveCowboy puts cowboy i of w, a copy made by s.WithCowboyAt(i, ...), at pos facing
// facing, in place: w is then what s.WithCowboyAt(i, pos, facing) would return, without
// copying the table again. A search that rates many spots of one cowboy one after the other
// moves one copy; the caller must not keep w from one spot to the next.
func (w *Situation) MoveCowboy(i int, pos physics.Vec, facing float64) {
	k := w.Piece(i)
	p := &w.St.Pieces[k]
	p.Pos, p.Angle, p.Fallen, p.Off = pos, facing, false, false
	if w.scene != nil {
		w.scene.Set(k, *p)
	}
	c := &w.Cows[i]
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
