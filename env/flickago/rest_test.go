package flickago_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// seed1805 is the position before the 25th action of TestGame_RandomPlay's seed 1805, White
// to flick, and the flick it drew (after execution noise): a family disc from point 1 (18, 5)
// that knocks White's flipped family disc 7 into killer 3 and comes to rest beside disc 7,
// both stopped by table friction in the same step.
func seed1805(t *testing.T, g *flickago.Game) flickago.Action {
	t.Helper()
	st := g.State()
	on := func(x, y, angle float64) flickago.Disc {
		return flickago.Disc{Place: flickago.OnBoard, Pos: physics.Vec{X: x, Y: y}, Angle: angle}
	}
	out := flickago.Disc{Place: flickago.Eliminated}
	st.Discs[flickago.White] = [flickago.NumDiscs]flickago.Disc{
		out,
		on(13.522129667781726, 17.274319581152085, 0),
		out,
		on(10.227421720914418, 11.799212692927586, -0.008377270283852021),
		on(9.29730971004404, 7.51948563925011, 0.2353585374502365),
		on(22.083931908837684, 31.445605925719995, -0.01629423967242491),
		on(40.467970237833576, 2.391604195038605, 1.6027611649345619),
		{Place: flickago.OnBoard, Pos: physics.Vec{X: 12.546136200112304, Y: 9.706252916526608}, Angle: 0.3516285626293898, Flipped: true},
		out,
		on(17.814615094959635, 14.571640258671351, 1.0603291868477163),
		{}, {}, // in reserve
	}
	st.Discs[flickago.Black] = [flickago.NumDiscs]flickago.Disc{
		on(29.891875087746307, 30.38538091545174, -0.46805380924020085),
		on(0.9186182828275449, 54.03166020161932, 0),
		out,
		on(19.089987149357356, 71.29240160109538, 0),
		on(24.480159921321835, 66.43730484037711, 0),
		{}, {}, // in reserve
		out, out, out, out, out,
	}
	st.Inspectors[1] = flickago.Inspector{Pos: physics.Vec{X: 22.207494784314676, Y: 39.07749962785209}, Angle: -0.48434804891263467}
	st.Phase, st.Current, st.LastFlicker, st.Turns = flickago.PhaseFlick, flickago.White, flickago.Black, 24
	if err := g.SetState(st); err != nil {
		t.Fatalf("SetState: %v", err)
	}
	return flickago.FlickFrom(1, physics.Vec{X: -86.76630749239663, Y: 72.3926353744305})
}

// TestGame_FlickRestsApart replays the flick of random-play seed 1805 that left two of
// White's discs resting 0.034 cm inside each other: the flicked disc slid into disc 7 in the
// step in which table friction stopped both, and the physics put both to sleep on a contact
// flag computed before that step. A flick must end with every pair of pieces apart (to
// Box2D's resting slack), so the position after it is valid.
func TestGame_FlickRestsApart(t *testing.T) {
	g := newGame(t)
	a := seed1805(t, g)
	var res flickago.Result
	if err := g.Apply(a, &res); err != nil {
		t.Fatalf("Apply(%v): %v", a, err)
	}
	if res.Flicked != 10 || len(res.Eliminated) != 0 {
		t.Fatalf("flicked disc %d, eliminated %v: not the replayed turn", res.Flicked, res.Eliminated)
	}
	st := g.State()
	d7, d10 := st.Discs[flickago.White][7], st.Discs[flickago.White][10]
	if d7.Place != flickago.OnBoard || d10.Place != flickago.OnBoard {
		t.Fatalf("discs 7 and 10: %v and %v, want both on the board", d7.Place, d10.Place)
	}
	// Box2D leaves resting pieces up to its slop (0.005 cm) inside each other; the engine's
	// validation allows 0.02 cm.
	if gap := d7.Pos.Sub(d10.Pos).Len() - 2*g.Radius(); gap < -0.01 {
		t.Errorf("discs 7 at %v and 10 at %v rest %.4f cm inside each other", d7.Pos, d10.Pos, -gap)
	}
	if err := g.Validate(); err != nil {
		t.Errorf("position after the flick: %v", err)
	}
}
