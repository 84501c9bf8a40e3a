package physics_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/physics"
	"gonum.org/v1/gonum/stat"
)

func TestNoise_Apply(t *testing.T) {
	v := physics.Vec{X: 0, Y: 200}
	if got := (physics.Noise{}).Apply(v, rand.New(rand.NewPCG(1, 1))); got != v {
		t.Errorf("zero noise changed %v to %v", v, got)
	}
	if got := physics.DefaultNoise.Apply(v, nil); got != v {
		t.Errorf("nil rng changed %v to %v", v, got)
	}
	a := physics.DefaultNoise.Apply(v, rand.New(rand.NewPCG(5, 6)))
	b := physics.DefaultNoise.Apply(v, rand.New(rand.NewPCG(5, 6)))
	if a != b {
		t.Errorf("same seed, different noise: %v vs %v", a, b)
	}
	// The sampled errors have the configured spread: 20,000 samples put the sample standard
	// deviation within 3% of the truth with overwhelming probability.
	n := physics.Noise{AngleSD: 0.05, PowerSD: 0.1}
	rng := rand.New(rand.NewPCG(9, 9))
	angles := make([]float64, 20000)
	powers := make([]float64, len(angles))
	for i := range angles {
		w := n.Apply(v, rng)
		angles[i] = w.Angle() - v.Angle()
		powers[i] = w.Len()/v.Len() - 1
	}
	for _, c := range []struct {
		name     string
		xs       []float64
		wantMean float64
		wantSD   float64
	}{{"angle", angles, 0, n.AngleSD}, {"power", powers, 0, n.PowerSD}} {
		mean, sd := stat.MeanStdDev(c.xs, nil)
		if math.Abs(mean-c.wantMean) > 0.05*c.wantSD || math.Abs(sd-c.wantSD) > 0.03*c.wantSD {
			t.Errorf("%s error: mean %.4f sd %.4f, want mean %.4f sd %.4f", c.name, mean, sd, c.wantMean, c.wantSD)
		}
	}
}

func TestConfig_Validate(t *testing.T) {
	if err := testConfig().Validate(); err != nil {
		t.Fatalf("default config: %v", err)
	}
	tests := []struct {
		name   string
		change func(*physics.Config)
	}{
		{"negative speed", func(c *physics.Config) { c.MaxSpeed = -1 }},
		{"NaN knock", func(c *physics.Config) { c.KnockImpulse = math.NaN() }},
		{"tunnel-unsafe travel", func(c *physics.Config) { c.StepTravel = 3 }},
		{"open travel below step travel", func(c *physics.Config) { c.OpenTravel = c.StepTravel / 2 }},
		{"open travel beyond Box2D's clamp", func(c *physics.Config) { c.OpenTravel = 2 }},
		{"min above max step", func(c *physics.Config) { c.MinStep = 1 }},
		{"no rest steps", func(c *physics.Config) { c.RestSteps = 0 }},
		{"negative noise", func(c *physics.Config) { c.Noise.AngleSD = -0.1 }},
		{"infinite noise", func(c *physics.Config) { c.Noise.PowerSD = math.Inf(1) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := testConfig()
			tt.change(&c)
			if _, err := physics.New(c); err == nil {
				t.Errorf("New accepted %+v", c)
			}
		})
	}
}

// TestCatalogue checks a game's catalogue: names parse back to their kinds, the specs are
// plausible, and NewCatalogue refuses a duplicate name, a bad restitution and no kinds.
func TestCatalogue(t *testing.T) {
	c := testPieces
	for _, k := range c.Kinds() {
		got, err := c.Parse(c.Name(k))
		if err != nil || got != k {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.Name(k), got, err, k)
		}
		s := c.Spec(k)
		if !(s.Mass > 0) || !(s.Extent() > 0) || !(s.TableFriction > 0) || s.Restitution < 0 || s.Restitution > 1 {
			t.Errorf("%v: implausible spec %+v", k, s)
		}
	}
	if _, err := c.Parse("horse"); err == nil {
		t.Error("Parse accepted an unknown kind")
	}
	if c.Valid(0) || c.Valid(physics.Kind(len(c.Kinds())+1)) || c.Name(99) != "kind(99)" {
		t.Error("kinds outside the catalogue are valid or named")
	}
	disc := physics.Spec{Name: "disc", Shape: physics.ShapeCircle, Radius: 1, Height: 1, Mass: 1, TableFriction: 0.3, Restitution: 0.5}
	bouncy := disc
	bouncy.Name, bouncy.Restitution = "bouncy", 1.5
	for name, specs := range map[string][]physics.Spec{
		"duplicate name": {disc, disc},
		"restitution":    {disc, bouncy},
		"no kinds":       nil,
		"no radius":      {{Name: "flat", Shape: physics.ShapeCircle, Height: 1, Mass: 1}},
	} {
		if _, err := physics.NewCatalogue(specs...); !errors.Is(err, physics.ErrCatalogue) {
			t.Errorf("%s: NewCatalogue = %v, want ErrCatalogue", name, err)
		}
	}
	if _, err := physics.New(physics.DefaultConfig()); err == nil {
		t.Error("New accepted a configuration without a catalogue")
	}
}

// TestTestTown_Valid checks the tests' own scene, on which other tests rely: valid, its doors
// framed by blocks, at rest.
func TestTestTown_Valid(t *testing.T) {
	st, doors := testTown()
	if err := st.Validate(testPieces); err != nil {
		t.Fatal(err)
	}
	for i, d := range doors {
		if st.Pieces[d.Left].Kind != kindBlock || st.Pieces[d.Right].Kind != kindBlock {
			t.Errorf("door %d is not framed by two blocks", i)
		}
	}
	// Nothing moves when a piece far from everything is flicked gently: the scene is at rest
	// and no two pieces overlap (an overlap would push them apart when woken).
	s := newSim(t)
	before := st.Clone()
	for i := range st.Pieces {
		out := flick(t, s, st, i, physics.Vec{X: 1e-3})
		for _, j := range out.Moved {
			if j != i {
				t.Errorf("flicking piece %d moved piece %d: they overlap or touch", i, j)
			}
		}
		st.CopyFrom(before)
	}
}
