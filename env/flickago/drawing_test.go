package flickago_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
)

// TestEnv_Drawing: the drawing is valid, spans the board with its margin, puts each
// headquarters in its half, and styles every disc of both gangs and the inspectors.
func TestEnv_Drawing(t *testing.T) {
	e := defaultEnv(t)
	d := e.Drawing()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	b := e.Engine().Board()
	if d.Area.Min != [2]float64{-b.Margin, -b.Margin} || d.Area.Max != [2]float64{b.Width + b.Margin, b.Length + b.Margin} {
		t.Errorf("area %v, want the board grown by its margin %v", d.Area, b.Margin)
	}
	if d.TraceOffset != [2]float64{-b.Margin, -b.Margin} {
		t.Errorf("trace offset %v, want the table's origin in board coordinates", d.TraceOffset)
	}
	if len(d.Seats) != flickago.NumPlayers || d.Seats[0].Name != "White" || d.Seats[1].Name != "Black" {
		t.Errorf("seats %+v", d.Seats)
	}
	rects := 0
	for p := range flickago.NumPlayers {
		for _, s := range b.Sectors[p] {
			rects += len(s.Rects)
		}
	}
	// the board, the sectors, per player its headquarters, start points and return zone, the
	// centre line, the stars
	want := 1 + rects + flickago.NumPlayers*(1+len(b.Points[0])+1) + 1 + flickago.NumInspectors
	if len(d.Features) != want {
		t.Errorf("%d features, want %d", len(d.Features), want)
	}
	if len(d.Pieces) != 2 {
		t.Fatalf("%d piece sets, want discs and inspectors", len(d.Pieces))
	}
	for _, key := range []string{"0/T/false", "0/F/false", "0/F/true", "1/T/false", "1/F/false", "1/F/true"} {
		st, ok := d.Pieces[0].Styles[key]
		if !ok || st.Radius != e.Engine().Radius() {
			t.Errorf("disc style %q: %+v, want one of the discs' radius %v", key, st, e.Engine().Radius())
		}
	}
	if d.Pieces[0].Styles["0/T/false"].Fill == d.Pieces[0].Styles["1/T/false"].Fill {
		t.Error("both gangs' discs have the same colour")
	}
}
