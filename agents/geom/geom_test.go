package geom_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// slide flicks a lone piece of kind k along +x at v cm/s on a long empty table and returns how
// far it slid.
func slide(t *testing.T, k physics.Kind, v float64) float64 {
	t.Helper()
	sim, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		t.Fatal(err)
	}
	st := &physics.State{Table: physics.Table{Width: 400, Height: 20}, Pieces: []physics.Piece{{Kind: k, Pos: physics.Vec{X: 10, Y: 10}}}}
	if _, err := sim.Flick(st, physics.Flick{Piece: 0, Velocity: physics.Vec{X: v}}, nil); err != nil {
		t.Fatal(err)
	}
	return st.Pieces[0].Pos.X - 10
}

// TestStopSpeed_Calibrated flicks each kind a bot flicks at StopSpeed and checks that it stops
// within 2% (and 0.15 cm) of the distance asked for, and that Travel inverts StopSpeed.
func TestStopSpeed_Calibrated(t *testing.T) {
	cfg := flickemup.PhysicsConfig()
	for _, k := range []physics.Kind{flickemup.KindMovementDisc, flickemup.KindBullet, flickemup.KindDynamite} {
		for _, d := range []float64{2, 5, 12, 25, 50, 100} {
			v := geom.StopSpeed(k, d, cfg)
			got := slide(t, k, v)
			if math.Abs(got-d) > 0.02*d+0.15 {
				t.Errorf("%v: StopSpeed(%g) = %.1f cm/s slides %.2f cm", k, d, v, got)
			}
			if back := geom.Travel(k, v, cfg); math.Abs(back-d) > 1e-6*d {
				t.Errorf("%v: Travel(StopSpeed(%g)) = %g", k, d, back)
			}
		}
	}
	if v := geom.StopSpeed(flickemup.KindBullet, 1000, cfg); v != cfg.MaxSpeed {
		t.Errorf("StopSpeed beyond reach = %g, want the clip %g", v, cfg.MaxSpeed)
	}
}

