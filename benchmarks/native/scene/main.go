// Command scene writes the workload of the physics benchmarks (package flickbench: the
// reference town, its piece catalogue, the physics configuration of Flick 'em Up! and a
// stream of flicks) as plain text, for the native Box2D program of benchmarks/native to run
// the very same flicks. Usage:
//
//	go run ./benchmarks/native/scene [-flicks N] [-o FILE]
//
// The format, one record per line, fields separated by spaces, lengths in cm, masses in g,
// times in s, angles in radians:
//
//	config MaxSpeed Gravity KnockImpulse StepTravel OpenTravel MinStep MaxStep RestSpeed RestSpin RestSteps MaxTime VelocityIterations PositionIterations
//	table Width Height
//	kind Index Name Shape(circle|box|octagon) Radius HalfLength HalfWidth Height Mass TableFriction Friction Restitution Topples(0|1)
//	piece Kind X Y Angle Fallen(0|1) Static(0|1)
//	flick Kind X Y VX VY
//
// The pieces are the town; each flick adds its disc as one more piece, flicked from rest.
// Floats are written with 17 significant digits, so that they read back exactly.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/flickarena/flickarena/benchmarks/flickbench"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

func main() {
	flicks := flag.Int("flicks", 2000, "how many flicks to write")
	out := flag.String("o", "-", "the file to write (- for standard output)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: scene [-flicks N] [-o FILE]\n\nWrites the physics benchmark's town and flicks for benchmarks/native.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *flicks < 1 {
		fmt.Fprintf(os.Stderr, "scene: -flicks %d: want at least 1\n", *flicks)
		os.Exit(2)
	}
	w := io.Writer(os.Stdout)
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintf(os.Stderr, "scene: -o: %v\n", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	write(bw, *flicks)
	if err := bw.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "scene: writing %s: %v\n", *out, err)
		os.Exit(1)
	}
}

// g formats a float so that it reads back exactly.
func g(x float64) string { return fmt.Sprintf("%.17g", x) }

// b01 formats a flag as 0 or 1.
func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// write writes the configuration, the catalogue, the town and n flicks to w.
func write(w io.Writer, n int) {
	c := flickemup.PhysicsConfig()
	fmt.Fprintln(w, "config", g(c.MaxSpeed), g(c.Gravity), g(c.KnockImpulse), g(c.StepTravel), g(c.OpenTravel), g(c.MinStep), g(c.MaxStep),
		g(c.RestSpeed), g(c.RestSpin), c.RestSteps, g(c.MaxTime), c.VelocityIterations, c.PositionIterations)
	st := flickbench.Scene()
	fmt.Fprintln(w, "table", g(st.Table.Width), g(st.Table.Height))
	shapes := map[physics.ShapeKind]string{physics.ShapeCircle: "circle", physics.ShapeBox: "box", physics.ShapeOctagon: "octagon"}
	for _, k := range c.Pieces.Kinds() {
		s := c.Pieces.Spec(k)
		fmt.Fprintln(w, "kind", int(k), s.Name, shapes[s.Shape], g(s.Radius), g(s.HalfLength), g(s.HalfWidth), g(s.Height), g(s.Mass),
			g(s.TableFriction), g(s.Friction), g(s.Restitution), b01(s.Topples))
	}
	town := st.Pieces[:len(st.Pieces)-1]
	for _, p := range town {
		fmt.Fprintln(w, "piece", int(p.Kind), g(p.Pos.X), g(p.Pos.Y), g(p.Angle), b01(p.Fallen), b01(p.Static))
	}
	stream := flickbench.NewStream()
	for range n {
		f := stream.Next(st)
		d := st.Pieces[f.Piece]
		fmt.Fprintln(w, "flick", int(d.Kind), g(d.Pos.X), g(d.Pos.Y), g(f.Velocity.X), g(f.Velocity.Y))
	}
}
