package flickemup_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestConformance runs the env conformance suite on every scenario's env game.
func TestConformance(t *testing.T) {
	for _, in := range flickemup.List() {
		t.Run(in.Name, func(t *testing.T) {
			envtest.Run(t, flickemup.ScenarioFactory(in.Name))
		})
	}
}

// TestConformance_Options runs the suite with options that change the game: nearly perfect
// flicks, five players, no shaping, and a decision cap that truncates every episode.
func TestConformance_Options(t *testing.T) {
	envtest.RunConfig(t, flickemup.ScenarioFactory("bank-job"), envtest.Config{
		Options: env.Options{"angle_sd": "0.01", "power_sd": "0", "players": "5", "max_decisions": "40", "shaping": "none"},
		NumEnvs: 3,
	})
}

// TestRegister checks the ids, the default, and the options.
func TestRegister(t *testing.T) {
	r := env.NewRegistry()
	if err := flickemup.Register(r); err != nil {
		t.Fatal(err)
	}
	// One id per scenario, each with the version its file declares.
	var want []string
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf("flickemup/%s-v%d", in.Name, sc.Version))
	}
	if len(want) != 6 {
		t.Errorf("%d scenarios, want 6: %v", len(want), want)
	}
	if got := r.IDs(); !slices.Equal(got, want) {
		t.Errorf("IDs = %v, want %v", got, want)
	}
	if flickemup.ScenarioID(flickemup.DefaultScenario) != flickemup.ID {
		t.Errorf("ScenarioID(%q) = %q, want ID %q", flickemup.DefaultScenario, flickemup.ScenarioID(flickemup.DefaultScenario), flickemup.ID)
	}
	if err := flickemup.Register(r); err == nil {
		t.Errorf("second Register succeeded")
	}
	def, err := flickemup.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := def.Spec().ID; got != flickemup.ID {
		t.Errorf("Factory's game is %s, want %s", got, flickemup.ID)
	}

	g, err := r.New(flickemup.ScenarioID("pardon"), env.Options{"angle_sd": "0.1", "power_sd": "0", "max_decisions": "7", "players": "5", "shaping": "none"})
	if err != nil {
		t.Fatal(err)
	}
	e := g.(*flickemup.Env)
	cfg := e.Config()
	if cfg.Scenario != "pardon" || cfg.Options.Noise != (physics.Noise{AngleSD: 0.1}) || cfg.MaxDecisions != 7 ||
		cfg.Options.Players != 5 || cfg.Shaping != flickemup.ShapingNone || e.Engine().Players() != 5 {
		t.Errorf("options not applied: %+v (engine players %d)", cfg, e.Engine().Players())
	}
	if g.Spec().NumPlayers != 2 {
		t.Errorf("NumPlayers = %d with 5 players, want 2 (one seat per team)", g.Spec().NumPlayers)
	}
	for _, bad := range []env.Options{{"angle_sd": "-1"}, {"power_sd": "x"}, {"max_decisions": "0"}, {"players": "11"},
		{"players": "1"}, {"shaping": "gold"}, {"scenario": "pardon"}} {
		if _, err := flickemup.Factory(bad); err == nil {
			t.Errorf("Factory(%v) accepted", bad)
		}
	}
}

// TestSpec_SameShapeEveryScenario checks that every scenario has the same observation layout
// and action space (one network serves them all), sized as the package doc says.
func TestSpec_SameShapeEveryScenario(t *testing.T) {
	var first *env.Spec
	for _, in := range flickemup.List() {
		g, err := flickemup.ScenarioFactory(in.Name)(nil)
		if err != nil {
			t.Fatal(err)
		}
		s := g.Spec()
		if s.ID != flickemup.ScenarioID(in.Name) {
			t.Errorf("spec id %s, want %s", s.ID, flickemup.ScenarioID(in.Name))
		}
		if first == nil {
			first = s
			if s.ObsSize() != 884 || s.MaskSize() != 12+5+2+2+33+2 || len(s.Dims) != 3 {
				t.Errorf("obs %d, mask %d, dims %d; want 884, 56, 3 (update the package doc)", s.ObsSize(), s.MaskSize(), len(s.Dims))
			}
			continue
		}
		a, b := *first, *s
		a.ID, b.ID = "", ""
		if !equalSpecs(a, b) {
			t.Errorf("%s has another shape than %s", s.ID, first.ID)
		}
	}
	limit := 0
	for _, k := range flickemup.TokenKinds() {
		limit += k.Limit()
	}
	if limit != flickemup.MaxTokens {
		t.Errorf("the box holds %d tokens, MaxTokens is %d", limit, flickemup.MaxTokens)
	}
}

