package envtest

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// CheckFlickOption checks a flicking game's creation option "flick" (env.FlickOptionSpec):
// declared as a string option with the values velocity and aim, velocity by default; the game
// made by f with no option and with flick=velocity has the dims named velocityDims, with
// flick=aim aimDims; any other value is refused.
func CheckFlickOption(t *testing.T, f env.Factory, velocityDims, aimDims []string) {
	t.Helper()
	g, err := f(nil)
	if err != nil {
		t.Fatal(err)
	}
	specs := g.(env.OptionDeclarer).OptionSpecs()
	i := slices.IndexFunc(specs, func(o env.OptionSpec) bool { return o.Key == env.FlickKey })
	if i < 0 {
		t.Fatalf("no option %s in %v", env.FlickKey, specs.Keys())
	}
	if o := specs[i]; o.Type != env.OptionString || o.Default != "velocity" || !slices.Equal(o.Choices, []string{"velocity", "aim"}) {
		t.Errorf("option %s = %+v", env.FlickKey, o)
	}
	dims := func(opts env.Options) []string {
		g, err := f(opts)
		if err != nil {
			t.Fatalf("%v: %v", opts, err)
		}
		var n []string
		for _, d := range g.Spec().Dims {
			n = append(n, d.Name)
		}
		return n
	}
	for _, c := range []struct {
		opts env.Options
		want []string
	}{{nil, velocityDims}, {env.Options{env.FlickKey: "velocity"}, velocityDims}, {env.Options{env.FlickKey: "aim"}, aimDims}} {
		if got := dims(c.opts); !slices.Equal(got, c.want) {
			t.Errorf("%v: dims %v, want %v", c.opts, got, c.want)
		}
	}
	if _, err := f(env.Options{env.FlickKey: "target"}); err == nil {
		t.Errorf("%s=target accepted", env.FlickKey)
	}
}
