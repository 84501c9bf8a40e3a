package replay_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/dummy"
	"github.com/flickarena/flickarena/replay"
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

// drawnRace is the Race with a drawing.
type drawnRace struct{ env.Game }

func (drawnRace) Drawing() draw.Drawing { return goodDrawing() }

// TestRecorder_Drawing: a Drawer's drawing is written in the header, and read back.
func TestRecorder_Drawing(t *testing.T) {
	g, err := dummy.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		game env.Game
		want bool
	}{{g, false}, {drawnRace{g}, true}} {
		rec := replay.NewRecorder(tt.game, replay.Config{})
		if err := rec.Reset(rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatal(err)
		}
		data, err := replay.Marshal(rec.Replay())
		if err != nil {
			t.Fatal(err)
		}
		r, err := replay.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Header.Drawing != nil; got != tt.want {
			t.Fatalf("drawing in the header: %v, want %v", got, tt.want)
		}
		if !tt.want {
			if bytes.Contains(data, []byte(`"drawing"`)) {
				t.Error("a game without a drawing has a drawing key")
			}
			continue
		}
		want, _ := json.Marshal(goodDrawing())
		got, _ := json.Marshal(r.Header.Drawing)
		if !bytes.Equal(got, want) {
			t.Errorf("drawing read back:\n%s\nwant\n%s", got, want)
		}
	}
}
