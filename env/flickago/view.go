package flickago

import "encoding/json"

// The JSON view of a game ([Game.MarshalJSON]), for logs, debugging and viewers. Positions
// are in board coordinates (cm), angles in radians.
type (
	view struct {
		Phase       string              `json:"phase"`
		Current     int                 `json:"current"`
		LastFlicker int                 `json:"last_flicker"`
		Turns       int                 `json:"turns"`
		Over        bool                `json:"over"`
		Truncated   bool                `json:"truncated"`
		Scores      [NumPlayers]int     `json:"scores"`
		Winner      int                 `json:"winner"`
		Players     [NumPlayers]vPlayer `json:"players"`
		Inspectors  []vInspector        `json:"inspectors"`
	}
	vPlayer struct {
		ReserveT int     `json:"reserve_t"`
		ReserveF int     `json:"reserve_f"`
		Discs    []vDisc `json:"discs"`
	}
	vDisc struct {
		ID      int     `json:"id"`
		Kind    string  `json:"kind"`
		Place   string  `json:"place"`
		X       float64 `json:"x"`
		Y       float64 `json:"y"`
		Angle   float64 `json:"angle"`
		Flipped bool    `json:"flipped"`
	}
	vInspector struct {
		ID      int     `json:"id"`
		X       float64 `json:"x"`
		Y       float64 `json:"y"`
		Angle   float64 `json:"angle"`
		Waiting bool    `json:"waiting"`
	}
)

// MarshalJSON returns the position as a JSON object:
//
//	{"phase": "flick", "current": 0, "last_flicker": -1, "turns": 0, "over": false,
//	 "truncated": false, "scores": [0, 0], "winner": -1,
//	 "players": [{"reserve_t": 7, "reserve_f": 5,
//	              "discs": [{"id": 0, "kind": "T", "place": "reserve", "x": 0, "y": 0,
//	                         "angle": 0, "flipped": false}, …]}, …],
//	 "inspectors": [{"id": 0, "x": 10, "y": 36, "angle": 0, "waiting": false}, …]}
//
// Disc coordinates mean something only for discs on the board. The board itself marshals
// as a [Board].
func (g *Game) MarshalJSON() ([]byte, error) {
	st := &g.st
	v := view{
		Phase: st.Phase.String(), Current: st.Current, LastFlicker: st.LastFlicker, Turns: st.Turns,
		Over: st.Phase == PhaseOver, Truncated: st.Truncated, Scores: g.Points(), Winner: g.Winner(),
	}
	for p := range NumPlayers {
		vp := &v.Players[p]
		vp.ReserveT, vp.ReserveF = st.Reserve(p, Killer), st.Reserve(p, Family)
		for d, dc := range st.Discs[p] {
			vp.Discs = append(vp.Discs, vDisc{ID: d, Kind: KindOf(d).String(), Place: dc.Place.String(),
				X: dc.Pos.X, Y: dc.Pos.Y, Angle: dc.Angle, Flipped: dc.Flipped})
		}
	}
	for i, in := range st.Inspectors {
		v.Inspectors = append(v.Inspectors, vInspector{ID: i, X: in.Pos.X, Y: in.Pos.Y, Angle: in.Angle, Waiting: in.Waiting})
	}
	return json.Marshal(v)
}