// equalSpecs compares two specs by their JSON forms.
func equalSpecs(a, b env.Spec) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// newEnv returns a reset env of scenario text (parsed) with perfect flicks, on the scripted
// table tab if not nil.
func newEnv(t *testing.T, text string, tab flickemup.Table) *flickemup.Env {
	t.Helper()
	cfg := flickemup.DefaultConfig()
	cfg.Custom = mustParse(t, text)
	cfg.Options.Noise = physics.Noise{}
	cfg.Options.Table = tab
	e, err := flickemup.NewEnv(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	return e
}

// step encodes engine action a, checks it against the mask and Validate, and applies it.
func step(t *testing.T, e *flickemup.Env, a flickemup.Action) env.Status {
	t.Helper()
	na := e.Spec().NewAction()
	if err := e.EncodeAction(na, a); err != nil {
		t.Fatalf("EncodeAction(%v): %v", a, err)
	}
	mask := make([]bool, e.Spec().MaskSize())
	e.Mask(mask)
	if err := e.Spec().Check(na, mask); err != nil {
		t.Fatalf("%v encodes to %v, refused by the mask: %v", a, na, err)
	}
	if err := e.Validate(na); err != nil {
		t.Fatalf("%v: Validate: %v", a, err)
	}
	st, err := e.Step(na)
	if err != nil {
		t.Fatalf("%v: Step: %v", a, err)
	}
	return st
}

// symmetric and turned are one position and its half turn about the table's centre (45, 45)
// with the teams exchanged: what the lawmen see in the first, the outlaws must see in the
// second.
const (
	symmetric = `scenario sym
title Symmetric
story A town for tests.
start hour=6
initiative cowboy=lawmen:1
building kind=saloon x=20 y=45 facing=0 door=6 depth=10
prop kind=fence x=75 y=25 angle=20
prop kind=barrel x=60 y=60
cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=lawmen:2 in=saloon hp=2 tokens=colt
cowboy id=outlaws:1 x=50 y=75 facing=250 hp=3
victory last-team-standing
victory noon-hp
`
	turned = `scenario sym
title Symmetric
story A town for tests.
start hour=6
initiative cowboy=outlaws:1
building kind=saloon x=70 y=45 facing=180 door=6 depth=10
prop kind=fence x=15 y=65 angle=200
prop kind=barrel x=30 y=30
cowboy id=outlaws:1 x=50 y=70 facing=270 hp=3
cowboy id=outlaws:2 in=saloon hp=2 tokens=colt
cowboy id=lawmen:1 x=40 y=15 facing=70 hp=3
victory last-team-standing
victory noon-hp
`
)

// TestEnv_Egocentric checks that observations, masks and actions are egocentric: the outlaws
// in the turned position see and play exactly what the lawmen do in the original.
func TestEnv_Egocentric(t *testing.T) {
	law, out := newEnv(t, symmetric, nil), newEnv(t, turned, nil)
	if law.CurrentPlayer() != 0 || out.CurrentPlayer() != 1 {
		t.Fatalf("current players %d and %d, want 0 and 1", law.CurrentPlayer(), out.CurrentPlayer())
	}
	spec := law.Spec()
	compare := func(when string) {
		t.Helper()
		ol, oo := make([]float32, spec.ObsSize()), make([]float32, spec.ObsSize())
		law.Observe(ol, 0)
		out.Observe(oo, 1)
		for i := range ol {
			if math.Abs(float64(ol[i]-oo[i])) > 1e-5 {
				t.Fatalf("%s: observation %d (%s): lawmen see %g, outlaws in the turned position %g", when, i, fieldOf(spec, i), ol[i], oo[i])
			}
		}
		ml, mo := make([]bool, spec.MaskSize()), make([]bool, spec.MaskSize())
		law.Mask(ml)
		out.Mask(mo)
		if !slices.Equal(ml, mo) {
			t.Fatalf("%s: masks differ:\n%v\n%v", when, ml, mo)
		}
	}
	compare("start")
	a := spec.NewAction()
	play := func(kind flickemup.ActionKind, fill func()) {
		t.Helper()
		clear(a.Discrete)
		clear(a.Continuous)
		a.Discrete[0] = int32(kind - 1)
		fill()
		for _, e := range []*flickemup.Env{law, out} {
			if err := e.Validate(a); err != nil {
				t.Fatalf("%v: %v", kind, err)
			}
			if _, err := e.Step(a); err != nil {
				t.Fatal(err)
			}
		}
		compare("after " + kind.String())
	}
	play(flickemup.ActSelect, func() {})
	// Forward and a little to the right, then face the left edge.
	play(flickemup.ActMove, func() { a.Continuous[0], a.Continuous[1], a.Continuous[2] = 20, 90, 3 })
	lc := law.Engine().Cowboy(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1})
	oc := out.Engine().Cowboy(flickemup.CowboyID{Team: flickemup.Outlaws, Number: 1})
	if lc.Pos.Y < 25 || lc.Pos.X < 40 {
		t.Errorf("lawmen:1 moved to %v, want forward (y > 25) and to the right (x > 40)", lc.Pos)
	}
	if d := oc.Pos.Sub(physics.Vec{X: 90 - lc.Pos.X, Y: 90 - lc.Pos.Y}).Len(); d > 1e-6 {
		t.Errorf("outlaws:1 at %v, want the half turn of lawmen:1's %v", oc.Pos, lc.Pos)
	}
	// Shoot from the left with pistols.
	play(flickemup.ActShoot, func() { a.Discrete[2], a.Continuous[0], a.Continuous[1] = 0, -250, 40 })
}

