package fliprando

import (
	"fmt"
	"math"

	"github.com/flickarena/flickarena/draw"
)

// Geometry of the drawing, in cm of the view (y up): the board's centre
// vertex is at the origin, the panel of the weather track, the markers and
// the seats' boards at its right.
const (
	// drawSpacing is the distance between neighbouring vertices.
	drawSpacing = 3.0
	// drawRow is the height of a seat's row in the panel.
	drawRow = 6.0
)

// The panel's places, in cm: the weather track, a column at the board's
// right (its first slot and its step down), the markers' column beside it,
// and under the board the seats' rows (the first row, the header above it,
// the columns of a row).
var (
	drawWeather    = [2]float64{24.5, 22}
	drawWeatherDY  = -2.3
	drawMarkers    = [2]float64{33, 16}
	drawMarkersDY  = -6.0
	drawSeatY      = -28.0
	drawHeaderY    = -24.5
	drawColName    = -18.0
	drawColScore   = -12.0
	drawColObst    = -6.5
	drawColMult    = 5.5
	drawColTiles   = 24.0
	drawColTotal   = 44.5
	drawObstDX     = 3.5
	drawMultDX     = 3.5
	drawTilesDX    = 3.0
	drawBoardColor = "#dbe7c9"
)

// The colours of the drawing (CSS): hikers and tokens by colour
// (ColourNames' order), obstacle kinds (KindNames' order), weather effects
// (WeatherNames' order), seats.
var (
	drawColours = [NumColours]string{"#2563eb", "#9ca3af", "#dc2626", "#facc15", "#16a34a", "#7c3aed"}
	drawInks    = [NumColours]string{"#f8fafc", "#111827", "#f8fafc", "#111827", "#f8fafc", "#f8fafc"}
	drawKinds   = [NumKinds]string{"#166534", "#92400e", "#57534e"}
	drawWeathrs = [NumWeathers]string{"#fde047", "#475569", "#fb923c", "#bae6fd", "#60a5fa"}
	drawSeats   = [MaxPlayers]string{"#0f766e", "#be185d", "#a16207", "#1e3a8a", "#4d7c0f"}
)

// drawLabels are the letters of the kinds, the weather effects and the
// tiles on their pieces.
var (
	drawKindLetters    = [NumKinds]string{"T", "L", "R"}
	drawWeatherLetters = [NumWeathers]string{"L", "T", "S", "W", "R"}
	drawTileLetters    = [NumTiles]string{"M", "S", "−", "+", "D", "J"}
)

// Drawing implements replay.Drawer: the hexagonal board (its 169 vertices
// and the paths between them, the 18 token slots), the hikers (each leg
// glides from vertex to vertex), the tokens with the face they show (the
// value face in the token's colour with its points, the obstacle face in
// the kind's colour ringed with the token's), and the panel: the weather
// track with the round counter, the three markers on ×0, ×1, ×2, and per
// seat its score, obstacle tracks, multipliers, tiles (blocked ones grey,
// removed ones gone) and total.
func (e *Env) Drawing() draw.Drawing { return drawingOf(e.g.cfg.Players) }

// boardLattice places vertex (c, r): SE is c+1, N is r−1 (up the screen).
var boardLattice = draw.Lattice{
	U: [2]float64{drawSpacing * math.Sqrt(3) / 2, -drawSpacing / 2},
	V: [2]float64{0, -drawSpacing},
}

// drawAt returns the view coordinates of vertex v.
func drawAt(v Vertex) [2]float64 {
	l := boardLattice
	return [2]float64{float64(v.C)*l.U[0] + float64(v.R)*l.V[0], float64(v.C)*l.U[1] + float64(v.R)*l.V[1]}
}