// TestShotSpeed_KnocksOver fires bullets at a lone cowboy with ShotSpeed: arriving at 100 cm/s
// knocks it over from any distance on the table, arriving at 20 cm/s does not.
func TestShotSpeed_KnocksOver(t *testing.T) {
	cfg := flickemup.PhysicsConfig()
	sim, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []float64{8, 30, 60, 85} {
		for _, tc := range []struct {
			arrive float64
			fall   bool
		}{{100, true}, {20, false}} {
			// The gap between the bullet's and the cowboy's edges is d.
			st := &physics.State{Table: physics.Table{Width: 120, Height: 20}, Pieces: []physics.Piece{
				{Kind: flickemup.KindBullet, Pos: physics.Vec{X: 5, Y: 10}},
				{Kind: flickemup.KindCowboy, Pos: physics.Vec{X: 5 + 0.9 + d + 1.2, Y: 10}},
			}}
			v := geom.ShotSpeed(flickemup.KindBullet, d, tc.arrive, cfg)
			out, err := sim.Flick(st, physics.Flick{Piece: 0, Velocity: physics.Vec{X: v}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.Hit(0) == 1; got != tc.fall {
				t.Errorf("d=%g arrive=%g (flick %.0f cm/s): hit %v, want %v", d, tc.arrive, v, got, tc.fall)
			}
			if a := geom.Arrival(flickemup.KindBullet, v, d, cfg); math.Abs(a-tc.arrive) > 1e-6 && v < cfg.MaxSpeed {
				t.Errorf("Arrival(ShotSpeed) = %g, want %g", a, tc.arrive)
			}
		}
	}
}

// TestSweep_AgreesWithPhysics fires noise-free bullets across random towns and checks that
// the first piece the bullet touches in the simulation is the one Sweep predicts, whenever
// Sweep's prediction is not a near miss (within 0.05 cm of another piece).
func TestSweep_AgreesWithPhysics(t *testing.T) {
	cfg := flickemup.PhysicsConfig()
	sim, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []physics.Kind{flickemup.KindCowboy, flickemup.KindBarrel, flickemup.KindFence, flickemup.KindCactus, flickemup.KindSupportBlock, flickemup.KindTumbleweed, flickemup.KindGallows}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 300
	if testing.Short() {
		n = 100
	}
	checked := 0
	for range n {
		st := &physics.State{Table: physics.DefaultTable, Pieces: []physics.Piece{{Kind: flickemup.KindBullet, Pos: physics.Vec{X: 45, Y: 45}}}}
		for len(st.Pieces) < 12 {
			p := physics.Piece{Kind: kinds[rng.IntN(len(kinds))], Pos: physics.Vec{X: 5 + 80*rng.Float64(), Y: 5 + 80*rng.Float64()}, Angle: rng.Float64() * 2 * math.Pi}
			p.Fallen = p.Kind == flickemup.KindCowboy && rng.IntN(3) == 0
			if geom.Free(st, flickemup.Pieces, p.Pos, flickemup.Pieces.Outline(p).R+flickemup.Pieces.Spec(p.Kind).Extent(), 0, nil) {
				st.Pieces = append(st.Pieces, p)
			}
		}
		to := physics.Vec{X: 5 + 80*rng.Float64(), Y: 5 + 80*rng.Float64()}
		r := flickemup.Pieces.Spec(flickemup.KindBullet).Radius
		skip := func(i int) bool { return i == 0 }
		want, _ := geom.Sweep(st, flickemup.Pieces, st.Pieces[0].Pos, to, 200, r, skip)
		if p, _ := geom.Sweep(st, flickemup.Pieces, st.Pieces[0].Pos, to, 200, r+0.05, skip); p != want {
			continue // a near miss: too close to call
		}
		if p, _ := geom.Sweep(st, flickemup.Pieces, st.Pieces[0].Pos, to, 200, r-0.05, skip); p != want {
			continue
		}
		v := to.Sub(st.Pieces[0].Pos)
		v = v.Scale(250 / v.Len())
		out, err := sim.Flick(st, physics.Flick{Piece: 0, Velocity: v}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := out.FirstContact(0)
		if want < 0 && got >= 0 && st.Pieces[got].Off {
			got = -1
		}
		if got != want {
			t.Errorf("bullet towards %v: first contact %d, Sweep says %d", to, got, want)
		}
		checked++
	}
	if checked < n/2 {
		t.Errorf("only %d of %d shots were clear-cut", checked, n)
	}
}

// TestLayoutOf checks the layout of every scenario against the pieces' kinds.
func TestLayoutOf(t *testing.T) {
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: flickemup.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		l := geom.LayoutOf(g)
		st := g.State()
		for _, c := range sc.Cowboys {
			p := l.Cowboy[geom.Dense(c.ID)]
			if p < 0 || st.Pieces[p].Kind != flickemup.KindCowboy || l.Owner(p) != geom.Dense(c.ID) || geom.ID(geom.Dense(c.ID)) != c.ID {
				t.Errorf("%s: %v has piece %d", in.Name, c.ID, p)
			}
			if c.Inside < 0 && st.Pieces[p].Pos != c.Pos {
				t.Errorf("%s: %v piece %d at %v, want %v", in.Name, c.ID, p, st.Pieces[p].Pos, c.Pos)
			}
		}
		if len(l.Doors) != len(sc.Buildings) {
			t.Fatalf("%s: %d doors for %d buildings", in.Name, len(l.Doors), len(sc.Buildings))
		}
		for b, bd := range sc.Buildings {
			mid, _, front, w := l.DoorFrame(st, b)
			if mid.Sub(bd.Door).Len() > 1e-9 || math.Abs(w-bd.Width) > 1e-9 || front.Dot(physics.Polar(1, bd.Facing)) < 1-1e-9 {
				t.Errorf("%s: building %d door %v %v %g, want %v facing %g width %g", in.Name, b, mid, front, w, bd.Door, bd.Facing, bd.Width)
			}
			if l.InFootprint(st, bd.Door.Sub(front.Scale(bd.Depth/2)), 0.1) != b {
				t.Errorf("%s: the floor of building %d is not in its footprint", in.Name, b)
			}
			if l.InFootprint(st, bd.Door.Add(front.Scale(3)), 1.5) >= 0 {
				t.Errorf("%s: the street in front of building %d is in a footprint", in.Name, b)
			}
		}
		if (l.Gallows >= 0) != (sc.Gallows != nil) {
			t.Errorf("%s: gallows piece %d", in.Name, l.Gallows)
		}
	}
}

// TestSweepAmong_AsSweep checks that sweeps fanned out from one point over the pieces Near
// lists find what Sweep finds over every piece, bit for bit: crowded random tables, fans of
// every width up to a quarter turn, sweeps of every length up to the one Near was asked for,
// each direction within the fan, including its edges.
func TestSweepAmong_AsSweep(t *testing.T) {
	kinds := []physics.Kind{flickemup.KindCowboy, flickemup.KindBarrel, flickemup.KindFence, flickemup.KindCactus, flickemup.KindSupportBlock, flickemup.KindTumbleweed, flickemup.KindGallows}
	rng := rand.New(rand.NewPCG(3, 4))
	n := 2000
	if testing.Short() {
		n = 300
	}
	var buf []int
	tested, hits := 0, 0
	for range n {
		st := &physics.State{Table: physics.DefaultTable}
		for range 40 {
			st.Pieces = append(st.Pieces, physics.Piece{Kind: kinds[rng.IntN(len(kinds))], Pos: physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}, Angle: rng.Float64() * 2 * math.Pi, Off: rng.IntN(8) == 0})
		}
		sc := geom.NewScene(st, flickemup.Pieces)
		from := physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}
		base, half := rng.Float64()*2*math.Pi, []float64{0, 1e-3, 0.05, 0.3, math.Pi / 4}[rng.IntN(5)]
		length, r := 5+120*rng.Float64(), 0.9*rng.Float64()*2
		buf = sc.Near(buf[:0], from, physics.Polar(1, base), half, length, r)
		tested += len(buf)
		skip := func(i int) bool { return i%7 == 3 }
		for k := range 9 {
			a := base + half*(2*float64(k)/8-1)
			l := []float64{1, length / 2, length}[k%3]
			past := length - l
			if k%2 == 1 {
				past *= rng.Float64()
			}
			to := from.Add(physics.Polar(l, a))
			wantP, wantD := sc.Sweep(from, to, past, r, skip)
			gotP, gotD := sc.SweepAmong(buf, from, to, past, r, skip)
			if gotP != wantP || math.Float64bits(gotD) != math.Float64bits(wantD) {
				t.Fatalf("sweep from %v at %.6g rad (fan %.6g ± %.3g), %g + %g cm: among %d near (%d, %g), Sweep (%d, %g)", from, a, base, half, l, past, len(buf), gotP, gotD, wantP, wantD)
			}
			if wantP >= 0 {
				hits++
			}
		}
	}
	if hits < n {
		t.Errorf("only %d sweeps of %d hit a piece: the test is too easy", hits, 9*n)
	}
	if tested > 30*n {
		t.Errorf("Near kept %d of %d pieces: it filters nothing", tested, 40*n)
	}
}

