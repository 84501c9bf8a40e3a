package flickemup_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/golden"
	"github.com/flickarena/flickarena/physics"
)

// townTrajectory plays a fixed sequence of noisy flicks on the town and writes every outcome
// and the final state as text, floats as exact hexadecimal, so that two runs compare bit for
// bit.
func townTrajectory(tb testing.TB) []byte {
	tb.Helper()
	cfg := flickemup.PhysicsConfig()
	cfg.Noise = physics.DefaultNoise
	s, err := physics.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	st, _ := flickemup.Town()
	st.Pieces = append(st.Pieces, physics.Piece{Kind: flickemup.KindBullet, Off: true})
	bullet := len(st.Pieces) - 1
	rng := rand.New(rand.NewPCG(2026, 11))
	var buf bytes.Buffer
	hex := func(f float64) string { return strconv.FormatFloat(f, 'x', -1, 64) }
	for k := 0; k < 40; k++ {
		var fl physics.Flick
		if k%2 == 0 {
			// A shot from a random standing lawman or outlaw at a random outlaw or lawman.
			from := rng.IntN(10)
			to := (from + 5) % 10
			if st.Pieces[from].Off || st.Pieces[to].Off {
				continue
			}
			st.Pieces[bullet] = physics.Piece{Kind: flickemup.KindBullet, Pos: st.Pieces[from].Pos.Add(physics.Vec{X: 3.9})}
			if !st.Table.Contains(st.Pieces[bullet].Pos) {
				continue
			}
			aim := st.Pieces[to].Pos.Sub(st.Pieces[bullet].Pos)
			fl = physics.Flick{Piece: bullet, Velocity: aim.Scale(220 / aim.Len())}
		} else {
			i := rng.IntN(bullet)
			if st.Pieces[i].Off {
				continue
			}
			fl = physics.Flick{Piece: i, Velocity: physics.Polar(40+rng.Float64()*150, rng.Float64()*2*math.Pi)}
		}
		out, err := s.Flick(st, fl, rng)
		if err != nil {
			tb.Fatalf("flick %d: %v", k, err)
		}
		fmt.Fprintf(&buf, "flick %d piece %d v=(%s,%s) steps=%d t=%s capped=%v\n", k, fl.Piece,
			hex(out.Velocity.X), hex(out.Velocity.Y), out.Steps, hex(out.Time), out.Capped)
		for _, c := range out.Contacts {
			fmt.Fprintf(&buf, "  contact %d-%d t=%s at (%s,%s)\n", c.A, c.B, hex(c.Time), hex(c.Point.X), hex(c.Point.Y))
		}
		for _, f := range out.Falls {
			fmt.Fprintf(&buf, "  fall %d by %d impulse=%s\n", f.Piece, f.By, hex(f.Impulse))
		}
		fmt.Fprintf(&buf, "  off %v moved %v hit %d\n", out.Off, out.Moved, out.Hit(fl.Piece))
	}
	for i, p := range st.Pieces {
		fmt.Fprintf(&buf, "piece %d %s (%s,%s) a=%s fallen=%v off=%v\n", i, flickemup.Pieces.Name(p.Kind), hex(p.Pos.X), hex(p.Pos.Y), hex(p.Angle), p.Fallen, p.Off)
	}
	return buf.Bytes()
}

// TestTown_Golden guards the exact trajectory of a sequence of noisy flicks on the town with
// Flick 'em Up!'s pieces and physics. Any change to the dynamics or to the pieces shows here;
// refresh with `go test ./env/flickemup -run TestTown_Golden -update` and bump the versions
// that depend on it. The comparison is exact (no tolerance): determinism is bit for bit on one
// architecture. (The physics package pins its own dynamics on a scene of its own.)
func TestTown_Golden(t *testing.T) {
	got := townTrajectory(t)
	golden.Check(t, filepath.Join("testdata", "town.golden"), got, *update, "trajectory")
}

// TestTown_Parallel runs the town's trajectory in several goroutines at once: every run must
// match the sequential one exactly, and `go test -race` must stay quiet.
func TestTown_Parallel(t *testing.T) {
	golden.CheckConcurrent(t, 4, func() []byte { return townTrajectory(t) })
}

// TestTown_Valid checks the town: 42 valid pieces and 6 doors, at rest, no two pieces
// overlapping or touching.
func TestTown_Valid(t *testing.T) {
	st, doors := flickemup.Town()
	if err := st.Validate(flickemup.Pieces); err != nil {
		t.Fatal(err)
	}
	if got := len(st.Pieces); got != 42 {
		t.Errorf("town has %d pieces, want 42", got)
	}
	if len(doors) != 6 {
		t.Errorf("town has %d doors, want 6", len(doors))
	}
	// Nothing moves when a piece far from everything is flicked gently: the scene is at rest
	// and no two pieces overlap (an overlap would push them apart when woken).
	s, err := physics.New(flickemup.PhysicsConfig())
	if err != nil {
		t.Fatal(err)
	}
	before := st.Clone()
	for i := range st.Pieces {
		out, err := s.Flick(st, physics.Flick{Piece: i, Velocity: physics.Vec{X: 1e-3}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range out.Moved {
			if j != i {
				t.Errorf("flicking piece %d moved piece %d: they overlap or touch", i, j)
			}
		}
		st.CopyFrom(before)
	}
}