// drawingOf returns the drawing of a game of n seats.
func drawingOf(n int) draw.Drawing {
	d := draw.Drawing{
		Area:       draw.Box{Min: [2]float64{-21, drawSeatY - float64(n)*drawRow + 2}, Max: [2]float64{48, 25}},
		Background: "#f1ead8",
		Scores:     []string{"seats", "*", "total"},
		Turn:       []string{"seat"},
		Winner:     []string{"winners"},
		Over:       []string{"over"},
		Phase:      []string{"decision"},
	}
	for p := range n {
		d.Seats = append(d.Seats, draw.Seat{Name: fmt.Sprintf("seat %d", p), Colour: drawSeats[p]})
	}
	// The board: a hexagon a little larger than the outer ring, the paths,
	// the vertices, the token slots.
	var hex [][2]float64
	for _, v := range []Vertex{{0, -Radius}, {Radius, -Radius}, {Radius, 0}, {0, Radius}, {-Radius, Radius}, {-Radius, 0}} {
		p := drawAt(v)
		hex = append(hex, [2]float64{p[0] * 1.08, p[1] * 1.08})
	}
	d.Features = append(d.Features, draw.Feature{Shape: draw.FeaturePolygon, Points: hex, Fill: drawBoardColor, Stroke: "#4d7c0f", Width: 0.2})
	path := func(a, b Vertex) {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureLine, Points: [][2]float64{drawAt(a), drawAt(b)}, Stroke: "#a8a29e", Width: 0.1})
	}
	for k := -Radius; k <= Radius; k++ {
		lo, hi := max(-Radius, -Radius-k), min(Radius, Radius-k)
		path(Vertex{lo, k}, Vertex{hi, k}) // along SE–NW: r = k
		path(Vertex{k, lo}, Vertex{k, hi}) // along N–S: c = k
		lo, hi = max(-Radius, k-Radius), min(Radius, k+Radius)
		path(Vertex{lo, k - lo}, Vertex{hi, k - hi}) // along NE–SW: c + r = k
	}
	for _, v := range vertices {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureCircle, Points: [][2]float64{drawAt(v)}, Radius: 0.18, Fill: "#78716c"})
	}
	for s := range NumSlots {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureCircle, Points: [][2]float64{drawAt(slotVertices[s])},
			Radius: 1.45, Stroke: drawKinds[SlotKind(s)], Width: 0.12, Dashed: true})
	}
	// The panel's static marks: the weather track's slots, the markers'
	// slots, the seats' names and the columns' headers.
	text := func(x, y float64, s string, size float64, ink string) {
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureText, Points: [][2]float64{{x, y}}, Text: s, Size: size, Ink: ink})
	}
	text(drawWeather[0], drawWeather[1]+2, "weather", 1.1, "")
	for i := range NumSlotsWeather {
		y := drawWeather[1] + float64(i)*drawWeatherDY
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureRect,
			Points: [][2]float64{{drawWeather[0] - 1.1, y - 1.1}, {drawWeather[0] + 1.1, y + 1.1}}, Stroke: "#78716c", Width: 0.08})
	}
	text(drawMarkers[0]+1, drawMarkers[1]+3, "markers", 1.1, "")
	for x := range NumKinds {
		cy := drawMarkers[1] + float64(x)*drawMarkersDY
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureRect,
			Points: [][2]float64{{drawMarkers[0] - 1.6, cy - 1.6}, {drawMarkers[0] + 1.6, cy + 1.6}}, Stroke: "#78716c", Width: 0.1})
		text(drawMarkers[0]+3, cy, fmt.Sprintf("×%d", x), 1.3, "")
	}
	headers := []struct {
		x    float64
		text string
	}{{drawColScore, "score"}, {drawColObst + drawObstDX, "obstacles"}, {drawColMult + 2*drawMultDX, "multipliers"},
		{drawColTiles + 2.5*drawTilesDX, "tiles"}, {drawColTotal, "total"}}
	for _, h := range headers {
		text(h.x, drawHeaderY, h.text, 1.2, "")
	}
	for p := range n {
		y := drawSeatY - float64(p)*drawRow
		d.Features = append(d.Features, draw.Feature{Shape: draw.FeatureRect,
			Points: [][2]float64{{drawColName - 2.5, y - drawRow/2 + 0.3}, {drawColTotal + 2.8, y + drawRow/2 - 0.3}},
			Fill:   "rgba(255, 255, 255, 0.45)", Stroke: drawSeats[p], Width: 0.15})
		text(drawColName, y, fmt.Sprint(p), 2, drawSeats[p])
	}

	circle := func(r float64, fill, stroke, ring, label, ink string) draw.PieceStyle {
		return draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "circle", Radius: r}, Fill: fill, Stroke: stroke, Ring: ring, Label: label, Ink: ink}
	}
	box := func(hl, hw float64, fill, stroke, label, ink string) draw.PieceStyle {
		return draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "box", HalfLength: hl, HalfWidth: hw}, Fill: fill, Stroke: stroke, Label: label, Ink: ink}
	}
	board := boardLattice
	tokens := draw.PieceSet{Name: "tokens", Path: []string{"tokens", "*"}, Pos: "at", Lattice: &board,
		Key: []string{"colour", "kind", "value"}, Styles: map[string]draw.PieceStyle{}}
	hikers := draw.PieceSet{Name: "hikers", Path: []string{"hikers", "*"}, Pos: ".", Lattice: &board, Key: []string{"$0"},
		Styles: map[string]draw.PieceStyle{}, Glide: true}
	for c := range NumColours {
		for k := range NumKinds {
			key := ColourNames[c] + "/" + KindNames[k]
			tokens.Styles[key+"/true"] = circle(1.2, drawColours[c], "#1c1917", "", fmt.Sprint(KindValue[k]), drawInks[c])
			tokens.Styles[key+"/false"] = circle(1.2, drawKinds[k], "#1c1917", drawColours[c], drawKindLetters[k], "#f8fafc")
		}
		hikers.Styles[ColourNames[c]] = circle(0.95, drawColours[c], "#0c0a09", "#f8fafc", "", "")
	}
	weather := draw.PieceSet{Name: "weather", Path: []string{"weather", "*"}, X: "$0", Key: []string{"."},
		Lattice: &draw.Lattice{Origin: drawWeather, U: [2]float64{0, drawWeatherDY}}, Styles: map[string]draw.PieceStyle{}}
	for w := range NumWeathers {
		weather.Styles[WeatherNames[w]] = circle(0.95, drawWeathrs[w], "#334155", "", drawWeatherLetters[w], "#0f172a")
	}
	counter := draw.PieceSet{Name: "counter", Path: []string{"counter"}, X: ".",
		Lattice: &draw.Lattice{Origin: [2]float64{drawWeather[0] + 2, drawWeather[1]}, U: [2]float64{0, drawWeatherDY}},
		Styles:  map[string]draw.PieceStyle{"*": circle(0.5, "#0f172a", "#0f172a", "", "", "")}}
	markers := draw.PieceSet{Name: "markers", Path: []string{"markers", "*"}, X: "$0", Key: []string{"."},
		Lattice: &draw.Lattice{Origin: drawMarkers, U: [2]float64{0, drawMarkersDY}}, Styles: map[string]draw.PieceStyle{}}
	for k := range NumKinds {
		markers.Styles[KindNames[k]] = circle(1.3, drawKinds[k], "#1c1917", "", drawKindLetters[k], "#f8fafc")
	}
	seats := func(x float64) *draw.Lattice { // one row per seat, by the first "*"
		return &draw.Lattice{Origin: [2]float64{x, drawSeatY}, U: [2]float64{0, -drawRow}}
	}
	table := func(x, dx float64) *draw.Lattice { // seats by rows (first "*"), tracks by columns (second "*")
		return &draw.Lattice{Origin: [2]float64{x, drawSeatY}, U: [2]float64{dx, 0}, V: [2]float64{0, -drawRow}}
	}
	score := draw.PieceSet{Name: "scores", Path: []string{"seats", "*"}, X: "$0", Lattice: seats(drawColScore), Text: "score",
		Styles: map[string]draw.PieceStyle{"*": box(2, 1.3, "#fef3c7", "#92400e", "", "#1c1917")}}
	obstacles := draw.PieceSet{Name: "obstacle tracks", Path: []string{"seats", "*", "obstacles", "*"}, X: "$1", Y: "$0",
		Lattice: table(drawColObst, drawObstDX), Key: []string{"$1"}, Text: ".", Styles: map[string]draw.PieceStyle{}}
	for k := range NumKinds {
		obstacles.Styles[fmt.Sprint(k)] = circle(1.4, drawKinds[k], "#1c1917", "", "", "#f8fafc")
	}
	mult := draw.PieceSet{Name: "multipliers", Path: []string{"seats", "*", "mult", "*"}, X: "$1", Y: "$0",
		Lattice: table(drawColMult, drawMultDX), Text: ".", Styles: map[string]draw.PieceStyle{"*": box(1.4, 1.4, "#e0e7ff", "#3730a3", "", "#1e1b4b")}}
	tiles := draw.PieceSet{Name: "tiles", Path: []string{"seats", "*", "tiles", "*"}, X: "$1", Y: "$0",
		Lattice: table(drawColTiles, drawTilesDX), Key: []string{"$1", "."}, Styles: map[string]draw.PieceStyle{}}
	for t := range NumTiles {
		tiles.Styles[fmt.Sprintf("%d/active", t)] = box(1.25, 1.25, "#fafaf9", "#1c1917", drawTileLetters[t], "#1c1917")
		tiles.Styles[fmt.Sprintf("%d/blocked", t)] = box(1.25, 1.25, "#a8a29e", "#57534e", drawTileLetters[t], "#e7e5e4")
	}
	total := draw.PieceSet{Name: "totals", Path: []string{"seats", "*"}, X: "$0", Lattice: seats(drawColTotal), Text: "total",
		Styles: map[string]draw.PieceStyle{"*": box(2, 1.4, "#1c1917", "#1c1917", "", "#fde68a")}}
	d.Pieces = []draw.PieceSet{tokens, hikers, weather, counter, markers, score, obstacles, mult, tiles, total}
	return d
}