// TestScene_Set checks that a scene changed piece by piece with Set, pieces moved, taken off
// the table and put back, sweeps as a scene built anew from the changed table, bit for bit;
// and so does a copy made with CopyFrom before each change, then changed alike.
func TestScene_Set(t *testing.T) {
	kinds := []physics.Kind{flickemup.KindCowboy, flickemup.KindBarrel, flickemup.KindCactus, flickemup.KindTumbleweed}
	rng := rand.New(rand.NewPCG(5, 6))
	st := &physics.State{Table: physics.DefaultTable}
	for range 30 {
		st.Pieces = append(st.Pieces, physics.Piece{Kind: kinds[rng.IntN(len(kinds))], Pos: physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}, Off: rng.IntN(4) == 0})
	}
	sc := geom.NewScene(st, flickemup.Pieces)
	var copied geom.Scene // a copy of sc before each change, changed in turn
	for step := range 300 {
		i := rng.IntN(len(st.Pieces))
		p := &st.Pieces[i]
		p.Pos, p.Off = physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}, rng.IntN(3) == 0
		copied.CopyFrom(sc)
		sc.Set(i, *p)
		copied.Set(i, *p)
		fresh := geom.NewScene(st, flickemup.Pieces)
		for range 5 {
			from, to := physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}, physics.Vec{X: 90 * rng.Float64(), Y: 90 * rng.Float64()}
			gotP, gotD := sc.Sweep(from, to, 10, 0.9, func(int) bool { return false })
			wantP, wantD := fresh.Sweep(from, to, 10, 0.9, func(int) bool { return false })
			if gotP != wantP || math.Float64bits(gotD) != math.Float64bits(wantD) {
				t.Fatalf("step %d: the scene kept by Set sweeps to (%d, %g), a fresh one to (%d, %g)", step, gotP, gotD, wantP, wantD)
			}
			if cp, cd := copied.Sweep(from, to, 10, 0.9, func(int) bool { return false }); cp != wantP || math.Float64bits(cd) != math.Float64bits(wantD) {
				t.Fatalf("step %d: the scene copied with CopyFrom sweeps to (%d, %g), a fresh one to (%d, %g)", step, cp, cd, wantP, wantD)
			}
		}
	}
}