// fieldOf names the observation field holding index i.
func fieldOf(s *env.Spec, i int) string {
	for _, f := range s.Obs {
		if i < f.Size {
			return f.Name
		}
		i -= f.Size
	}
	return "?"
}

// obsField returns the values of field name in obs.
func obsField(t *testing.T, s *env.Spec, obs []float32, name string) []float32 {
	t.Helper()
	i := 0
	for _, f := range s.Obs {
		if f.Name == name {
			return obs[i : i+f.Size]
		}
		i += f.Size
	}
	t.Fatalf("no field %q", name)
	return nil
}

// TestEnv_Observation checks chosen values of the showdown's first observation from each seat.
func TestEnv_Observation(t *testing.T) {
	g, err := flickemup.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatal(err)
	}
	s := g.Spec()
	near := func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-6 }
	for seat := range 2 {
		obs := make([]float32, s.ObsSize())
		g.Observe(obs, seat)
		f := func(name string) []float32 { return obsField(t, s, obs, name) }
		// Each team's cowboys stand 8 cm from its edge, numbered from x = 29 to 61 cm, facing
		// the opponent: the outlaws' 1 is on their right-hand side.
		ownX, oppX := float32(29.0/90), float32(61.0/90)
		if seat == 1 {
			ownX, oppX = oppX, ownX
		}
		tests := []struct {
			name string
			got  float32
			want float32
		}{
			{"clock hour", f("clock")[0], 0.5},
			{"clock blue", f("clock")[1], 0},
			{"phase select", f("phase")[0], 1},
			{"to_move", f("to_move")[0], float32(1 - seat)},
			{"initiative", f("initiative")[5*seat], 1}, // lawmen:1: own for seat 0, the 6th for seat 1
			{"own x", f("x")[0], ownX},
			{"own y", f("y")[0], 8.0 / 90},
			{"own facing sin", f("facing_sin")[0], 1},
			{"opponent 5 x", f("x")[9], oppX},
			{"opponent 5 y", f("y")[9], 82.0 / 90},
			{"hp", f("hp")[3], 3.0 / 5},
			{"available", f("available")[7], 1},
			{"saloon present", f("building")[2*7], 1},
			{"saloon depth", f("building")[2*7+5], 10.0 / 25},
			{"barrel 1 present", f("prop")[0], 1},
			{"barrel 1 kind", f("prop")[1], 1},
			{"no gallows", f("prop")[5], 0},
			{"no neutral", f("neutral")[0], 0},
			{"token 0 is a Colt", f("token")[2], 1},
			{"token 0 face up", f("token")[8], 0},
			{"no token 1", f("token")[9+2], 0},
		}
		for _, tt := range tests {
			if !near(tt.got, tt.want) {
				t.Errorf("seat %d: %s = %g, want %g", seat, tt.name, tt.got, tt.want)
			}
		}
		// The saloon's door (70, 70), facing west, is at (20, 20) for the outlaws.
		b := f("building")[2*7:]
		mid := [2]float32{(b[1] + b[3]) / 2 * 90, (b[2] + b[4]) / 2 * 90}
		want := [2]float32{70, 70}
		if seat == 1 {
			want = [2]float32{20, 20}
		}
		if math.Abs(float64(mid[0]-want[0])) > 1e-4 || math.Abs(float64(mid[1]-want[1])) > 1e-4 {
			t.Errorf("seat %d: saloon door middle at %v cm, want %v", seat, mid, want)
		}
	}
}

