package draw_test

import (
	"math"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/draw"
)

// goodDrawing is a small valid drawing.
func goodDrawing() draw.Drawing {
	return draw.Drawing{
		Area: draw.Box{Min: [2]float64{-5, -5}, Max: [2]float64{50, 70}},
		Features: []draw.Feature{
			{Shape: draw.FeatureRect, Points: [][2]float64{{0, 0}, {45, 65}}, Fill: "#eee"},
			{Shape: draw.FeatureCircle, Points: [][2]float64{{10, 10}}, Radius: 3, Stroke: "#000"},
			{Shape: draw.FeatureText, Points: [][2]float64{{20, 20}}, Text: "★"},
		},
		Pieces: []draw.PieceSet{{
			Name: "discs", Path: []string{"players", "*", "discs", "*"}, X: "x", Y: "y", Key: []string{"$0", "kind"},
			Styles: map[string]draw.PieceStyle{"*": {PieceShape: draw.PieceShape{Shape: "circle", Radius: 1.5}, Fill: "#fff"}},
		}},
		Seats: []draw.Seat{{Name: "White", Colour: "#fff"}, {Name: "Black", Colour: "#000"}},
	}
}

func TestDrawing_Validate(t *testing.T) {
	if d := goodDrawing(); d.Validate() != nil {
		err := d.Validate()
		t.Fatalf("a good drawing: %v", err)
	}
	// A row of slots along a lattice's U: X the position of the "*", no Y; a label from the
	// piece itself.
	row := goodDrawing()
	row.Pieces = append(row.Pieces, draw.PieceSet{Name: "weather", Path: []string{"weather", "*"}, X: "$0", Text: ".", Glide: true,
		Lattice: &draw.Lattice{Origin: [2]float64{1, 1}, U: [2]float64{2, 0}}, Key: []string{"."},
		Styles: map[string]draw.PieceStyle{"*": {PieceShape: draw.PieceShape{Shape: "circle", Radius: 1}, Fill: "#fff"}}})
	if err := row.Validate(); err != nil {
		t.Fatalf("a row of slots: %v", err)
	}
	tests := []struct {
		name string
		edit func(d *draw.Drawing)
		want string
	}{
		{"EmptyArea", func(d *draw.Drawing) { d.Area.Max = d.Area.Min }, "area"},
		{"NaNArea", func(d *draw.Drawing) { d.Area.Max[0] = math.NaN() }, "area"},
		{"UnknownShape", func(d *draw.Drawing) { d.Features[0].Shape = "blob" }, `features[0].shape "blob"`},
		{"FewPoints", func(d *draw.Drawing) { d.Features[0].Points = d.Features[0].Points[:1] }, "features[0]: 1 points for a rect"},
		{"InfinitePoint", func(d *draw.Drawing) { d.Features[1].Points[0][1] = math.Inf(1) }, "features[1]: a point is not finite"},
		{"NegativeRadius", func(d *draw.Drawing) { d.Features[1].Radius = -1 }, "features[1]: radius"},
		{"EmptyPathKey", func(d *draw.Drawing) { d.Pieces[0].Path = []string{"players", ""} }, "pieces[0].path"},
		{"NoXY", func(d *draw.Drawing) { d.Pieces[0].X = "" }, "pieces[0]: x and y"},
		{"NoYWithoutLattice", func(d *draw.Drawing) { d.Pieces[0].Y = "" }, "pieces[0]: x and y"},
		{"XBeyondStars", func(d *draw.Drawing) { d.Pieces[0].X = "$2" }, `pieces[0]: "$2": the path has 2`},
		{"TextBeyondStars", func(d *draw.Drawing) { d.Pieces[0].Text = "$5" }, `pieces[0]: "$5"`},
		{"InfiniteLattice", func(d *draw.Drawing) {
			d.Pieces[0].Lattice = &draw.Lattice{U: [2]float64{math.Inf(1), 0}}
		}, "pieces[0].lattice: not finite"},
		{"BadUnit", func(d *draw.Drawing) { d.Pieces[0].AngleUnit = "grad" }, `pieces[0].angle_unit "grad"`},
		{"KeyBeyondStars", func(d *draw.Drawing) { d.Pieces[0].Key = []string{"$2"} }, `pieces[0]: "$2"`},
		{"NoStyles", func(d *draw.Drawing) { d.Pieces[0].Styles = nil }, "pieces[0].styles"},
		{"StyleWithoutSize", func(d *draw.Drawing) {
			d.Pieces[0].Styles["*"] = draw.PieceStyle{PieceShape: draw.PieceShape{Shape: "box"}}
		}, "a box needs half-extents"},
		{"TooManyFeatures", func(d *draw.Drawing) {
			d.Features = make([]draw.Feature, draw.MaxDrawingItems+1)
			for i := range d.Features {
				d.Features[i] = draw.Feature{Shape: draw.FeatureText, Points: [][2]float64{{0, 0}}}
			}
		}, "more than 4096"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := goodDrawing()
			tt.edit(&d)
			err := d.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate = %v, want an error naming %q", err, tt.want)
			}
		})
	}
}
