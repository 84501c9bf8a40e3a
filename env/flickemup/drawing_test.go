package flickemup_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestEnv_Drawing: the drawing is valid, spans the scenario's table, names the viewer's
// flickemup style, and styles every piece kind of the view to scale.
func TestEnv_Drawing(t *testing.T) {
	e := defaultEnv(t)
	d := e.Drawing()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	tb := e.Engine().Scenario().Table
	if d.Area.Min != [2]float64{} || d.Area.Max != [2]float64{tb.Width, tb.Height} || d.Style != "flickemup" {
		t.Errorf("area %v, style %q: want the table %v and the flickemup style", d.Area, d.Style, tb)
	}
	for _, k := range []physics.Kind{flickemup.KindCowboy, flickemup.KindBullet, flickemup.KindSupportBlock, flickemup.KindDynamite} {
		st, ok := d.Pieces[0].Styles[flickemup.Pieces.Name(k)]
		s := flickemup.Pieces.Spec(k)
		if !ok || st.Radius != s.Radius || st.HalfLength != s.HalfLength || st.Fill == "" {
			t.Errorf("style of %s: %+v, want the catalogue's size and a colour", k, st)
		}
	}
}
