package fliprando_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
)

// TestEnv_Drawing: for every seat count the drawing is valid and has a seat and a row per
// seat; the board's lattice puts the centre vertex at the origin with neighbours one spacing
// apart along the six directions, and its area holds every vertex; every token (colour, kind,
// face), hiker, weather effect, marker and tile state of a real view has a style; and every
// path of the drawing finds its pieces in the view.
func TestEnv_Drawing(t *testing.T) {
	for n := 2; n <= fliprando.MaxPlayers; n++ {
		e, err := newEnv(env.Options{"players": strconv.Itoa(n)})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(rand.New(rand.NewPCG(uint64(n), 9))); err != nil {
			t.Fatal(err)
		}
		d := e.Drawing()
		if err := d.Validate(); err != nil {
			t.Fatalf("%d seats: %v", n, err)
		}
		if len(d.Seats) != n {
			t.Errorf("%d seats: %d in the drawing", n, len(d.Seats))
		}
		sets := map[string]draw.PieceSet{}
		for _, s := range d.Pieces {
			sets[s.Name] = s
		}
		// The board's lattice: neighbours at the spacing, the area around every vertex.
		l := sets["hikers"].Lattice
		// onEdge reports whether a point is drawn on a vertex of the outer ring.
		onEdge := func(p [2]float64) bool {
			for i := range fliprando.NumVertices {
				v := fliprando.VertexAt(i)
				q := [2]float64{l.Origin[0] + float64(v.C)*l.U[0] + float64(v.R)*l.V[0], l.Origin[1] + float64(v.C)*l.U[1] + float64(v.R)*l.V[1]}
				if v.Ring() == fliprando.Radius && math.Hypot(p[0]-q[0], p[1]-q[1]) < 1e-9 {
					return true
				}
			}
			return false
		}
		at := func(v fliprando.Vertex) [2]float64 {
			return [2]float64{l.Origin[0] + float64(v.C)*l.U[0] + float64(v.R)*l.V[0], l.Origin[1] + float64(v.C)*l.U[1] + float64(v.R)*l.V[1]}
		}
		if o := at(fliprando.Vertex{}); o != [2]float64{} {
			t.Errorf("the centre vertex is drawn at %v", o)
		}
		for _, dir := range [][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}} {
			p := at(fliprando.Vertex{C: dir[0], R: dir[1]})
			if dist := math.Hypot(p[0], p[1]); math.Abs(dist-3) > 1e-9 {
				t.Errorf("neighbour %v drawn %v cm from the centre, want 3", dir, dist)
			}
		}
		if p := at(fliprando.Vertex{C: 0, R: -1}); !(p[1] > 0) || math.Abs(p[0]) > 1e-9 {
			t.Errorf("N drawn at %v, want straight up", p)
		}
		for i := range fliprando.NumVertices {
			p := at(fliprando.VertexAt(i))
			if p[0] < d.Area.Min[0] || p[0] > d.Area.Max[0] || p[1] < d.Area.Min[1] || p[1] > d.Area.Max[1] {
				t.Errorf("vertex %v drawn at %v, outside the area %v", fliprando.VertexAt(i), p, d.Area)
			}
		}
		// The board's marks: a dot per vertex, the 45 paths (15 lattice lines along each of
		// three directions) each from edge to edge, a dashed ring per token slot.
		dots, paths, slots := 0, 0, 0
		for _, f := range d.Features {
			switch {
			case f.Shape == draw.FeatureCircle && f.Dashed:
				slots++
			case f.Shape == draw.FeatureCircle:
				dots++
			case f.Shape == draw.FeatureLine:
				paths++
				a, b := f.Points[0], f.Points[len(f.Points)-1]
				if !onEdge(a) || !onEdge(b) {
					t.Errorf("path %v–%v does not run from edge to edge", a, b)
				}
			}
		}
		if dots != fliprando.NumVertices || paths != 45 || slots != fliprando.NumSlots {
			t.Errorf("%d vertex dots, %d paths, %d slot rings; want %d, 45, %d", dots, paths, slots, fliprando.NumVertices, fliprando.NumSlots)
		}
		// Every piece of a real view has a style.
		data, err := e.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Weather []string          `json:"weather"`
			Markers []string          `json:"markers"`
			Hikers  map[string][2]int `json:"hikers"`
			Seats   []struct {
				Tiles []string `json:"tiles"`
			} `json:"seats"`
		}
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		for c := range fliprando.NumColours {
			for k := range fliprando.NumKinds {
				for _, face := range []bool{false, true} {
					key := fmt.Sprintf("%s/%s/%v", fliprando.ColourNames[c], fliprando.KindNames[k], face)
					if _, ok := sets["tokens"].Styles[key]; !ok {
						t.Errorf("no style for token %s", key)
					}
				}
			}
		}
		for c := range v.Hikers {
			if _, ok := sets["hikers"].Styles[c]; !ok {
				t.Errorf("no style for the %s hiker", c)
			}
		}
		if len(v.Hikers) != fliprando.NumColours || len(v.Weather) != fliprando.NumSlotsWeather || len(v.Markers) != fliprando.NumKinds || len(v.Seats) != n {
			t.Errorf("%d seats: the view has %d hikers, %d weather slots, %d markers, %d seats", n, len(v.Hikers), len(v.Weather), len(v.Markers), len(v.Seats))
		}
		for _, w := range fliprando.WeatherNames {
			if _, ok := sets["weather"].Styles[w]; !ok {
				t.Errorf("no style for weather %s", w)
			}
		}
		for _, m := range v.Markers {
			if _, ok := sets["markers"].Styles[m]; !ok {
				t.Errorf("no style for marker %s", m)
			}
		}
		for tile := range fliprando.NumTiles {
			for _, st := range []string{"active", "blocked"} {
				if _, ok := sets["tiles"].Styles[fmt.Sprintf("%d/%s", tile, st)]; !ok {
					t.Errorf("no style for tile %d %s", tile, st)
				}
			}
			if _, ok := sets["tiles"].Styles[fmt.Sprintf("%d/removed", tile)]; ok {
				t.Errorf("tile %d has a style when removed: it would be drawn", tile)
			}
		}
		var root map[string]json.RawMessage
		if err := json.Unmarshal(data, &root); err != nil {
			t.Fatal(err)
		}
		for _, s := range d.Pieces {
			if _, ok := root[s.Path[0]]; !ok {
				t.Errorf("set %q: the view has no %q", s.Name, s.Path[0])
			}
		}
		for _, p := range [][]string{d.Turn, d.Over, d.Winner, d.Scores} {
			if _, ok := root[p[0]]; !ok {
				t.Errorf("the view has no %q", p[0])
			}
		}
		if !sets["hikers"].Glide {
			t.Error("the hikers do not glide")
		}
	}
}
