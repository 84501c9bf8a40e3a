package flickago_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// TestConformance runs the env conformance suite on flickago-v3.
func TestConformance(t *testing.T) {
	envtest.Run(t, flickago.Factory)
}

// TestRegister checks the explicit registration under flickago-v3 and the options.
func TestRegister(t *testing.T) {
	r := env.NewRegistry()
	if err := flickago.Register(r); err != nil {
		t.Fatal(err)
	}
	if got := r.IDs(); !slices.Equal(got, []string{"flickago-v3"}) {
		t.Errorf("IDs = %v", got)
	}
	g, err := r.New(flickago.ID, env.Options{"angle_sd": "0", "power_sd": "0", "first_player": "1", "max_turns": "50"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	cfg := g.(*flickago.Env).Engine().Config()
	if cfg.Physics.Noise != (physics.Noise{}) || cfg.FirstPlayer != 1 || cfg.MaxTurns != 50 || g.CurrentPlayer() != 1 {
		t.Errorf("options not applied: noise %+v, first %d, max turns %d, current %d", cfg.Physics.Noise, cfg.FirstPlayer, cfg.MaxTurns, g.CurrentPlayer())
	}
	for _, bad := range []env.Options{{"first_player": "2"}, {"max_turns": "0"}, {"angle_sd": "-1"}, {"power_sd": "x"}, {"noise": "1"}} {
		if _, err := flickago.Factory(bad); err == nil {
			t.Errorf("Factory(%v) accepted", bad)
		}
	}
}

// TestEnv_Egocentric checks that the observation and the actions are egocentric: a position
// and its half turn with the gangs exchanged look the same to the other player, and the same
// native action plays the turned move.
func TestEnv_Egocentric(t *testing.T) {
	newEnv := func() *flickago.Env {
		cfg := flickago.DefaultConfig()
		cfg.Physics.Noise = physics.Noise{}
		e, err := flickago.NewEnv(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_ = e.Reset(nil)
		return e
	}
	white, black := newEnv(), newEnv()
	// Inspectors keep their ids: inspector i lies at the half turn of its place.
	s := setup{discs: []at{{p: 0, d: 0, x: 20, y: 50}, {p: 0, d: 8, x: 40, y: 54}, {p: 1, d: 2, x: 30, y: 12}, {p: 1, d: 11, x: 5, y: 40, flipped: true}},
		gone: gang(1, 4), insp: []ins{{i: 0, x: 12, y: 30}}}
	turned := setup{insp: []ins{{i: 0, x: 36, y: 42}, {i: 2, x: 10, y: 36}, {i: 1, x: 24, y: 36}}, current: 1, gone: gang(0, 4)}
	for _, a := range s.discs {
		b := flickago.StandardBoard()
		q := b.Turn(physics.Vec{X: a.x, Y: a.y})
		turned.discs = append(turned.discs, at{p: 1 - a.p, d: a.d, x: q.X, y: q.Y, flipped: a.flipped})
	}
	if err := white.Engine().SetState(s.state(white.Engine())); err != nil {
		t.Fatal(err)
	}
	if err := black.Engine().SetState(turned.state(black.Engine())); err != nil {
		t.Fatal(err)
	}
	spec := white.Spec()
	ow, ob := make([]float32, spec.ObsSize()), make([]float32, spec.ObsSize())
	white.Observe(ow, 0)
	black.Observe(ob, 1)
	for i := range ow {
		if d := ow[i] - ob[i]; d > 1e-6 || d < -1e-6 {
			t.Fatalf("observation %d: White sees %g, Black in the turned position %g", i, ow[i], ob[i])
		}
	}
	mw, mb := make([]bool, spec.MaskSize()), make([]bool, spec.MaskSize())
	white.Mask(mw)
	black.Mask(mb)
	if !slices.Equal(mw, mb) {
		t.Fatalf("masks differ: %v vs %v", mw, mb)
	}
	// Return disc 8, flick a killer from start point 2 forward and to the left.
	a := spec.NewAction()
	a.Discrete[0], a.Discrete[1], a.Continuous[0], a.Continuous[1] = 9, 2, -20, 150
	for _, e := range []*flickago.Env{white, black} {
		if err := e.Validate(a); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	ws, bs := white.Engine().State(), black.Engine().State()
	if d := ws.Discs[0]; d[8].Place != flickago.InReserve || d[1].Place != flickago.OnBoard || d[1].Pos.Y < 20 || d[1].Pos.X > 24 {
		t.Fatalf("White's turn: disc 8 %+v (want returned), disc 1 %+v (want flicked forward and left)", d[8], d[1])
	}
	b := flickago.StandardBoard()
	for d := range flickago.NumDiscs {
		w, k := ws.Discs[0][d], bs.Discs[1][d]
		if w.Place != k.Place || w.Flipped != k.Flipped || (w.Place == flickago.OnBoard && b.Turn(w.Pos).Sub(k.Pos).Len() > 1e-6) {
			t.Errorf("disc %d: White's %+v, Black's turned %+v", d, w, k)
		}
	}
}

// TestEnv_EncodeDecode checks that every legal engine action survives EncodeAction and DecodeAction, and
// that the mask allows exactly the heads of the legal actions.
func TestEnv_EncodeDecode(t *testing.T) {
	e := defaultEnv(t)
	spec := e.Spec()
	rng := rand.New(rand.NewPCG(5, 5))
	_ = e.Reset(rand.New(rand.NewPCG(5, 6)))
	a := spec.NewAction()
	mask := make([]bool, spec.MaskSize())
	for steps := 0; steps < 400; steps++ {
		if e.Engine().Over() {
			_ = e.Reset(rand.New(rand.NewPCG(uint64(steps), 6)))
		}
		g, p := e.Engine(), e.CurrentPlayer()
		e.Mask(mask)
		want := make([]bool, len(mask))
		for _, la := range g.Legal(nil) {
			la = la.WithVelocity(physics.Vec{X: 12.5, Y: -40})
			if err := e.EncodeAction(a, la); err != nil {
				t.Fatalf("EncodeAction(%v): %v", la, err)
			}
			if err := spec.Check(a, mask); err != nil {
				t.Fatalf("encoded %v fails Check: %v", la, err)
			}
			got, err := e.DecodeAction(a)
			if err != nil {
				t.Fatalf("player %d: DecodeAction(%v): %v", p, a, err)
			}
			if la.Type == flickago.ActPlace {
				la.Velocity = physics.Vec{}
			}
			if got != la {
				t.Fatalf("player %d: %v encodes and decodes to %v", p, la, got)
			}
			for h := range spec.Heads {
				want[spec.MaskOffset(h)+int(a.Discrete[h])] = true
			}
		}
		if !slices.Equal(mask, want) {
			t.Fatalf("mask %v, legal actions give %v", mask, want)
		}
		if _, err := e.Step(encodeRandom(e, rng)); err != nil {
			t.Fatal(err)
		}
	}
}

// encodeRandom returns a random legal native action of e's current player.
func encodeRandom(e *flickago.Env, rng *rand.Rand) env.Action {
	a := e.Spec().NewAction()
	if err := e.EncodeAction(a, randomAction(e.Engine(), rng, nil)); err != nil {
		panic(err)
	}
	return a
}

// TestEnv_Validate checks that joint-rule refusals name the head at fault.
func TestEnv_Validate(t *testing.T) {
	e := defaultEnv(t)
	_ = e.Reset(rand.New(rand.NewPCG(1, 1)))
	a := e.Spec().NewAction()
	tests := []struct {
		name       string
		ret, src   int32
		star       int32
		wantField  string
		wantReason string
	}{
		{"return a disc in reserve", 3, 0, 0, `discrete[0] "return"`, "not on the board"},
		{"flick a family disc in reserve", 0, 6, 0, `discrete[1] "source"`, "face-up family disc"},
		{"star head in the flick phase", 0, 0, 1, `discrete[2] "star"`, "must be 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.Discrete[0], a.Discrete[1], a.Discrete[2] = tt.ret, tt.src, tt.star
			err := e.Validate(a)
			var ae *env.ActionError
			if !errors.As(err, &ae) || ae.Field != tt.wantField || !strings.Contains(ae.Reason, tt.wantReason) {
				t.Errorf("Validate = %v, want field %s and reason containing %q", err, tt.wantField, tt.wantReason)
			}
		})
	}
}

func TestEnv_SeatNames(t *testing.T) {
	e := defaultEnv(t)
	if got := env.SeatNames(e); !slices.Equal(got, []string{"white", "black"}) {
		t.Errorf("seat names %q, want white, black", got)
	}
}
