package fliprando

import "encoding/json"

// jsonSeat is one seat in the JSON view.
type jsonSeat struct {
	Score     int       `json:"score"`
	Obstacles [3]int    `json:"obstacles"` // tree, log, rock
	Mult      [5]int    `json:"mult"`      // move, swap, dec, inc, draw
	Tiles     [6]string `json:"tiles"`     // move..joker: active, blocked, removed
	Hand      []int     `json:"hand"`
	Played    []int     `json:"played"`
	Total     int       `json:"total"`
}

// jsonToken is one token slot in the JSON view.
type jsonToken struct {
	At     [2]int `json:"at"` // (c, r)
	Kind   string `json:"kind"`
	Colour string `json:"colour"`
	Value  bool   `json:"value"` // the value face shows
}

// MarshalJSON implements env.Game: the whole state, hidden cards included
// (see the package doc, "JSON View").
func (e *Env) MarshalJSON() ([]byte, error) { return e.g.MarshalJSON() }

// MarshalJSON returns the whole state as JSON, hidden cards included.
func (g *Game) MarshalJSON() ([]byte, error) {
	v := struct {
		Game     string            `json:"game"`
		Players  int               `json:"players"`
		Round    int               `json:"round"`
		Counter  int               `json:"counter"`
		Weather  []string          `json:"weather"`
		Markers  [3]string         `json:"markers"` // kind on ×0, ×1, ×2
		Hikers   map[string][2]int `json:"hikers"`
		Tokens   []jsonToken       `json:"tokens"`
		Pile     []int             `json:"pile"` // top first
		Discard  []int             `json:"discard"`
		Seats    []jsonSeat        `json:"seats"`
		First    int               `json:"first"`
		Active   int               `json:"active"`
		Decision string            `json:"decision"`
		Seat     int               `json:"seat"`
		Legal    []string          `json:"legal"`
		Over     bool              `json:"over"`
		Winners  []int             `json:"winners"` // the seats of the highest total once over
	}{
		Game: ID, Players: g.cfg.Players, Round: int(g.round), Counter: int(g.counter),
		Hikers: map[string][2]int{}, First: int(g.first), Active: int(g.active),
		Decision: g.dec.String(), Seat: g.Current(), Over: g.over,
		Discard: g.discard.ids(nil), Winners: []int{},
	}
	if g.over {
		v.Winners = g.Winners()
	}
	for _, wt := range g.weather {
		v.Weather = append(v.Weather, WeatherNames[wt])
	}
	for x, k := range g.markers {
		v.Markers[x] = KindNames[k]
	}
	for c, at := range g.hiker {
		p := VertexAt(int(at))
		v.Hikers[ColourNames[c]] = [2]int{p.C, p.R}
	}
	for s := range NumSlots {
		p := slotVertices[s]
		v.Tokens = append(v.Tokens, jsonToken{At: [2]int{p.C, p.R}, Kind: KindNames[SlotKind(s)], Colour: ColourNames[g.tokColour[s]], Value: g.tokValue[s]})
	}
	for i := int(g.pileN) - 1; i >= 0; i-- {
		v.Pile = append(v.Pile, int(g.pile[i]))
	}
	tileNames := [3]string{"active", "blocked", "removed"}
	for p := range g.cfg.Players {
		pl := &g.players[p]
		s := jsonSeat{Score: pl.score, Hand: pl.hand.ids(nil), Played: pl.played.ids(nil), Total: g.Total(p)}
		for k := range NumKinds {
			s.Obstacles[k] = int(pl.obst[k])
		}
		for k := range NumTracks {
			s.Mult[k] = int(pl.mult[k])
		}
		for t := range NumTiles {
			s.Tiles[t] = tileNames[pl.tiles[t]]
		}
		v.Seats = append(v.Seats, s)
	}
	for _, a := range g.Legal(nil) {
		v.Legal = append(v.Legal, a.String())
	}
	return json.Marshal(v)
}
