package flickago

import (
	"fmt"

	"github.com/flickarena/flickarena/draw"
)

// The colours of the drawing (CSS).
const (
	colourTable     = "#cdb892"
	colourBoard     = "#f3ecd9"
	colourLine      = "#7c2d12"
	colourWhite     = "#f8fafc"
	colourWhiteEdge = "#0f172a"
	colourBlack     = "#1e293b"
	colourBlackEdge = "#020617"
	colourInspector = "#f59e0b"
)

// sectorFill is the tint of a scoring sector of value 1, 2 or 3 (index 0 unused).
var sectorFill = [4]string{"", "#e9dfc4", "#dccba0", "#cdb47c"}

// Drawing implements replay.Drawer: the board of the game (its margin of table, the sectors
// with their values, both headquarters with their start points, the return zones, the centre
// line and the inspectors' stars) and the pieces of the view: each gang's discs on the board
// (T or F, a flipped family disc ringed) and the inspectors in play. Trajectories, when a
// game records them, are in table coordinates: the board shifted by the margin.
func (e *Env) Drawing() draw.Drawing { return drawingOf(e.g.Board(), e.g.Radius()) }

// drawingOf returns the drawing of board b with pieces of radius r (cm).
func drawingOf(b *Board, r float64) draw.Drawing {
	m := b.Margin
	d := draw.Drawing{
		Area:        draw.Box{Min: [2]float64{-m, -m}, Max: [2]float64{b.Width + m, b.Length + m}},
		Background:  colourTable,
		TraceOffset: [2]float64{-m, -m},
		Seats:       []draw.Seat{{Name: "White", Colour: colourWhite}, {Name: "Black", Colour: colourBlack}},
		Scores:      []string{"scores"},
		Turn:        []string{"current"},
		Winner:      []string{"winner"},
		Over:        []string{"over"},
	}
	rect := func(rc Rect, fill, stroke, text string) draw.Feature {
		return draw.Feature{Shape: draw.FeatureRect, Points: [][2]float64{{rc.Min.X, rc.Min.Y}, {rc.Max.X, rc.Max.Y}},
			Fill: fill, Stroke: stroke, Width: 0.15, Text: text, Size: 1.8}
	}
	d.Features = append(d.Features, rect(b.Rect(), colourBoard, "#6b4f2a", ""))
	seat := [NumPlayers]struct{ fill, edge, name string }{
		{"rgba(248, 250, 252, 0.85)", colourWhiteEdge, "White"},
		{"rgba(30, 41, 59, 0.55)", colourBlackEdge, "Black"},
	}
	for p := range NumPlayers {
		for _, s := range b.Sectors[p] {
			for _, rc := range s.Rects {
				d.Features = append(d.Features, rect(rc, sectorFill[s.Value], "rgba(107, 79, 42, 0.5)", fmt.Sprint(s.Value)))
			}
		}
	}
	for p := range NumPlayers {
		d.Features = append(d.Features, rect(b.HQ[p], seat[p].fill, seat[p].edge, ""))
		for _, pt := range b.Points[p] {
			d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureCircle, Points: [][2]float64{{pt.Pos.X, pt.Pos.Y}},
				Radius: r, Stroke: seat[p].edge, Width: 0.12, Dashed: true, Text: pt.Kind.String(), Size: 1.2, Ink: "rgba(15, 23, 42, 0.6)"})
		}
		c := b.Return[p]
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureCircle, Points: [][2]float64{{c.Centre.X, c.Centre.Y}},
			Radius: c.Radius, Fill: "rgba(34, 197, 94, 0.18)", Stroke: seat[p].edge, Width: 0.2, Dashed: true,
			Text: seat[p].name + " returns", Size: 1.1})
	}
	d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureLine,
		Points: [][2]float64{{0, b.CentreY}, {b.Width, b.CentreY}}, Stroke: colourLine, Width: b.LineWidth})
	for _, s := range b.Stars {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureText, Points: [][2]float64{{s.X, s.Y}},
			Text: "★", Size: 2.2, Ink: "#b45309"})
	}
	disc := func(fill, edge, ink, ring, label string) draw.PieceStyle {
		return draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "circle", Radius: r}, Fill: fill, Stroke: edge, Ring: ring, Label: label, Ink: ink}
	}
	discs := draw.PieceSet{
		Name: "discs", Path: []string{"players", "*", "discs", "*"}, When: map[string]string{"place": "board"},
		X: "x", Y: "y", Angle: "angle", Key: []string{"$0", "kind", "flipped"}, Styles: map[string]draw.PieceStyle{},
	}
	for p, c := range [NumPlayers][3]string{{colourWhite, colourWhiteEdge, colourWhiteEdge}, {colourBlack, colourBlackEdge, colourWhite}} {
		for _, k := range []DiscKind{Killer, Family} {
			discs.Styles[fmt.Sprintf("%d/%s/false", p, k)] = disc(c[0], c[1], c[2], "", k.String())
			discs.Styles[fmt.Sprintf("%d/%s/true", p, k)] = disc(c[0], c[1], c[2], "#94a3b8", k.String())
		}
	}
	inspectors := draw.PieceSet{
		Name: "inspectors", Path: []string{"inspectors", "*"}, When: map[string]string{"waiting": "false"},
		X: "x", Y: "y", Angle: "angle",
		Styles: map[string]draw.PieceStyle{"*": disc(colourInspector, "#78350f", "#451a03", "", "I")},
	}
	d.Pieces = []draw.PieceSet{discs, inspectors}
	return d
}
