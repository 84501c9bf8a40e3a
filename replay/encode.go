package replay

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"

	"github.com/flickarena/flickarena/physics"
)

// fixed is a piece's place in fixed-point units.
type fixed struct {
	x, y, a int64
}

// table is the table as the encoder last wrote it: the end of the previous flick.
type table struct {
	on  []bool  // on[i]: piece i is on the table
	pos []fixed // pos[i]: its place, when on
}

// reset takes every piece off the table, as before the first flick of a game.
func (t *table) reset() {
	t.on, t.pos = t.on[:0], t.pos[:0]
}

// grow makes room for n pieces; new pieces are off the table.
func (t *table) grow(n int) {
	for len(t.on) < n {
		t.on = append(t.on, false)
		t.pos = append(t.pos, fixed{})
	}
}

// qpos, qangle and qtime convert to fixed point.
func qpos(x float64) int64   { return int64(math.Round(x * PosScale)) }
func qangle(a float64) int64 { return int64(math.Round(a * AngleScale)) }
func qtime(t float64) int64  { return int64(math.Round(t * TimeScale)) }

// at returns piece i's fixed-point place in frame f.
func at(f *physics.Frame, i int) fixed {
	return fixed{qpos(f.Pos[i].X), qpos(f.Pos[i].Y), qangle(f.Angle[i])}
}

// encode writes the traced flick tr relative to t, and moves t to the flick's end.
func (t *table) encode(tr *physics.Traced) Flick {
	out := &tr.Outcome
	fl := Flick{
		Piece:    tr.Flick.Piece,
		Asked:    [2]int64{qpos(tr.Flick.Velocity.X), qpos(tr.Flick.Velocity.Y)},
		Velocity: [2]int64{qpos(out.Velocity.X), qpos(out.Velocity.Y)},
		Time:     qtime(out.Time),
		Steps:    out.Steps,
		Capped:   out.Capped,
		Digest:   digest(out),
		Start:    [][4]int64{},
		Frames:   [][]int64{},
	}
	for _, c := range out.Contacts {
		fl.Contacts = append(fl.Contacts, [5]int64{int64(c.A), int64(c.B), qtime(c.Time), qpos(c.Point.X), qpos(c.Point.Y)})
	}
	for _, f := range out.Falls {
		fl.Falls = append(fl.Falls, [3]int64{int64(f.Piece), int64(f.By), qtime(f.Time)})
	}
	frames := out.Frames
	n := len(tr.Off)
	t.grow(n)
	if len(frames) == 0 {
		return fl
	}

	// The start: what changed since the previous flick's end.
	f0 := &frames[0]
	for i := range n {
		if tr.Off[i] {
			if t.on[i] {
				fl.Hide = append(fl.Hide, i)
				t.on[i] = false
			}
			continue
		}
		if p := at(f0, i); !t.on[i] || t.pos[i] != p {
			fl.Start = append(fl.Start, [4]int64{int64(i), p.x, p.y, p.a})
			t.on[i], t.pos[i] = true, p
		}
	}

	// A piece that left the table has no body any more, and the simulator samples it where
	// it stood before the flick: it left at the first frame from which it stays there. A
	// flicked piece whose run a Stopper ended (a disc entering a building, a bullet meeting
	// a wall) leaves the table the same way.
	offs := out.Off
	if out.Stopped {
		offs = append(slices.Clone(out.Off), tr.Flick.Piece)
	}
	gone := make(map[int]int, len(offs)) // piece → index of its first frame off the table
	for _, i := range offs {
		k := len(frames)
		for k > 1 && frames[k-1].Pos[i] == f0.Pos[i] && frames[k-1].Angle[i] == f0.Angle[i] {
			k--
		}
		gone[i] = k
	}

	for k := 1; k < len(frames); k++ {
		f := &frames[k]
		row := []int64{qtime(f.Time)}
		for i := range n {
			if tr.Off[i] {
				continue
			}
			if g, ok := gone[i]; ok && k >= g {
				continue
			}
			if p := at(f, i); p != t.pos[i] {
				row = append(row, int64(i), p.x, p.y, p.a)
				t.pos[i] = p
			}
		}
		if len(row) > 1 {
			fl.Frames = append(fl.Frames, row)
		}
	}
	for _, i := range offs {
		tt := out.Time
		if g := gone[i]; g < len(frames) {
			tt = frames[g].Time
		}
		fl.Off = append(fl.Off, [2]int64{int64(i), qtime(tt)})
		t.on[i] = false
	}
	return fl
}

// digest hashes the exact values of an outcome: the velocity given, every frame (time, then
// each piece's position and angle), every contact, fall and exit, the steps and the time.
func digest(out *physics.Outcome) Hash {
	h := fnv.New64a()
	var buf []byte
	f := func(xs ...float64) {
		for _, x := range xs {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
	}
	i := func(xs ...int) {
		for _, x := range xs {
			buf = binary.LittleEndian.AppendUint64(buf, uint64(int64(x)))
		}
	}
	flush := func() {
		h.Write(buf)
		buf = buf[:0]
	}
	f(out.Velocity.X, out.Velocity.Y, out.Time)
	i(out.Steps, len(out.Frames))
	for k := range out.Frames {
		fr := &out.Frames[k]
		f(fr.Time)
		for j := range fr.Pos {
			f(fr.Pos[j].X, fr.Pos[j].Y, fr.Angle[j])
		}
		flush()
	}
	for _, c := range out.Contacts {
		i(c.A, c.B)
		f(c.Time, c.Point.X, c.Point.Y, c.Normal.X, c.Normal.Y)
	}
	for _, fa := range out.Falls {
		i(fa.Piece, fa.By)
		f(fa.Time, fa.Impulse)
	}
	i(out.Off...)
	flush()
	return Hash(h.Sum64())
}
