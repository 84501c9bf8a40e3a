package flickemup

import (
	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/physics"
)

// kindColours are the fill and stroke (CSS) of each piece kind in the drawing.
var kindColours = map[physics.Kind][2]string{
	KindMovementDisc:     {"#d9a866", "#7a4f22"},
	KindBullet:           {"#8d8d8d", "#3f3f3f"},
	KindCowboy:           {"#e8b923", "#1c1917"},
	KindNeutral:          {"#b8b2a7", "#1c1917"},
	KindSupportBlock:     {"#8b5a2b", "#3d240c"},
	KindGallows:          {"#5b3a1a", "#2b1a0a"},
	KindBarrel:           {"#9a6332", "#4a2e14"},
	KindCactus:           {"#3f8f3a", "#1f4d1c"},
	KindFence:            {"#b07d45", "#5b3a1a"},
	KindTumbleweed:       {"#c9a25f", "#a07a3c"},
	KindDynamite:         {"#dc2626", "#7f1d1d"},
	KindWinchesterBarrel: {"#57534e", "#1c1917"},
}

// Drawing implements replay.Drawer: the scenario's table, the teams as seats, and the
// physics pieces of the view (by kind, to scale). It names the viewer's "flickemup" style,
// which draws what this description does not (buildings, cowboys with their team, hat and
// hit points, tokens, the clock); a viewer without it draws the plain pieces.
func (e *Env) Drawing() draw.Drawing {
	t := e.g.Scenario().Table
	set := draw.PieceSet{
		Name: "pieces", Path: []string{"pieces", "*"}, Unless: map[string]string{"off": "true"},
		X: "x", Y: "y", Angle: "angle", AngleUnit: "deg", Index: "$0", Key: []string{"kind"},
		Styles: map[string]draw.PieceStyle{},
	}
	for k, c := range kindColours {
		s := Pieces.Spec(k)
		sh := draw.PieceShape{Shape: s.Shape.String(), Radius: s.Radius, HalfLength: s.HalfLength, HalfWidth: s.HalfWidth, Height: s.Height, Topples: s.Topples}
		set.Styles[Pieces.Name(k)] = draw.PieceStyle{PieceShape: sh, Fill: c[0], Stroke: c[1]}
	}
	return draw.Drawing{
		Area:   draw.Box{Max: [2]float64{t.Width, t.Height}},
		Pieces: []draw.PieceSet{set},
		Seats:  []draw.Seat{{Name: "Lawmen", Colour: "#e8b923"}, {Name: "Outlaws", Colour: "#34302c"}},
		Style:  "flickemup",
	}
}
