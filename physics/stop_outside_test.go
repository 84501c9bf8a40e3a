package physics_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestFlick_StopsOutside flicks a disc past a resting one, at speeds and offsets that make
// it stop just as it reaches it, and checks that the two do not come to rest inside each
// other. A disc that slides into another during the very step in which table friction
// stops it must stay awake until Box2D has pushed the two apart: put to sleep with the
// contact flag computed before the step, the pair used to rest up to 0.034 cm deep, for good
// (Flickago's random play, seed 1805: two discs 0.034 cm deep).
func TestFlick_StopsOutside(t *testing.T) {
	const r = 1.5 // cm
	cfg := physics.DefaultConfig()
	cfg.Pieces = physics.MustCatalogue(physics.Spec{Name: "disc", Shape: physics.ShapeCircle, Radius: r, Height: 0.8, Mass: 3, TableFriction: 0.3, Friction: 0.3, Restitution: 0.5})
	s, err := physics.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const (
		gap   = 3.0   // cm between the rims along X at the start
		slop  = 0.005 // cm, Box2D's linear slop: the depth it leaves resting pieces in
		depth = 0.02  // cm, the most a flick may end with while Box2D still pushes a pair apart
	)
	target := physics.Vec{X: 50, Y: 50}
	flicks, still := 0, 0
	for li := range 30 {
		lateral := 0.1 * float64(li) // cm, the flicked disc's offset from the line of centres
		for k := range 150 {
			// A disc sliding freely stops after v²/(2μg): from the first touch (head on) to
			// 0.3 cm past it.
			past := 0.002 * float64(k)
			v := math.Sqrt(2 * 0.3 * cfg.Gravity * (gap + past))
			st := scene(physics.Piece{Kind: 1, Pos: target}, at(1, target.X-2*r-gap, target.Y-lateral, 0))
			flick(t, s, st, 1, physics.Vec{X: v})
			flicks++
			in := 2*r - st.Pieces[0].Pos.Sub(st.Pieces[1].Pos).Len()
			if in > depth {
				t.Errorf("offset %.1f cm, stop %.3f cm past the touch: the discs rest %.4f cm inside each other", lateral, past, in)
			}
			// The resting disc was not moved: the flicked one came to rest against it, and
			// Box2D leaves resting pieces at most its slop apart.
			if st.Pieces[0].Pos == target {
				still++
				if in > slop+1e-9 {
					t.Errorf("offset %.1f cm, stop %.3f cm past the touch: stopped %.4f cm inside an unmoved disc", lateral, past, in)
				}
			}
		}
	}
	if still < flicks/10 {
		t.Errorf("only %d of %d flicks stopped against the unmoved disc: the sweep misses the case", still, flicks)
	}
}
