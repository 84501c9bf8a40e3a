package flickemup

import (
	"github.com/flickarena/flickarena/physics"
	"github.com/flickarena/flickarena/replay"
)

// kindColours are the fill and stroke (CSS) of each piece kind in the drawing.
var kindColours = map[physics.Kind][2]string{
	physics.KindMovementDisc:     {"#d9a866", "#7a4f22"},
	physics.KindBullet:           {"#8d8d8d", "#3f3f3f"},
	physics.KindCowboy:           {"#e8b923", "#1c1917"},
	physics.KindNeutral:          {"#b8b2a7", "#1c1917"},
	physics.KindSupportBlock:     {"#8b5a2b", "#3d240c"},
	physics.KindGallows:          {"#5b3a1a", "#2b1a0a"},
	physics.KindBarrel:           {"#9a6332", "#4a2e14"},
	physics.KindCactus:           {"#3f8f3a", "#1f4d1c"},
	physics.KindFence:            {"#b07d45", "#5b3a1a"},
	physics.KindTumbleweed:       {"#c9a25f", "#a07a3c"},
	physics.KindDynamite:         {"#dc2626", "#7f1d1d"},
	physics.KindWinchesterBarrel: {"#57534e", "#1c1917"},
}

// Drawing implements [replay.Drawer]: the scenario's table, the teams as seats, and the
// physics pieces of the view (by kind, to scale). It names the viewer's "flickemup" style,
// which draws what this description does not (buildings, cowboys with their team, hat and
// hit points, tokens, the clock); a viewer without it draws the plain pieces.
func (e *Env) Drawing() replay.Drawing {
	t := e.g.Scenario().Table
	set := replay.PieceSet{
		Name: "pieces", Path: []string{"pieces", "*"}, Unless: map[string]string{"off": "true"},
		X: "x", Y: "y", Angle: "angle", AngleUnit: "deg", Index: "$0", Key: []string{"kind"},
		Styles: map[string]replay.PieceStyle{},
	}
	for k, c := range kindColours {
		s := physics.SpecOf(k)
		sh := replay.PieceShape{Radius: s.Radius, HalfLength: s.HalfLength, HalfWidth: s.HalfWidth, Height: s.Height, Topples: s.Topples}
		switch s.Shape {
		case physics.ShapeCircle:
			sh.Shape = "circle"
		case physics.ShapeBox:
			sh.Shape = "box"
		case physics.ShapeOctagon:
			sh.Shape = "octagon"
		}
		set.Styles[k.String()] = replay.PieceStyle{PieceShape: sh, Fill: c[0], Stroke: c[1]}
	}
	return replay.Drawing{
		Area:   replay.Box{Max: [2]float64{t.Width, t.Height}},
		Pieces: []replay.PieceSet{set},
		Seats:  []replay.Seat{{Name: "Lawmen", Colour: "#e8b923"}, {Name: "Outlaws", Colour: "#34302c"}},
		Style:  "flickemup",
	}
}

var _ replay.Drawer = (*Env)(nil)
