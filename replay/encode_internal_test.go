package replay

import (
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/physics"
)

// frame builds a physics frame at time t from x, y, angle triples.
func frame(t float64, xya ...float64) physics.Frame {
	f := physics.Frame{Time: t}
	for i := 0; i+2 < len(xya); i += 3 {
		f.Pos = append(f.Pos, physics.Vec{X: xya[i], Y: xya[i+1]})
		f.Angle = append(f.Angle, xya[i+2])
	}
	return f
}

func TestTable_Encode(t *testing.T) {
	const dt = 1.0 / 60
	// Piece 0 is flicked and hits piece 3, which leaves the table (the simulator then samples
	// it where it stood); piece 1 is off the table; piece 2 never moves.
	first := physics.Traced{
		Flick: physics.Flick{Piece: 0, Velocity: physics.Vec{X: 60, Y: 0}},
		Off:   []bool{false, true, false, false},
		Outcome: physics.Outcome{
			Velocity: physics.Vec{X: 61.004, Y: -0.5},
			Contacts: []physics.Contact{{A: 0, B: 3, Time: 2 * dt, Point: physics.Vec{X: 30.5, Y: 30}}},
			Falls:    []physics.Fall{{Piece: 3, By: 0, Time: 2 * dt}},
			Off:      []int{3},
			Time:     4 * dt, Steps: 9,
			Frames: []physics.Frame{
				frame(0, 10, 10, 0, 0, 0, 0, 20, 20, 0, 30, 30, 1),
				frame(dt, 11, 10, 0.1, 0, 0, 0, 20, 20, 0, 30, 30, 1),
				frame(2*dt, 12, 10, 0.1, 0, 0, 0, 20, 20, 0, 31, 30, 1.5),
				frame(3*dt, 12, 10, 0.1, 0, 0, 0, 20, 20, 0, 30, 30, 1),
				frame(4*dt, 12, 10, 0.1, 0, 0, 0, 20, 20, 0, 30, 30, 1),
			},
		},
	}
	// Then piece 1 is flicked from where it was put; piece 0 was taken off; piece 3 stays off.
	second := physics.Traced{
		Flick: physics.Flick{Piece: 1, Velocity: physics.Vec{X: 0, Y: 10}},
		Off:   []bool{true, false, false, true},
		Outcome: physics.Outcome{
			Velocity: physics.Vec{X: 0, Y: 10}, Time: dt, Steps: 2,
			Frames: []physics.Frame{
				frame(0, 12, 10, 0.1, 5, 5, 0, 20, 20, 0, 30, 30, 1),
				frame(dt, 12, 10, 0.1, 5, 5.1, 0, 20, 20, 0, 30, 30, 1),
			},
		},
	}
	q := func(s float64) int64 { return qtime(s) }
	want1 := Flick{
		Piece: 0, Asked: [2]int64{6000, 0}, Velocity: [2]int64{6100, -50},
		Start:    [][4]int64{{0, 1000, 1000, 0}, {2, 2000, 2000, 0}, {3, 3000, 3000, 1000}},
		Frames:   [][]int64{{q(dt), 0, 1100, 1000, 100}, {q(2 * dt), 0, 1200, 1000, 100, 3, 3100, 3000, 1500}},
		Contacts: [][5]int64{{0, 3, q(2 * dt), 3050, 3000}},
		Falls:    [][3]int64{{3, 0, q(2 * dt)}},
		Off:      [][2]int64{{3, q(3 * dt)}},
		Time:     q(4 * dt), Steps: 9,
	}
	want2 := Flick{
		Piece: 1, Asked: [2]int64{0, 1000}, Velocity: [2]int64{0, 1000},
		Start:  [][4]int64{{1, 500, 500, 0}},
		Hide:   []int{0},
		Frames: [][]int64{{q(dt), 1, 500, 510, 0}},
		Time:   q(dt), Steps: 2,
	}
	var tab table
	ignoreDigest := cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Digest" }, cmp.Ignore())
	if diff := cmp.Diff(want1, tab.encode(&first), ignoreDigest); diff != "" {
		t.Errorf("first flick (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want2, tab.encode(&second), ignoreDigest); diff != "" {
		t.Errorf("second flick (-want +got):\n%s", diff)
	}
	if !tab.on[1] || tab.on[0] || tab.on[3] || !tab.on[2] {
		t.Errorf("table after the flicks: on = %v, want [false true true false]", tab.on)
	}
}

// TestTable_EncodeStopped: a flicked piece whose run a Stopper ended leaves the table in the
// replay where the simulator stops sampling it, like a piece that went off.
func TestTable_EncodeStopped(t *testing.T) {
	const dt = 1.0 / 60
	tr := physics.Traced{
		Flick: physics.Flick{Piece: 0, Velocity: physics.Vec{X: 60, Y: 0}},
		Off:   []bool{false, false},
		Outcome: physics.Outcome{
			Velocity: physics.Vec{X: 60}, Stopped: true, StopTime: 2 * dt, Time: 3 * dt, Steps: 6,
			Frames: []physics.Frame{
				frame(0, 10, 10, 0, 20, 20, 0),
				frame(dt, 11, 10, 0, 20, 20, 0),
				frame(2*dt, 10, 10, 0, 20, 20, 0),
				frame(3*dt, 10, 10, 0, 20, 20, 0),
			},
		},
	}
	var tab table
	fl := tab.encode(&tr)
	if want := [][2]int64{{0, qtime(2 * dt)}}; !slices.Equal(fl.Off, want) {
		t.Errorf("off %v, want the stopped piece off at its last sampled frame %v", fl.Off, want)
	}
	if len(fl.Frames) != 1 || tab.on[0] {
		t.Errorf("frames %v, on %v: want one frame of piece 0 moving, then off", fl.Frames, tab.on)
	}
}

func TestDigest(t *testing.T) {
	base := physics.Outcome{
		Velocity: physics.Vec{X: 1, Y: 2}, Time: 0.5, Steps: 3,
		Frames:   []physics.Frame{frame(0, 1, 2, 3), frame(0.25, 1.5, 2, 3)},
		Contacts: []physics.Contact{{A: 0, B: 1, Time: 0.1}},
		Falls:    []physics.Fall{{Piece: 1, By: 0, Time: 0.1, Impulse: 300}},
	}
	h := digest(&base)
	// The smallest change of any recorded value changes the digest.
	changes := map[string]func(o *physics.Outcome){
		"velocity":   func(o *physics.Outcome) { o.Velocity.X = math.Nextafter(1, 2) },
		"frame x":    func(o *physics.Outcome) { o.Frames[1].Pos[0].X = math.Nextafter(1.5, 2) },
		"frame a":    func(o *physics.Outcome) { o.Frames[0].Angle[0] = math.Nextafter(3, 4) },
		"frame time": func(o *physics.Outcome) { o.Frames[1].Time = math.Nextafter(0.25, 1) },
		"impulse":    func(o *physics.Outcome) { o.Falls[0].Impulse = math.Nextafter(300, 400) },
		"contact":    func(o *physics.Outcome) { o.Contacts[0].B = 2 },
		"off":        func(o *physics.Outcome) { o.Off = []int{1} },
		"steps":      func(o *physics.Outcome) { o.Steps++ },
	}
	for name, change := range changes {
		o := base
		o.Frames = []physics.Frame{frame(0, 1, 2, 3), frame(0.25, 1.5, 2, 3)}
		o.Contacts = append([]physics.Contact(nil), base.Contacts...)
		o.Falls = append([]physics.Fall(nil), base.Falls...)
		change(&o)
		if digest(&o) == h {
			t.Errorf("changing the %s leaves the digest unchanged", name)
		}
	}
	if digest(&base) != h {
		t.Error("the digest is not a function of the outcome")
	}
}
