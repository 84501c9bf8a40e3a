package physics_test

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/internal/golden"
	"github.com/flickarena/flickarena/physics"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// trajectory plays a fixed sequence of noisy flicks on the tests' town ([testTown]) and writes
// every outcome and the final state as text, floats as exact hexadecimal, so that two runs
// compare bit for bit. Every third flick is a bullet shot from beside a random figure at the
// figure across the street; the others flick a random piece at a random velocity.
func trajectory(tb testing.TB) []byte {
	tb.Helper()
	cfg := testConfig()
	cfg.Noise = physics.DefaultNoise
	s, err := physics.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	st, _ := testTown()
	bullet := len(st.Pieces)
	st.Pieces = append(st.Pieces, physics.Piece{Kind: kindBullet, Off: true})
	rng := rand.New(rand.NewPCG(2026, 12))
	var buf bytes.Buffer
	hex := func(f float64) string { return strconv.FormatFloat(f, 'x', -1, 64) }
	vec := func(v physics.Vec) string { return "(" + hex(v.X) + "," + hex(v.Y) + ")" }
	for k := range 45 {
		fl := physics.Flick{Piece: rng.IntN(bullet), Velocity: physics.Polar(30+rng.Float64()*200, rng.Float64()*2*math.Pi)}
		if shooter, target := rng.IntN(4), rng.IntN(2); k%3 == 0 {
			from, to := st.Pieces[shooter], st.Pieces[(shooter+2+target)%4]
			pos := from.Pos.Add(physics.Vec{X: 3})
			if from.Off || to.Off || !st.Table.Contains(pos) {
				continue
			}
			st.Pieces[bullet] = physics.Piece{Kind: kindBullet, Pos: pos}
			aim := to.Pos.Sub(pos)
			fl = physics.Flick{Piece: bullet, Velocity: aim.Scale(240 / aim.Len())}
		}
		if st.Pieces[fl.Piece].Off {
			continue
		}
		out, err := s.Flick(st, fl, rng)
		if err != nil {
			tb.Fatalf("flick %d: %v", k, err)
		}
		fmt.Fprintf(&buf, "flick %d: piece %d at %s, %d steps in %s s, capped %v, moved %v, off %v, hit %d\n",
			k, fl.Piece, vec(out.Velocity), out.Steps, hex(out.Time), out.Capped, out.Moved, out.Off, out.Hit(fl.Piece))
		for _, c := range out.Contacts {
			fmt.Fprintf(&buf, "\tcontact %d-%d at %s s, %s\n", c.A, c.B, hex(c.Time), vec(c.Point))
		}
		for _, f := range out.Falls {
			fmt.Fprintf(&buf, "\tfall of %d by %d, impulse %s\n", f.Piece, f.By, hex(f.Impulse))
		}
	}
	for i, p := range st.Pieces {
		fmt.Fprintf(&buf, "%d %s %s %s fallen %v off %v\n", i, testPieces.Name(p.Kind), vec(p.Pos), hex(p.Angle), p.Fallen, p.Off)
	}
	return buf.Bytes()
}

// TestFlick_Golden guards the exact trajectory of a sequence of noisy flicks on the tests' own
// scene. Any change to the dynamics shows here (and in the games' goldens, such as
// env/flickemup's town.golden); refresh with `go test ./physics -run Golden -update` and bump
// the game versions that depend on it. The comparison is exact (no tolerance): determinism is
// bit for bit on one architecture.
func TestFlick_Golden(t *testing.T) {
	got := trajectory(t)
	golden.Check(t, filepath.Join("testdata", "scene.golden"), got, *update, "trajectory")
}

// TestFlick_Parallel runs the same trajectory in several goroutines at once: every run must
// match the sequential one exactly, and `go test -race` must stay quiet.
func TestFlick_Parallel(t *testing.T) {
	golden.CheckConcurrent(t, 4, func() []byte { return trajectory(t) })
}