// TestEnv_EncodeDecode plays random games of every scenario and checks at every decision that
// each legal engine action, with random flick parameters, encodes to a native action the mask
// and Validate accept and decodes back to itself, and that the mask is exactly what the
// encoded legal actions use.
func TestEnv_EncodeDecode(t *testing.T) {
	decisions := 300
	if testing.Short() {
		decisions = 120
	}
	for _, in := range flickemup.List() {
		t.Run(in.Name, func(t *testing.T) {
			g, err := flickemup.ScenarioFactory(in.Name)(nil)
			if err != nil {
				t.Fatal(err)
			}
			e := g.(*flickemup.Env)
			s := e.Spec()
			rng := rand.New(rand.NewPCG(11, 12))
			_ = e.Reset(rand.New(rand.NewPCG(1, 1)))
			na := s.NewAction()
			mask := make([]bool, s.MaskSize())
			for d := 0; d < decisions; d++ {
				if e.Engine().Over() {
					_ = e.Reset(rand.New(rand.NewPCG(uint64(d), 1)))
				}
				e.Mask(mask)
				want := make([]bool, len(mask))
				var legal []flickemup.Action
				for _, la := range e.Engine().Legal(nil) {
					switch la.Kind {
					case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
						la.Velocity = physics.Polar(rng.Float64()*300, rng.Float64()*2*math.Pi)
					}
					if la.Kind == flickemup.ActMove {
						la.Facing = rng.Float64()*2*math.Pi - math.Pi
					}
					legal = append(legal, la)
					if err := e.EncodeAction(na, la); err != nil {
						t.Fatalf("decision %d: EncodeAction(%v): %v", d, la, err)
					}
					if err := s.Check(na, mask); err != nil {
						t.Fatalf("decision %d: %v encodes to %v, refused: %v", d, la, na, err)
					}
					if err := e.Validate(na); err != nil {
						t.Fatalf("decision %d: %v encodes to %v, not valid: %v", d, la, na, err)
					}
					got, err := e.DecodeAction(na)
					if err != nil {
						t.Fatalf("decision %d: DecodeAction(%v): %v", d, na, err)
					}
					if got.Velocity.Sub(la.Velocity).Len() > 1e-3 || math.Abs(math.Remainder(got.Facing-la.Facing, 2*math.Pi)) > 1e-5 {
						t.Fatalf("decision %d: %v decodes to %v", d, la, got)
					}
					got.Velocity, got.Facing = la.Velocity, la.Facing
					if got != la {
						t.Fatalf("decision %d: %v decodes to %v", d, la, got)
					}
					markUsed(want, s, na, la, e.Engine().Phase())
				}
				for h := range s.Heads {
					o := s.MaskOffset(h)
					if !slices.Contains(want[o:o+s.Heads[h].N], true) {
						want[o] = true
					}
				}
				if !slices.Equal(mask, want) {
					t.Fatalf("decision %d (%v): mask\n%v\nlegal actions give\n%v", d, e.Engine().Phase(), mask, want)
				}
				if _, err := e.Step(encoded(e, legal[rng.IntN(len(legal))])); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// markUsed marks in mask the kind of native action na and the heads engine action la uses in
// phase ph.
func markUsed(mask []bool, s *env.Spec, na env.Action, la flickemup.Action, ph flickemup.Phase) {
	mark := func(h int) { mask[s.MaskOffset(h)+int(na.Discrete[h])] = true }
	mark(0)
	switch la.Kind {
	case flickemup.ActSelect:
		mark(1)
	case flickemup.ActShoot:
		if ph == flickemup.PhaseAct { // the second shot names neither weapon nor side
			mark(3)
			if !la.Rifle {
				mark(2)
			}
		}
	case flickemup.ActDuel:
		mark(1)
		mark(2)
	case flickemup.ActThrow:
		mark(2)
	case flickemup.ActTake:
		mark(4)
	case flickemup.ActExchange:
		mark(4)
		mark(5)
	case flickemup.ActDrop, flickemup.ActDrink, flickemup.ActKeep:
		mark(5)
	}
}

// encoded returns engine action a encoded for e, legal or not.
func encoded(e *flickemup.Env, a flickemup.Action) env.Action { return flickemup.EncodeUnchecked(e, a) }

// TestEnv_DefaultAction checks the default action of each phase: the first available cowboy,
// end turn, leave a revealed token, and flick the second bullet.
func TestEnv_DefaultAction(t *testing.T) {
	cowboys := `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3 tokens=colt
cowboy id=lawmen:2 in=saloon hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
cowboy id=outlaws:2 x=60 y=70 facing=270 hp=3
`
	tab := &scripted{t: t, steps: []script{{To: v(5, 20)}, {To: v(75, 20)}}}
	e := newEnv(t, town(cowboys, "token kind=gold in=saloon face=down count=2"), tab)
	s := e.Spec()
	def := func(want flickemup.Action) {
		t.Helper()
		a := s.NewAction()
		e.DefaultAction(a)
		mask := make([]bool, s.MaskSize())
		e.Mask(mask)
		if err := s.Check(a, mask); err != nil {
			t.Fatalf("default %v refused: %v", a, err)
		}
		if err := e.Validate(a); err != nil {
			t.Fatalf("default %v invalid: %v", a, err)
		}
		if got, err := e.DecodeAction(a); err != nil || got != want {
			t.Fatalf("in phase %v the default action is %v, want %v", e.Engine().Phase(), got, want)
		}
		if _, err := e.Step(a); err != nil {
			t.Fatal(err)
		}
	}
	def(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}) // forced: the initiative
	step(t, e, flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: v(-100, 0)})
	if ph := e.Engine().Phase(); ph != flickemup.PhaseSecondShot {
		t.Fatalf("after a two-pistol shot the phase is %v", ph)
	}
	def(flickemup.Action{Kind: flickemup.ActShoot})
	def(flickemup.Action{Kind: flickemup.ActEndTurn})
	def(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}) // the outlaws' first available
	def(flickemup.Action{Kind: flickemup.ActEndTurn})
	step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 2})
	take := flickemup.Action{Kind: flickemup.ActTake, Token: -1}
	for _, a := range e.Engine().Legal(nil) {
		if a.Kind == flickemup.ActTake {
			take = a
		}
	}
	step(t, e, take)
	if ph := e.Engine().Phase(); ph != flickemup.PhaseReveal {
		t.Fatalf("after drawing a face-down token the phase is %v", ph)
	}
	obs := make([]float32, s.ObsSize())
	e.Observe(obs, 0)
	if r := obsField(t, s, obs, "revealed"); r[int(flickemup.TokenGold)-1] != 1 {
		t.Errorf("revealed = %v, want gold", r)
	}
	def(flickemup.Action{Kind: flickemup.ActLeave})
	if c := e.Engine().Cowboy(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 2}); c.Inventory != [2]int{-1, -1} {
		t.Errorf("inventory %v after leaving the token", c.Inventory)
	}
}

