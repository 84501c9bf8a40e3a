package race

import "github.com/flickarena/flickarena/draw"

// Geometry of the drawing, in cm of the view (y up): one row per seat, seat 0 at the top,
// and above the rows the power scale with the sweet spot.
const (
	drawRow    = 4.0  // the height of a seat's row
	drawName   = 2.0  // the x of the seats' names
	drawTurn   = -1.0 // the x of the mark of the seat to move
	drawScore  = 8.0  // the x of the scores
	drawDouble = 13.0 // the x of the Double tokens
	drawScaleY = 5.0  // the y of the power scale
	drawScaleX = 10.0 // the x of power 0 on the scale; power ±1 is ±drawScaleX from it
)

// drawSeats are the seats' colours (CSS), by seat.
var drawSeats = [5]string{"#0f766e", "#be185d", "#a16207", "#1e3a8a", "#4d7c0f"}

// Drawing implements replay.Drawer, so that the viewer draws Race: the power scale from -1
// to 1 with the episode's sweet spot, and one row per seat with its name, its score, its
// Double token while it has it, and a mark on the seat to move.
func (e *Env) Drawing() draw.Drawing {
	n := e.cfg.Players
	d := draw.Drawing{
		Area:   draw.Box{Min: [2]float64{-3, -float64(n)*drawRow + 1}, Max: [2]float64{2*drawScaleX + 3, drawScaleY + 3}},
		Scores: []string{"scores"},
		Turn:   []string{"current"},
		Over:   []string{"over"},
	}
	text := func(x, y float64, s string, ink string) {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureText, Points: [][2]float64{{x, y}}, Text: s, Size: 1.2, Ink: ink})
	}
	d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureLine,
		Points: [][2]float64{{0, drawScaleY}, {2 * drawScaleX, drawScaleY}}, Stroke: "#57534e", Width: 0.15})
	text(0, drawScaleY+1.5, "-1", "")
	text(drawScaleX, drawScaleY+1.5, "power", "")
	text(2*drawScaleX, drawScaleY+1.5, "1", "")
	for p := range n {
		d.Seats = append(d.Seats, draw.Seat{Name: e.seats[p], Colour: drawSeats[p]})
		text(drawName, -float64(p)*drawRow, e.seats[p], drawSeats[p])
	}
	circle := func(r float64, fill, label, ink string) draw.PieceStyle {
		return draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "circle", Radius: r}, Fill: fill, Stroke: "#1c1917", Label: label, Ink: ink}
	}
	rows := func(x float64) *draw.Lattice { // one row per seat, by the first "*" or the value
		return &draw.Lattice{Origin: [2]float64{x, 0}, U: [2]float64{0, -drawRow}}
	}
	sweet := draw.PieceSet{Name: "sweet spot", Path: []string{"sweet"}, X: ".",
		Lattice: &draw.Lattice{Origin: [2]float64{drawScaleX, drawScaleY}, U: [2]float64{drawScaleX, 0}},
		Styles:  map[string]draw.PieceStyle{"*": circle(0.6, "#facc15", "", "")}}
	turn := draw.PieceSet{Name: "seat to move", Path: []string{"current"}, X: ".", Lattice: rows(drawTurn),
		Styles: map[string]draw.PieceStyle{"*": circle(0.5, "#0f172a", "", "")}}
	scores := draw.PieceSet{Name: "scores", Path: []string{"scores", "*"}, X: "$0", Lattice: rows(drawScore), Text: ".",
		Styles: map[string]draw.PieceStyle{"*": {PieceShape: draw.PieceShape{Shape: "box", HalfLength: 2.2, HalfWidth: 1.3}, Fill: "#fef3c7", Stroke: "#92400e"}}}
	doubles := draw.PieceSet{Name: "Double tokens", Path: []string{"doubles", "*"}, X: "$0", Lattice: rows(drawDouble), Key: []string{"."},
		Styles: map[string]draw.PieceStyle{"true": circle(1.2, "#e0e7ff", "×2", "#1e1b4b")}}
	d.Pieces = []draw.PieceSet{sweet, turn, scores, doubles}
	return d
}
