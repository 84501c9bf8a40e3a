package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// runPhysicsDemo flicks a bullet from a lawman at an outlaw across the reference town and
// prints the contacts in order, who fell, what left the table and where everything rested.
func runPhysicsDemo(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("physics-demo", "Flick a bullet from a lawman at an outlaw across the reference town (flickemup.Town)\nand print the contacts in order, who fell, what left the table and where\neverything came to rest.", stderr)
	shooter := fs.Int("shooter", 2, "the lawman who shoots, `1-5`")
	target := fs.Int("target", 2, "the outlaw aimed at, `1-5`")
	side := fs.String("side", "right", "where the bullet is placed: `left or right` of the shooter")
	speed := fs.Float64("speed", 260, "flick speed in `cm/s` (clipped to the maximum)")
	noise := fs.Bool("noise", false, "apply the default human execution noise")
	seed := fs.Uint64("seed", 1, "random seed for the noise")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *shooter < 1 || *shooter > 5 || *target < 1 || *target > 5 {
		return fmt.Errorf("physics-demo: -shooter and -target take 1 to 5, got %d and %d", *shooter, *target)
	}
	if *side != "left" && *side != "right" {
		return fmt.Errorf("physics-demo: -side takes left or right, got %q", *side)
	}
	cfg := flickemup.PhysicsConfig()
	if *noise {
		cfg.Noise = physics.DefaultNoise
	}
	sim, err := physics.New(cfg)
	if err != nil {
		return err
	}
	st, _ := flickemup.Town()
	names := townNames(len(st.Pieces))
	from, to := st.Pieces[*shooter-1], st.Pieces[5+*target-1]
	// One bullet-width of gap between the figure's base and the bullet.
	offset := flickemup.Pieces.Spec(flickemup.KindCowboy).Radius + 3*flickemup.Pieces.Spec(flickemup.KindBullet).Radius
	aim := to.Pos.Sub(from.Pos).Angle()
	sideAngle := aim - math.Pi/2
	if *side == "left" {
		sideAngle = aim + math.Pi/2
	}
	bpos := from.Pos.Add(physics.Polar(offset, sideAngle))
	st.Pieces = append(st.Pieces, physics.Piece{Kind: flickemup.KindBullet, Pos: bpos})
	names = append(names, "the bullet")
	bullet := len(st.Pieces) - 1
	dir := to.Pos.Sub(bpos)
	before := st.Clone()
	out, err := sim.Flick(st, physics.Flick{Piece: bullet, Velocity: dir.Scale(*speed / dir.Len())}, rand.New(rand.NewPCG(*seed, 0)))
	if err != nil {
		return err
	}

	fmt.Fprintf(stdout, "The reference town: %.0f × %.0f cm, %d pieces.\n", st.Table.Width, st.Table.Height, len(before.Pieces)-1)
	fmt.Fprintf(stdout, "%s at %s shoots at %s at %s: the bullet is placed to the %s at %s\nand flicked at %.0f cm/s toward %.1f°.\n\n",
		names[*shooter-1], pt(from.Pos), names[5+*target-1], pt(to.Pos), *side, pt(bpos), out.Velocity.Len(), out.Velocity.Angle()*180/math.Pi)
	fmt.Fprintln(stdout, "Contacts, in order:")
	if len(out.Contacts) == 0 {
		fmt.Fprintln(stdout, "  none")
	}
	for _, c := range out.Contacts {
		fmt.Fprintf(stdout, "  %6.3f s  %s touches %s at %s\n", c.Time, names[c.A], names[c.B], pt(c.Point))
	}
	fmt.Fprintln(stdout, "\nKnocked over:")
	if len(out.Falls) == 0 {
		fmt.Fprintln(stdout, "  nobody")
	}
	for _, f := range out.Falls {
		fmt.Fprintf(stdout, "  %6.3f s  %s, by %s (impulse %.0f g·cm/s)\n", f.Time, names[f.Piece], names[f.By], f.Impulse)
	}
	if h := out.Hit(bullet); h >= 0 {
		fmt.Fprintf(stdout, "\nHit: %s, knocked over by the bullet's first contact.\n", names[h])
	} else {
		fmt.Fprintln(stdout, "\nNo hit: nobody fell to the bullet's first contact.")
	}
	fmt.Fprint(stdout, "\nLeft the table: ")
	if len(out.Off) == 0 {
		fmt.Fprintln(stdout, "nothing")
	}
	for k, i := range out.Off {
		sep := ", "
		if k == len(out.Off)-1 {
			sep = "\n"
		}
		fmt.Fprint(stdout, names[i], sep)
	}
	fmt.Fprintf(stdout, "\nEverything came to rest after %.2f s of simulated time (%d steps). Pieces that moved:\n", out.Time, out.Steps)
	for _, i := range out.Moved {
		p, b := st.Pieces[i], before.Pieces[i]
		state := fmt.Sprintf("%.1f cm from %s", p.Pos.Sub(b.Pos).Len(), pt(b.Pos))
		switch {
		case p.Off:
			state = "off the table"
		case p.Fallen && !b.Fallen:
			state += ", lying down"
		}
		fmt.Fprintf(stdout, "  %-14s %s  (%s)\n", names[i], pt(p.Pos), state)
	}
	return nil
}

// pt formats a position in cm.
func pt(v physics.Vec) string { return fmt.Sprintf("(%.1f, %.1f)", v.X, v.Y) }

// townNames names the pieces of flickemup.Town, by index.
func townNames(n int) []string {
	names := make([]string, 0, n)
	for i := 1; i <= 5; i++ {
		names = append(names, fmt.Sprintf("lawman %d", i))
	}
	for i := 1; i <= 5; i++ {
		names = append(names, fmt.Sprintf("outlaw %d", i))
	}
	names = append(names, "the man", "the woman")
	buildings := []string{"Sheriff", "Bank", "Saloon", "General Store", "Town Hall", "Undertaker"}
	for _, b := range buildings {
		names = append(names, b+" (L)", b+" (R)")
	}
	names = append(names, "the gallows")
	for _, g := range []struct {
		what string
		n    int
	}{{"barrel", 5}, {"cactus", 3}, {"fence", 4}, {"tumbleweed", 5}} {
		for i := 1; i <= g.n; i++ {
			names = append(names, fmt.Sprintf("%s %d", g.what, i))
		}
	}
	return names
}