// TestEnv_Validate checks that a combination the factorised mask allows but the rules forbid
// is refused with an *env.ActionError, and that the state does not change.
func TestEnv_Validate(t *testing.T) {
	cowboys := `cowboy id=lawmen:1 in=saloon hp=3 tokens=water:clean,gold
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
`
	e := newEnv(t, town(cowboys), nil)
	step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
	s := e.Spec()
	mask := make([]bool, s.MaskSize())
	e.Mask(mask)
	// Drop is legal from both slots, drink from slot 0 only: drink slot 1 passes the mask.
	drink1 := encoded(e, flickemup.Action{Kind: flickemup.ActDrink, Slot: 1})
	if err := s.Check(drink1, mask); err != nil {
		t.Fatalf("the mask refuses drink slot 1: %v", err)
	}
	before := e.Hash()
	err := e.Validate(drink1)
	var ae *env.ActionError
	if !errors.As(err, &ae) || !errors.Is(err, env.ErrIllegalAction) || ae.Field != "action" || !strings.Contains(ae.Reason, "no water") {
		t.Errorf("Validate(drink slot 1) = %v, want an *env.ActionError about water", err)
	}
	if e.Hash() != before {
		t.Errorf("Validate changed the state")
	}
	// Heads the kind does not use are ignored.
	end := encoded(e, flickemup.Action{Kind: flickemup.ActEndTurn})
	end.Discrete[5], end.Discrete[2] = 1, 1
	if err := e.Validate(end); err != nil {
		t.Errorf("end turn with other heads set: %v", err)
	}
}

