package flickagobot

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestScores_Engine plays random games and checks, at every position, that the table's
// scores are the engine's and that settling a position the engine reached removes nothing.
func TestScores_Engine(t *testing.T) {
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for game := range uint64(5) {
		g.Reset(rand.New(rand.NewPCG(game, 9)))
		for !g.Over() {
			st := g.State()
			tb := tableOf(&st)
			before := tb.on
			settle(g.Board(), g.Radius(), &tb)
			if tb.on != before {
				t.Fatalf("game %d turn %d: settle removed pieces of an engine position", game, g.Turns())
			}
			if got, want := scores(g.Board(), g.Radius(), &tb), g.Points(); got != want {
				t.Fatalf("game %d turn %d: scores %v, engine %v", game, g.Turns(), got, want)
			}
			checked++
			if err := g.Apply(Random{}.Choose(g, rng), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions", checked)
	}
}

// TestSettle checks the end-of-turn rules on literal tables.
func TestSettle(t *testing.T) {
	b := flickago.StandardBoard()
	r := flickago.Pieces.Spec(flickago.KindGangDisc).Radius
	type piece struct {
		i    int
		x, y float64
	}
	tests := []struct {
		name   string
		pieces []piece
		gone   []int
	}{
		{"OffTheBoard", []piece{{discPiece(0, 0), -1.6, 30}, {discPiece(0, 1), -1.4, 30}}, []int{discPiece(0, 0)}},
		{"EnemyHQ", []piece{{discPiece(0, 0), 20, 63}, {discPiece(1, 0), 20, 63}}, []int{discPiece(0, 0)}},
		{"OwnHQ", []piece{{discPiece(0, 0), 20, 5}}, nil},
		{"Capture", []piece{{discPiece(0, 7), 40, 54}, {discPiece(1, 3), 41, 58}, {inspectorPiece(1), 40, 49}}, []int{discPiece(0, 7), discPiece(1, 3), inspectorPiece(1)}},
		{"InspectorAlone", []piece{{inspectorPiece(1), 40, 54}}, nil},
		{"InspectorOff", []piece{{inspectorPiece(0), 24, 74}}, []int{inspectorPiece(0)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tb table
			for _, p := range tc.pieces {
				tb.move(p.i, physics.Vec{X: p.x, Y: p.y})
				tb.on[p.i] = true
			}
			settle(&b, r, &tb)
			want := map[int]bool{}
			for _, i := range tc.gone {
				want[i] = true
			}
			for _, p := range tc.pieces {
				if tb.on[p.i] == want[p.i] {
					t.Errorf("piece %d at (%g, %g): on %v, want %v", p.i, p.x, p.y, tb.on[p.i], !want[p.i])
				}
			}
		})
	}
}

// TestWorth checks the shape of the evaluation: a finished game is worth the win, a lead is
// worth more as the end nears, and the worth grows with the lead.
func TestWorth(t *testing.T) {
	tests := []struct {
		name string
		got  float64
		want func(float64) bool
	}{
		{"Won", worth(3, true, 0), func(v float64) bool { return v == winWorth+3*marginWorth+endWorth }},
		{"EndTheWin", worth(20, true, 0), func(v float64) bool { return v > worth(25, false, 0) }},
		{"Lost", worth(-1, true, 0), func(v float64) bool { return v == -winWorth-marginWorth }},
		{"Drawn", worth(0, true, 0), func(v float64) bool { return v == 0 }},
		{"LateLead", worth(6, false, 1), func(v float64) bool { return v > 0.8*winWorth }},
		{"EarlyLead", worth(6, false, 30), func(v float64) bool { return v > 0 && v < 0.6*winWorth }},
	}
	for _, tc := range tests {
		if !tc.want(tc.got) {
			t.Errorf("%s: worth %g", tc.name, tc.got)
		}
	}
	for n := range 40 {
		for x := -20.0; x < 20; x++ {
			if worth(x+1, false, n) <= worth(x, false, n) {
				t.Fatalf("worth(%g, %d) ≥ worth(%g, %d)", x, n, x+1, n)
			}
		}
	}
}

// TestModel_Slide flicks a lone disc and a head-on knock on the physics, without noise, and
// checks the model's predictions: the lone disc stops within 2% (and 0.2 cm) of the predicted
// spot, the knocked disc within a quarter of its predicted push.
func TestModel_Slide(t *testing.T) {
	cfg := flickago.DefaultConfig()
	cfg.Physics.Noise = physics.Noise{}
	b, r := cfg.Board, flickago.Pieces.Spec(flickago.KindGangDisc).Radius
	tests := []struct {
		name   string
		target *physics.Vec // a disc of the opponent in the way, or nil
		dist   float64      // the distance asked of the flicked disc, or of the push
	}{
		{"Stop10", nil, 10},
		{"Stop30", nil, 30},
		{"Stop55", nil, 55},
		{"Push8", &physics.Vec{X: 24, Y: 30}, 8},
		{"Push20", &physics.Vec{X: 24, Y: 30}, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := flickago.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			g.Reset(nil)
			st := g.State()
			st.Current = flickago.White
			if tc.target != nil {
				st.Discs[1][0] = flickago.Disc{Place: flickago.OnBoard, Pos: *tc.target}
			}
			if err := g.SetState(st); err != nil {
				t.Fatal(err)
			}
			st = g.State()
			base := tableOf(&st)
			start := b.Points[0][2].Pos // (24, 5)
			src := discPiece(0, 0)
			base.move(src, start)
			base.on[src] = true
			m := newModel(&b, r, cfg.Physics, &base)
			v := physics.Vec{Y: stopSpeed(tc.dist, cfg.Physics)}
			moved := src
			if tc.target != nil {
				moved = discPiece(1, 0)
				v = m.knock(start, *tc.target, physics.Vec{Y: 1}, tc.dist)
			}
			var pred table
			m.predict(&pred, src, v)
			var res flickago.Result
			err = g.Apply(flickago.FlickFrom(2, v), &res)
			if err != nil {
				t.Fatal(err)
			}
			got := g.State().Discs[moved/flickago.NumDiscs][moved%flickago.NumDiscs].Pos
			if moved == src {
				got = g.State().Discs[0][res.Flicked].Pos
			}
			want := pred.pos[moved]
			from := start
			if tc.target != nil {
				from = *tc.target
			}
			tol := 0.02*tc.dist + 0.2
			if tc.target != nil {
				tol = 0.25 * tc.dist
			}
			if e := got.Sub(want).Len(); e > tol || math.IsNaN(e) {
				t.Errorf("piece %d at %v, predicted %v (%.1f cm from %v, asked %.0f): error %.2f cm > %.2f", moved, got, want, got.Sub(from).Len(), from, tc.dist, e, tol)
			}
		})
	}
}

// TestSettleScores_Sums checks that settling a table from its model's sums (the moved pieces
// read again) gives the points and the table of settling it piece by piece: on the flicks the
// aimer's search keeps, turned by execution errors, and on tables where one to three pieces
// of the model's position are moved at random, often into a return zone (captures), off the
// board or into a headquarters (pieces gone), in positions of random play.
func TestSettleScores_Sums(t *testing.T) {
	g, err := flickago.New(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	b, r := g.Board(), g.Radius()
	var checked, captured, gone int
	check := func(fast table) {
		t.Helper()
		slow := fast
		slow.sums = nil
		on := fast.on
		got, want := settleScores(b, r, &fast), settleScores(b, r, &slow)
		fast.sums = nil
		if got != want || fast != slow {
			t.Fatalf("turn %d: points %v from the sums, %v piece by piece (tables equal: %v)", g.Turns(), got, want, fast == slow)
		}
		checked++
		for i := range numPieces {
			if on[i] && !fast.on[i] {
				if fast.facts[i].gone {
					gone++
				} else {
					captured++
				}
			}
		}
	}
	spot := func() physics.Vec {
		switch rng.IntN(4) {
		case 0: // a return zone
			z := b.Return[rng.IntN(2)]
			return z.Centre.Add(physics.Vec{X: (rng.Float64() - 0.5) * 2 * z.Radius, Y: (rng.Float64() - 0.5) * 2 * z.Radius})
		case 1: // a headquarters
			hq := b.HQ[rng.IntN(2)]
			return physics.Vec{X: hq.Min.X + rng.Float64()*(hq.Max.X-hq.Min.X), Y: hq.Min.Y + rng.Float64()*(hq.Max.Y-hq.Min.Y)}
		}
		return physics.Vec{X: -5 + rng.Float64()*(b.Width+10), Y: -5 + rng.Float64()*(b.Length+10)}
	}
	for game := range uint64(2) {
		g.Reset(rand.New(rand.NewPCG(game, 10)))
		for !g.Over() && g.Turns() < 60 {
			if g.Phase() == flickago.PhaseFlick {
				an := analyse(g, aimerSearch)
				for _, s := range an.sources {
					if s.m.base.sums == nil {
						t.Fatalf("game %d turn %d: a model of a settled position without sums", game, g.Turns())
					}
					for range 20 {
						tb := s.m.base
						for range 1 + rng.IntN(3) {
							if i := rng.IntN(numPieces); tb.on[i] {
								tb.move(i, spot())
							}
						}
						check(tb)
					}
				}
				for _, c := range an.ranked {
					s := &an.sources[c.src]
					for _, np := range noisePoints(g.Config().Physics.Noise, 3, 3) {
						var tb table
						s.m.predict(&tb, s.piece, turn(c.act.Velocity, 3*np.da, np.dp))
						check(tb)
					}
				}
			}
			if err := g.Apply(Random{}.Choose(g, rng), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d tables, %d pieces gone, %d captured", checked, gone, captured)
	if checked < 10000 || gone == 0 || captured == 0 {
		t.Errorf("%d tables, %d pieces gone, %d captured: want 10,000, and some of each", checked, gone, captured)
	}
}
