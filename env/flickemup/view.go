package flickemup

import (
	"math"
)

// View is the game seen from the table, as plain data for JSON (the viewer, debugging, logs).
// It shows what every player may see: face-down tokens show no kind, and water shows no
// quality until drunk. Positions are in cm, angles in degrees.
type View struct {
	Scenario    string         `json:"scenario"`
	Hour        int            `json:"hour"`
	HourHat     string         `json:"hour_hat"`
	Round       int            `json:"round"`
	Phase       string         `json:"phase"`
	Team        string         `json:"team"`
	Player      int            `json:"player"`
	Actor       string         `json:"actor,omitempty"`
	ActionsLeft int            `json:"actions_left"`
	Initiative  string         `json:"initiative"`
	Scores      map[string]int `json:"scores"`
	Cowboys     []CowboyView   `json:"cowboys"`
	Buildings   []BuildingView `json:"buildings"`
	Tokens      []TokenView    `json:"tokens"`
	Pieces      []PieceView    `json:"pieces"`
	Result      *ResultView    `json:"result,omitempty"`
}

// CowboyView is one cowboy in a View.
type CowboyView struct {
	ID     string  `json:"id"`
	HP     int     `json:"hp"`
	Alive  bool    `json:"alive"`
	Hat    string  `json:"hat"`
	Played bool    `json:"played"`
	Inside string  `json:"inside,omitempty"`
	Piece  int     `json:"piece"`
	Tokens []int   `json:"tokens"`
	Fallen bool    `json:"fallen"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Facing float64 `json:"facing"`
}

// BuildingView is one building in a View, its door as it stands now (blocks can be pushed).
type BuildingView struct {
	Kind   string  `json:"kind"`
	Left   int     `json:"left_block"`
	Right  int     `json:"right_block"`
	DoorX  float64 `json:"door_x"`
	DoorY  float64 `json:"door_y"`
	Facing float64 `json:"facing"`
	Width  float64 `json:"width"`
	Depth  float64 `json:"depth"`
	Closed bool    `json:"closed"`
}

// TokenView is one token in a View; its index is its id in actions.
type TokenView struct {
	Kind    string  `json:"kind"`
	FaceUp  bool    `json:"face_up"`
	Place   string  `json:"place"`
	Where   string  `json:"where,omitempty"`
	X       float64 `json:"x,omitempty"`
	Y       float64 `json:"y,omitempty"`
	Quality string  `json:"quality,omitempty"`
}

// PieceView is one physics piece in a View.
type PieceView struct {
	Kind   string  `json:"kind"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Angle  float64 `json:"angle"`
	Fallen bool    `json:"fallen,omitempty"`
	Off    bool    `json:"off,omitempty"`
}

// ResultView is the result in a View.
type ResultView struct {
	Winner string `json:"winner"`
	Draw   bool   `json:"draw"`
	Reason string `json:"reason"`
}

// deg converts radians to degrees.
func deg(a float64) float64 { return a * 180 / math.Pi }

// View returns the game as plain data.
func (g *Game) View() View {
	sc := g.lay.sc
	s := g.HitPointsByTeam()
	v := View{
		Scenario:    sc.Name,
		Hour:        g.hour,
		HourHat:     HourHat(g.hour).String(),
		Round:       g.round,
		Phase:       g.phase.String(),
		Team:        g.CurrentTeam().String(),
		Player:      g.Current(),
		ActionsLeft: g.actionsLeft,
		Initiative:  cowboyID(g.initiative).String(),
		Scores:      map[string]int{"lawmen": s[Lawmen], "outlaws": s[Outlaws]},
	}
	if g.actor >= 0 {
		v.Actor = cowboyID(g.actor).String()
	}
	for i, c := range g.cowboys {
		if !c.present {
			continue
		}
		p := g.st.Pieces[g.lay.cowboyPiece[i]]
		cv := CowboyView{ID: cowboyID(i).String(), HP: c.hp, Alive: c.alive, Hat: c.hat.String(), Played: c.played,
			Piece: g.lay.cowboyPiece[i], Tokens: []int{}, Fallen: p.Fallen, X: p.Pos.X, Y: p.Pos.Y, Facing: deg(p.Angle)}
		if c.inside >= 0 {
			cv.Inside = sc.Buildings[c.inside].Kind.String()
		}
		for _, id := range c.inv {
			if id >= 0 {
				cv.Tokens = append(cv.Tokens, id)
			}
		}
		v.Cowboys = append(v.Cowboys, cv)
	}
	for b, d := range g.lay.doors {
		mid, _, front, w := g.doorGeom(b)
		v.Buildings = append(v.Buildings, BuildingView{Kind: sc.Buildings[b].Kind.String(), Left: d.Left, Right: d.Right,
			DoorX: mid.X, DoorY: mid.Y, Facing: deg(front.Angle()), Width: w, Depth: d.Depth, Closed: g.closed(b)})
	}
	for _, t := range g.tokens {
		tv := TokenView{Kind: "hidden", FaceUp: t.faceUp, Place: t.place.String()}
		if t.faceUp || t.place == PlaceCowboy {
			tv.Kind = t.kind.String()
		}
		switch t.place {
		case PlaceBuilding:
			tv.Where = sc.Buildings[t.index].Kind.String()
		case PlaceCowboy:
			tv.Where = cowboyID(t.index).String()
		case PlaceGround:
			tv.X, tv.Y = t.pos.X, t.pos.Y
		case PlaceGone:
			if t.kind == TokenWater {
				tv.Quality = "clean"
				if t.poisoned {
					tv.Quality = "poisoned"
				}
			}
		}
		v.Tokens = append(v.Tokens, tv)
	}
	for _, p := range g.st.Pieces {
		v.Pieces = append(v.Pieces, PieceView{Kind: Pieces.Name(p.Kind), X: p.Pos.X, Y: p.Pos.Y, Angle: deg(p.Angle), Fallen: p.Fallen, Off: p.Off})
	}
	if g.result.Over {
		v.Result = &ResultView{Winner: g.result.Winner.String(), Draw: g.result.Draw, Reason: g.result.Reason}
	}
	return v
}