// TestEnv_OutcomeAndShaping plays a scripted showdown of one cowboy a side: a hit, then a
// kill, and checks the status, the outcome and the shaping rewards.
func TestEnv_OutcomeAndShaping(t *testing.T) {
	cowboys := `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=2
`
	tab := &scripted{t: t}
	e := newEnv(t, town(cowboys), tab)
	o1 := piece(t, e.Engine(), "outlaws:1")
	hit := script{To: v(40, 67), Touch: []touch{{Piece: o1}}, Falls: []physics.Fall{{Piece: o1, By: -1}}}
	tab.steps = []script{hit, {To: v(41, 30)}, hit}
	shaping := func() [2]float32 {
		var d [2]float32
		e.Shaping(d[:])
		return d
	}
	step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
	if got := shaping(); got != [2]float32{} {
		t.Errorf("shaping after a select = %v", got)
	}
	shoot := flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideRight, Velocity: v(0, 200)}
	step(t, e, shoot)
	// One hit point of the outlaws out of the larger team's 3.
	if got := shaping(); math.Abs(float64(got[0]-1.0/3)) > 1e-6 || got[1] != -got[0] {
		t.Errorf("shaping after a hit = %v, want [1/3 -1/3]", got)
	}
	step(t, e, flickemup.Action{Kind: flickemup.ActEndTurn})
	step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
	step(t, e, flickemup.Action{Kind: flickemup.ActMove, Velocity: v(0, -50)})
	step(t, e, flickemup.Action{Kind: flickemup.ActEndTurn})
	// Hour 7: the hats flipped to blue; the lawmen open with the initiative again.
	step(t, e, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1})
	if st := step(t, e, shoot); st != env.Terminated {
		t.Fatalf("status after the kill = %v, want terminated", st)
	}
	out := make([]float32, 2)
	e.Outcome(out)
	if !slices.Equal(out, []float32{1, -1}) {
		t.Errorf("outcome %v, want [1 -1] (%s)", out, e.Engine().Result().Reason)
	}

	none := flickemup.DefaultConfig()
	none.Shaping = flickemup.ShapingNone
	ne, err := flickemup.NewEnv(none)
	if err != nil {
		t.Fatal(err)
	}
	_ = ne.Reset(rand.New(rand.NewPCG(1, 1)))
	d := []float32{5, 5}
	ne.Shaping(d)
	if !slices.Equal(d, []float32{0, 0}) {
		t.Errorf("shaping none = %v", d)
	}
}

// TestEnv_Truncation checks that the decision cap truncates, and that the observation says how
// close it is.
func TestEnv_Truncation(t *testing.T) {
	g, err := flickemup.Factory(env.Options{"max_decisions": "4"})
	if err != nil {
		t.Fatal(err)
	}
	e := g.(*flickemup.Env)
	_ = e.Reset(rand.New(rand.NewPCG(1, 1)))
	a := e.Spec().NewAction()
	for d := 1; d <= 4; d++ {
		e.DefaultAction(a)
		st, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]env.Status{false: env.Running, true: env.Truncated}[d == 4]; st != want {
			t.Errorf("decision %d: %v, want %v", d, st, want)
		}
	}
	obs := make([]float32, e.Spec().ObsSize())
	e.Observe(obs, 1)
	if got := obsField(t, e.Spec(), obs, "decisions")[0]; got != 1 {
		t.Errorf("decisions = %g at the cap, want 1", got)
	}
}

