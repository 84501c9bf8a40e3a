package replay_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
)

// goodDrawing is a small valid drawing: the race track and the runners (the draw package's
// own tests cover every kind of feature).
func goodDrawing() draw.Drawing {
	return draw.Drawing{
		Area:     draw.Box{Min: [2]float64{0, 0}, Max: [2]float64{100, 10}},
		Features: []draw.Feature{{Shape: draw.FeatureRect, Points: [][2]float64{{0, 0}, {100, 10}}, Fill: "#ddd"}},
		Pieces: []draw.PieceSet{{
			Name: "runners", Path: []string{"runners", "*"}, X: "pos", Y: "lane",
			Styles: map[string]draw.PieceStyle{"*": {PieceShape: draw.PieceShape{Shape: "circle", Radius: 2}, Fill: "#c33"}},
		}},
		Seats: []draw.Seat{{Name: "Runner 1", Colour: "#c33"}, {Name: "Runner 2", Colour: "#33c"}},
	}
}

// undrawnRace is the Race without its drawing (only its env.Game methods).
type undrawnRace struct{ env.Game }

// drawnRace is the Race with another drawing.
type drawnRace struct{ env.Game }

func (drawnRace) Drawing() draw.Drawing { return goodDrawing() }

// TestRecorder_Drawing: a Drawer's drawing is written in the header, and read back.
func TestRecorder_Drawing(t *testing.T) {
	g, err := race.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		game env.Game
		want bool
	}{{undrawnRace{g}, false}, {drawnRace{g}, true}} {
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