// TestEnv_JSON checks that the JSON view is the engine's View.
func TestEnv_JSON(t *testing.T) {
	g, err := flickemup.ScenarioFactory("bank-job")(nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = g.Reset(rand.New(rand.NewPCG(1, 1)))
	got, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(g.(*flickemup.Env).Engine().View())
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("MarshalJSON =\n%s\nwant the View\n%s", got, want)
	}
}

// ExampleEnv plays the first moves of a showdown through a Vector, as a bot does: it reasons
// with engine actions and hands their native encodings to the Vector.
func ExampleEnv() {
	reg := env.NewRegistry()
	if err := flickemup.Register(reg); err != nil {
		panic(err)
	}
	factory, err := reg.Lookup(flickemup.ID)
	if err != nil {
		panic(err)
	}
	v, err := env.NewVector(factory, env.Config{NumEnvs: 1, Options: env.Options{"angle_sd": "0", "power_sd": "0"}})
	if err != nil {
		panic(err)
	}
	defer v.Close()
	spec := v.Spec()
	fmt.Println("observation:", spec.ObsSize(), "heads:", spec.NVec(), "dims:", len(spec.Dims))

	b, err := v.Reset(1)
	if err != nil {
		panic(err)
	}
	e := v.Game(0).(*flickemup.Env)
	acts := spec.NewActions(1)
	play := func(a flickemup.Action) {
		if err := e.EncodeAction(acts.At(spec, 0), a); err != nil {
			panic(err)
		}
		if b, err = v.Step(acts); err != nil {
			panic(err)
		}
		fmt.Printf("%v -> seat %d, phase %v\n", a, b.CurrentPlayer[0], e.Engine().Phase())
	}
	play(e.Engine().Legal(nil)[0]) // the round opens with the initiative: lawmen:1
	play(flickemup.Action{Kind: flickemup.ActMove, Velocity: physics.Vec{X: 0, Y: 60}, Facing: math.Pi / 2})
	play(flickemup.Action{Kind: flickemup.ActEndTurn})
	// The outlaws' seat sees its own edge at the bottom: "forward" is +y for it too.
	play(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 3})
	c := e.Engine().Cowboy(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1})
	fmt.Printf("lawmen:1 at y = %.0f cm\n", c.Pos.Y)
	// Output:
	// observation: 884 heads: [12 5 2 2 33 2] dims: 3
	// select 1 -> seat 0, phase act
	// move v=(0,60) facing=1.571 -> seat 0, phase act
	// end-turn -> seat 1, phase select
	// select 3 -> seat 1, phase act
	// lawmen:1 at y = 14 cm
}

// TestEnv_EndKindAndSeats passes every turn of the showdown until noon: the ending's kind is
// its reason without the figures, and the seats are named after the teams.
func TestEnv_EndKindAndSeats(t *testing.T) {
	e := defaultEnv(t)
	if got := env.SeatNames(e); !slices.Equal(got, []string{"lawmen", "outlaws"}) {
		t.Errorf("seat names %q, want lawmen, outlaws", got)
	}
	if err := e.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	if e.EndKind() != "" || e.EndReason() != "" {
		t.Errorf("running game: kind %q, reason %q", e.EndKind(), e.EndReason())
	}
	g := e.Engine()
	for !g.Over() {
		a := g.Legal(nil)[0]
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if g.Phase() == flickemup.PhaseAct {
			if err := g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var ender env.Ender = e
	kind, reason := ender.EndKind(), ender.EndReason()
	if kind != "noon: equal hit points" {
		t.Errorf("kind %q, want %q", kind, "noon: equal hit points")
	}
	if !strings.HasPrefix(reason, kind+" (") || !strings.HasSuffix(reason, " each)") {
		t.Errorf("reason %q does not detail kind %q", reason, kind)
	}
}
